import { describe, expect, it } from "vitest";
import { offlineSummary } from "./thread-summary";

const thread = [
  { seq: 1, authorName: "Eleanor Hartwell", body: "Good morning all." },
  { seq: 2, authorName: "James Hartwell", body: "The roofer quoted $18,400 for the repair. Should we approve it before the storm season?" },
  { seq: 3, authorName: "Sophie Hartwell", body: "ok" },
  { seq: 4, authorName: "Eleanor Hartwell", body: "We agreed to vote on it at the meeting on 3 December. I will send the poll." },
  { seq: 5, authorName: "Daniel Hartwell", body: "thanks" },
];

describe("the offline thread summary", () => {
  it("keeps the messages that carry the thread, in order, each quoted with its author and cited by number", () => {
    expect(offlineSummary(thread, 2)).toEqual([
      { text: "James Hartwell: The roofer quoted $18,400 for the repair.", messages: [2] },
      { text: "Eleanor Hartwell: We agreed to vote on it at the meeting on 3 December.", messages: [4] },
    ]);
  });

  it("cites only messages of the thread, never more points than asked", () => {
    const points = offlineSummary(thread);
    expect(points.length).toBe(5);
    for (const p of points) expect(thread.map((m) => m.seq)).toEqual(expect.arrayContaining(p.messages));
    expect(offlineSummary([])).toEqual([]);
  });
});
