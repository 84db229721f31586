import { describe, expect, it } from "vitest";
import { countsInScore, dueBounds, isOverdue, itemStatus, reminderLead } from "./due-status";
import { healthScore } from "./health";

const TODAY = "2026-06-10";
const at = (iso: string) => Date.parse(`${iso}T00:00:00.000Z`);

describe("overdue means one thing", () => {
  it("a duty due today is due today, not overdue; yesterday's is overdue; a done one never is", () => {
    expect(isOverdue("2026-06-10", false, TODAY)).toBe(false);
    expect(isOverdue("2026-06-09", false, TODAY)).toBe(true);
    expect(isOverdue("2026-06-09", true, TODAY)).toBe(false);
    expect(itemStatus("2026-06-10", null, TODAY)).toBe("due_soon");
    expect(itemStatus("2026-06-09", null, TODAY)).toBe("overdue");
    expect(itemStatus("2026-06-09", new Date("2026-06-09T12:00:00Z"), TODAY)).toBe("done");
  });

  it("the score does not count an open duty due today against the trust, and its counts add up", () => {
    const score = healthScore(
      [
        { dueOn: "2026-06-10", severity: "high", completedOn: null },
        { dueOn: "2026-06-09", severity: "low", completedOn: null },
        { dueOn: "2026-06-10", severity: "medium", completedOn: "2026-06-10" },
      ],
      TODAY,
    );
    expect(score).toEqual({ score: 67, due: 2, onTime: 1, late: 0, overdue: 1, weightDue: 3, weightOnTime: 2 });
    expect(score.due).toBe(score.onTime + score.late + score.overdue);
  });

  it("the status, the score and the dashboard's SQL bounds agree for every day around today", () => {
    const { overdueBefore, comeBefore } = dueBounds(TODAY);
    for (const dueOn of ["2026-06-08", "2026-06-09", "2026-06-10", "2026-06-11"]) {
      for (const completedOn of [null, "2026-06-10"]) {
        const overdue = itemStatus(dueOn, completedOn ? new Date(`${completedOn}T09:00:00Z`) : null, TODAY) === "overdue";
        // module.server.ts: overdue = open and due_at < overdueBefore.
        expect(completedOn === null && at(dueOn) < overdueBefore).toBe(overdue);
        expect(isOverdue(dueOn, completedOn !== null, TODAY)).toBe(overdue);
        // module.server.ts weightDue: (open and due_at < overdueBefore) or (done and due_at < comeBefore).
        const sqlCounts = (completedOn === null && at(dueOn) < overdueBefore) || (completedOn !== null && at(dueOn) < comeBefore);
        expect(sqlCounts).toBe(countsInScore(dueOn, completedOn, TODAY));
        const scored = healthScore([{ dueOn, severity: "medium", completedOn }], TODAY);
        expect(scored.overdue).toBe(overdue ? 1 : 0);
      }
    }
  });
});

describe("which reminder is owed", () => {
  const leads = [30, 7, 1];
  it("sends a lead time on its day, and still the day after when the cron missed it", () => {
    expect(reminderLead(7, false, leads, false)).toBe(7);
    expect(reminderLead(6, false, leads, false)).toBe(7);
    expect(reminderLead(1, false, leads, false)).toBe(1);
    expect(reminderLead(0, false, leads, false)).toBe(1);
    expect(reminderLead(20, false, leads, false)).toBe(30);
    expect(reminderLead(45, false, leads, false)).toBeNull();
  });

  it("gives an overdue duty one notice, or one a day to those who ask", () => {
    expect(reminderLead(-1, true, leads, false)).toBe(-1);
    expect(reminderLead(-4, true, leads, false)).toBe(-1);
    expect(reminderLead(-4, true, leads, true)).toBe(-4);
  });
});
