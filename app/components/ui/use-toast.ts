import { useEffect, useState, type ReactNode } from "react";
import type { ToastVariant } from "./toast";

/** Spec section 9. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

type Action =
  | { type: "ADD"; toast: ToastData }
  | { type: "UPDATE"; toast: Partial<ToastData> & { id: string } }
  | { type: "DISMISS"; id?: string }
  | { type: "REMOVE"; id?: string };

interface State {
  toasts: ToastData[];
}

const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let memory: State = { toasts: [] };
const listeners = new Set<(state: State) => void>();
let counter = 0;

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: "REMOVE", id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "ADD":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE":
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case "DISMISS":
      return { toasts: state.toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t)) };
    case "REMOVE":
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

function dispatch(action: Action) {
  if (action.type === "DISMISS") {
    for (const t of memory.toasts) if (action.id === undefined || t.id === action.id) scheduleRemoval(t.id);
  }
  memory = reducer(memory, action);
  listeners.forEach((l) => l(memory));
}

export function toast(input: Omit<ToastData, "id" | "open" | "onOpenChange">) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({
    type: "ADD",
    toast: { ...input, id, open: true, onOpenChange: (open) => (open ? undefined : dispatch({ type: "DISMISS", id })) },
  });
  return {
    id,
    dismiss: () => dispatch({ type: "DISMISS", id }),
    update: (next: Partial<ToastData>) => dispatch({ type: "UPDATE", toast: { ...next, id } }),
  };
}

export function useToast() {
  const [state, setState] = useState(memory);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return {
    ...state,
    toast,
    dismiss: (id?: string) => dispatch({ type: "DISMISS", id }),
    remove: (id?: string) => dispatch({ type: "REMOVE", id }),
  };
}
