import { TOUR_LENGTH } from "./steps";

/** The tour's state machine (spec section 4), kept pure so it can be tested without a browser. */
export interface TourState {
  open: boolean;
  index: number;
  visited: number[];
}

export type TourEvent = { type: "open" } | { type: "next" } | { type: "previous" } | { type: "complete" } | { type: "skip" } | { type: "close" };

export const initialTourState: TourState = { open: false, index: 0, visited: [] };

export function tourReducer(state: TourState, event: TourEvent): TourState {
  switch (event.type) {
    case "open":
      return { open: true, index: 0, visited: [] };
    case "next":
      if (state.index >= TOUR_LENGTH - 1) return state;
      return { ...state, index: state.index + 1, visited: state.visited.includes(state.index) ? state.visited : [...state.visited, state.index] };
    case "previous":
      return { ...state, index: Math.max(0, state.index - 1) };
    case "complete":
    case "skip":
    case "close":
      return { ...state, open: false };
  }
}
