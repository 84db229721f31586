import { describe, expect, it } from "vitest";
import { moodEmoji, TOUR_STEPS, tourProgress } from "./steps";
import { initialTourState, tourReducer } from "./tour-state";

describe("onboarding tour", () => {
  it("has the spec's ten steps in order", () => {
    expect(TOUR_STEPS.map((s) => s.id)).toEqual([
      "welcome",
      "dashboard",
      "documents",
      "compliance",
      "collaboration",
      "notifications",
      "mobile",
      "video-meetings",
      "financial",
      "complete",
    ]);
  });

  it("computes progress as step number over ten", () => {
    expect(tourProgress(0)).toBe(10);
    expect(tourProgress(4)).toBe(50);
    expect(tourProgress(9)).toBe(100);
  });

  it("falls back to the happy face for an unknown mood", () => {
    expect(moodEmoji("proud")).toBe("🥳");
    expect(moodEmoji("grumpy")).toBe(moodEmoji("happy"));
  });

  it("advances, records visited steps, goes back and stops at the ends", () => {
    let s = tourReducer(initialTourState, { type: "open" });
    expect(s).toEqual({ open: true, index: 0, visited: [] });
    s = tourReducer(s, { type: "previous" });
    expect(s.index).toBe(0);
    s = tourReducer(s, { type: "next" });
    s = tourReducer(s, { type: "next" });
    expect(s.index).toBe(2);
    expect(s.visited).toEqual([0, 1]);
    s = tourReducer(s, { type: "previous" });
    s = tourReducer(s, { type: "next" });
    expect(s.visited).toEqual([0, 1]);
    for (let i = 0; i < 20; i++) s = tourReducer(s, { type: "next" });
    expect(s.index).toBe(9);
    expect(tourReducer(s, { type: "complete" }).open).toBe(false);
  });

  it("closes on skip and on the close icon", () => {
    const open = tourReducer(initialTourState, { type: "open" });
    expect(tourReducer(open, { type: "skip" }).open).toBe(false);
    expect(tourReducer(open, { type: "close" }).open).toBe(false);
  });
});
