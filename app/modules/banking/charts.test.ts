import { describe, expect, it } from "vitest";
import {
  addDays,
  balancesAt,
  categoryFlows,
  chooseStep,
  daysBetween,
  defaultRange,
  isDay,
  largestCategories,
  lineStory,
  MAX_POINTS,
  monthEnd,
  monthsBetween,
  OTHER,
  pointDays,
  withSplits,
} from "./charts";

describe("chart dates", () => {
  it("counts days and months across month, year and leap-year ends", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(daysBetween("2026-01-01", "2026-12-31")).toBe(365);
    expect(monthEnd("2026-02-10")).toBe("2026-02-28");
    expect(monthEnd("2028-02-10")).toBe("2028-02-29");
    expect(monthsBetween("2025-11-15", "2026-02-01")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(isDay("2026-02-30")).toBe(false);
    expect(isDay("2026-2-3")).toBe(false);
    expect(isDay("2026-02-28")).toBe(true);
  });

  it("defaults to twelve whole months, or the whole history when it is shorter", () => {
    expect(defaultRange("2026-11-24", "2019-05-01")).toEqual({ from: "2025-12-01", to: "2026-11-24" });
    expect(defaultRange("2026-11-24", "2026-09-01")).toEqual({ from: "2026-09-01", to: "2026-11-24" });
    expect(defaultRange("2026-01-10", null)).toEqual({ from: "2025-02-01", to: "2026-01-10" });
    expect(defaultRange("2026-11-24", "2026-09-01", { from: "2026-01-01", to: "2026-06-30" })).toEqual({ from: "2026-01-01", to: "2026-06-30" });
  });
});

describe("balance points", () => {
  it("draws a quarter daily, a year weekly and ten years monthly, never more than the limit", () => {
    expect(chooseStep("2026-09-01", "2026-11-24")).toBe("day");
    expect(chooseStep("2025-12-01", "2026-11-24")).toBe("week");
    expect(chooseStep("2016-12-01", "2026-11-24")).toBe("month");

    const days = pointDays("2026-09-01", "2026-09-05", "day");
    expect(days).toEqual(["2026-09-01", "2026-09-02", "2026-09-03", "2026-09-04", "2026-09-05"]);

    const weeks = pointDays("2025-12-01", "2026-11-24", "week");
    expect(weeks.at(-1)).toBe("2026-11-24");
    expect(weeks[0] >= "2025-12-01").toBe(true);
    expect(weeks.length).toBe(52);
    expect(daysBetween(weeks[0], weeks[1])).toBe(8);

    const months = pointDays("2016-12-01", "2026-11-24", "month");
    expect(months[0]).toBe("2016-12-31");
    expect(months.at(-2)).toBe("2026-10-31");
    expect(months.at(-1)).toBe("2026-11-24");
    expect(months.length).toBe(120);

    const century = pointDays("1927-01-01", "2026-11-24", "month");
    expect(century.length).toBeLessThanOrEqual(MAX_POINTS);
    expect(century.at(-1)).toBe("2026-11-24");
    expect(pointDays("2026-11-25", "2026-11-24", "day")).toEqual([]);
  });

  it("carries each end-of-day balance forward, and has none before the account was opened", () => {
    const movements = [
      { on: "2026-09-02", amountMinor: 500 },
      { on: "2026-09-04", amountMinor: -200 },
      { on: "2026-09-04", amountMinor: -50 },
    ];
    expect(balancesAt(["2026-09-01", "2026-09-02", "2026-09-03", "2026-09-04", "2026-09-05"], 1000, movements)).toEqual([1000, 1500, 1500, 1250, 1250]);
    expect(balancesAt(["2026-08-31", "2026-09-30"], 1000, movements, "2026-09-01")).toEqual([null, 1250]);
    // A weekly point sums every day since the last one.
    expect(balancesAt(["2026-09-03", "2026-09-10"], 0, movements)).toEqual([500, 250]);
  });

  it("tells where a line starts, ends, and its lowest and highest point", () => {
    expect(lineStory(["a", "b", "c", "d"], [null, 5, -2, 9])).toEqual({
      first: { day: "b", value: 5 },
      last: { day: "d", value: 9 },
      low: { day: "c", value: -2 },
      high: { day: "d", value: 9 },
    });
    expect(lineStory(["a"], [null])).toBeNull();
  });
});

describe("money in and out by category", () => {
  const months = ["2026-08", "2026-09", "2026-10"];

  it("sums rows of several accounts per category and month, the busiest category first, uncategorised its own bucket", () => {
    const flows = categoryFlows(
      [
        { month: "2026-09", category: "dividends", inMinor: 124018, outMinor: 0 },
        { month: "2026-09", category: "dividends", inMinor: 1000, outMinor: 0 },
        { month: "2026-09", category: null, inMinor: 0, outMinor: -5000 },
        { month: "2026-10", category: null, inMinor: 700, outMinor: -300 },
        { month: "2026-10", category: "taxes", inMinor: 0, outMinor: -900000 },
        // Outside the months, or nothing moved: left out.
        { month: "2026-11", category: "rent", inMinor: 5, outMinor: 0 },
        { month: "2026-08", category: "rent", inMinor: 0, outMinor: 0 },
      ],
      months,
    );
    expect(flows.map((f) => f.category)).toEqual(["taxes", "dividends", null]);
    expect(flows[1]).toEqual({ category: "dividends", inMinor: [0, 125018, 0], outMinor: [0, 0, 0], totalInMinor: 125018, totalOutMinor: 0 });
    expect(flows[2]).toEqual({ category: null, inMinor: [0, 0, 700], outMinor: [0, -5000, -300], totalInMinor: 700, totalOutMinor: -5300 });
  });

  it("counts a split transaction by its parts: the parent taken out once, each part in its own category and direction", () => {
    const rows = [
      { month: "2026-09", category: null, inMinor: 0, outMinor: -40000 },
      { month: "2026-09", category: "taxes", inMinor: 0, outMinor: -900 },
    ];
    const parts = [
      { month: "2026-09", transactionId: "t1", parentCategory: null, parentAmountMinor: -40000, category: "distribution", amountMinor: -25000 },
      { month: "2026-09", transactionId: "t1", parentCategory: null, parentAmountMinor: -40000, category: "taxes", amountMinor: -15000 },
    ];
    const flows = categoryFlows(withSplits(rows, parts, true), months);
    // The uncategorised parent is gone altogether; its parts are where they belong.
    expect(flows.map((f) => [f.category, f.totalOutMinor])).toEqual([
      ["distribution", -25000],
      ["taxes", -15900],
    ]);
    // A part that brings money in (a refund split off a payment) counts as money in.
    const mixed = withSplits(
      [{ month: "2026-09", category: "repairs", inMinor: 0, outMinor: -100 }],
      [
        { month: "2026-09", transactionId: "t2", parentCategory: "repairs", parentAmountMinor: -100, category: "repairs", amountMinor: -150 },
        { month: "2026-09", transactionId: "t2", parentCategory: "repairs", parentAmountMinor: -100, category: "insurance", amountMinor: 50 },
      ],
      true,
    );
    expect(categoryFlows(mixed, months).map((f) => [f.category, f.totalInMinor, f.totalOutMinor])).toEqual([
      ["repairs", 0, -150],
      ["insurance", 50, 0],
    ]);
    // A beneficiary's rows never held the parent: her part is only added.
    expect(withSplits([], parts.slice(0, 1), false)).toEqual([{ month: "2026-09", category: "distribution", inMinor: 0, outMinor: -25000 }]);
  });

  it("gathers the smaller categories into one bucket when there are more than colours", () => {
    const flows = categoryFlows(
      ["a", "b", "c", "d"].map((category, i) => ({ month: "2026-09", category, inMinor: (4 - i) * 100, outMinor: -i })),
      months,
    );
    expect(largestCategories(flows, 4)).toBe(flows);
    const kept = largestCategories(flows, 3);
    expect(kept.map((f) => f.category)).toEqual(["a", "b", OTHER]);
    expect(kept[2]).toEqual({ category: OTHER, inMinor: [0, 300, 0], outMinor: [0, -5, 0], totalInMinor: 300, totalOutMinor: -5 });
  });
});
