import { describe, expect, it } from "vitest";
import { healthScore } from "./health";

describe("the compliance score", () => {
  it("weighs the duties fallen due by severity and leaves the future out", () => {
    const score = healthScore(
      [
        { dueOn: "2026-01-10", severity: "high", completedOn: "2026-01-09" },
        { dueOn: "2026-02-10", severity: "medium", completedOn: "2026-02-12" },
        { dueOn: "2026-03-10", severity: "low", completedOn: null },
        { dueOn: "2027-03-10", severity: "high", completedOn: null },
      ],
      "2026-06-01",
    );
    // 3 of 6 weight points done on time.
    expect(score).toEqual({ score: 50, due: 3, onTime: 1, late: 1, overdue: 1, weightDue: 6, weightOnTime: 3 });
  });

  it("has no score before anything falls due", () => {
    expect(healthScore([{ dueOn: "2027-01-01", severity: "high", completedOn: null }], "2026-01-01").score).toBeNull();
  });
});
