/**
 * The arithmetic of the banking charts (issue 16), pure so that it is tested alone and shared by the
 * server (which sums) and the page (which draws): date ranges, the points a balance line is drawn
 * through, and money in and out per category and month. Days are "YYYY-MM-DD", months "YYYY-MM".
 */

/** How far apart the points of a balance line are. */
export type Step = "day" | "week" | "month";

/** At most this many points per line: a year is drawn weekly, ten years monthly. */
export const MAX_POINTS = 120;

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const toMs = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A real calendar day written as YYYY-MM-DD (not 2026-02-30). */
export function isDay(value: string): boolean {
  return DAY.test(value) && fromMs(toMs(value)) === value;
}

export function addDays(day: string, days: number): string {
  return fromMs(toMs(day) + days * DAY_MS);
}

/** Days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((toMs(to) - toMs(from)) / DAY_MS) + 1;
}

/** The last day of the month `day` is in. */
export function monthEnd(day: string): string {
  return fromMs(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0));
}

/** Every month from `from`'s to `to`'s, as "YYYY-MM". */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

/**
 * The range a chart covers unless the person chose one: the last twelve months up to `today`, or the
 * accounts' whole history when it is shorter.
 */
export function defaultRange(today: string, earliest: string | null, chosen: { from?: string; to?: string } = {}): { from: string; to: string } {
  const to = chosen.to ?? today;
  if (chosen.from) return { from: chosen.from, to };
  const yearAgo = `${Number(to.slice(0, 4)) - 1}${to.slice(4, 7)}-01`;
  // From the first of the month eleven months back: twelve whole months of bars, the current one included.
  const twelveMonths = addDays(monthEnd(yearAgo), 1);
  const from = earliest && earliest > twelveMonths && earliest <= to ? earliest : twelveMonths;
  return { from, to };
}

/** Daily points when they fit, else weekly, else monthly. */
export function chooseStep(from: string, to: string, maxPoints = MAX_POINTS): Step {
  const days = daysBetween(from, to);
  if (days <= maxPoints) return "day";
  if (Math.ceil(days / 7) <= maxPoints) return "week";
  return "month";
}

/**
 * The days a balance line is drawn through: the end of each day, week (counted back from `to`, so the
 * last point is today's balance) or month, `to` always last, never more than `maxPoints` (a very long range
 * takes every second, third … month-end).
 */
export function pointDays(from: string, to: string, step: Step, maxPoints = MAX_POINTS): string[] {
  if (from > to) return [];
  if (step === "day" || step === "week") {
    const every = step === "day" ? 1 : 7;
    const count = Math.min(maxPoints, Math.ceil(daysBetween(from, to) / every));
    return Array.from({ length: count }, (_, i) => addDays(to, -(count - 1 - i) * every));
  }
  const ends = monthsBetween(from, to).map((m) => monthEnd(`${m}-01`));
  ends[ends.length - 1] = to;
  const stride = Math.ceil(ends.length / maxPoints);
  // Counted back from the last, so that `to` stays.
  return ends.filter((_, i) => (ends.length - 1 - i) % stride === 0);
}

/**
 * End-of-day balances at `days` (ascending): `start` is the balance before the first movement listed, `movements`
 * the sum of each posting day (ascending). Days before `openedOn` have no balance (null): the account did not exist.
 */
export function balancesAt(days: string[], start: number, movements: { on: string; amountMinor: number }[], openedOn?: string): (number | null)[] {
  let balance = start;
  let next = 0;
  return days.map((day) => {
    while (next < movements.length && movements[next].on <= day) balance += movements[next++].amountMinor;
    return openedOn && day < openedOn ? null : balance;
  });
}

/** Money in and out of one category (null: not yet categorised) in one month, as summed by the server. */
export interface FlowRow {
  month: string;
  category: string | null;
  inMinor: number;
  /** Zero or negative. */
  outMinor: number;
}

/** A part of a split transaction, with its parent's category and amount (which the part replaces). */
export interface SplitPart {
  month: string;
  transactionId: string;
  parentCategory: string | null;
  parentAmountMinor: number;
  category: string;
  amountMinor: number;
}

const bucket = (month: string, category: string | null, amount: number): FlowRow => ({
  month,
  category,
  inMinor: Math.max(amount, 0),
  outMinor: Math.min(amount, 0),
});

/**
 * Split transactions counted by their parts: each parent summed whole in `rows` is taken out once (when
 * `rowsHaveParents`) and each part put in under its own category. Summing whole transactions and mending
 * the few split ones is much quicker than joining every transaction to its parts.
 */
export function withSplits(rows: FlowRow[], parts: SplitPart[], rowsHaveParents: boolean): FlowRow[] {
  const mended = [...rows];
  const seen = new Set<string>();
  for (const part of parts) {
    if (rowsHaveParents && !seen.has(part.transactionId)) {
      seen.add(part.transactionId);
      const parent = bucket(part.month, part.parentCategory, part.parentAmountMinor);
      mended.push({ ...parent, inMinor: -parent.inMinor, outMinor: -parent.outMinor });
    }
    mended.push(bucket(part.month, part.category, part.amountMinor));
  }
  return mended;
}

/** One category's money in and out per month, in the order of the chart's months. */
export interface CategoryFlow {
  category: string | null;
  inMinor: number[];
  outMinor: number[];
  totalInMinor: number;
  totalOutMinor: number;
}

/**
 * Rows summed per month and category (several accounts' rows may name the same pair) into one line per
 * category over `months`, the categories that moved the most money first.
 */
export function categoryFlows(rows: FlowRow[], months: string[]): CategoryFlow[] {
  const index = new Map(months.map((m, i) => [m, i]));
  const byCategory = new Map<string | null, CategoryFlow>();
  for (const row of rows) {
    const i = index.get(row.month);
    if (i === undefined || (row.inMinor === 0 && row.outMinor === 0)) continue;
    let flow = byCategory.get(row.category);
    if (!flow) {
      flow = { category: row.category, inMinor: months.map(() => 0), outMinor: months.map(() => 0), totalInMinor: 0, totalOutMinor: 0 };
      byCategory.set(row.category, flow);
    }
    flow.inMinor[i] += row.inMinor;
    flow.outMinor[i] += row.outMinor;
    flow.totalInMinor += row.inMinor;
    flow.totalOutMinor += row.outMinor;
  }
  const volume = (f: CategoryFlow) => f.totalInMinor - f.totalOutMinor;
  // A category whose only money was a split parent's, now counted by its parts, has nothing left to show.
  const moved = [...byCategory.values()].filter((f) => f.inMinor.some(Boolean) || f.outMinor.some(Boolean));
  return moved.sort((a, b) => volume(b) - volume(a) || String(a.category).localeCompare(String(b.category)));
}

/** The key of the bucket that gathers the smaller categories when there are too many to tell apart by colour. */
export const OTHER = "__other__";

/** The `keep - 1` largest categories as they are and the rest as one OTHER line (all of them when they fit). */
export function largestCategories(flows: CategoryFlow[], keep: number): CategoryFlow[] {
  if (flows.length <= keep) return flows;
  const kept = flows.slice(0, keep - 1);
  const rest = flows.slice(keep - 1);
  const months = rest[0].inMinor.length;
  const other: CategoryFlow = {
    category: OTHER,
    inMinor: Array.from({ length: months }, (_, i) => rest.reduce((sum, f) => sum + f.inMinor[i], 0)),
    outMinor: Array.from({ length: months }, (_, i) => rest.reduce((sum, f) => sum + f.outMinor[i], 0)),
    totalInMinor: rest.reduce((sum, f) => sum + f.totalInMinor, 0),
    totalOutMinor: rest.reduce((sum, f) => sum + f.totalOutMinor, 0),
  };
  return [...kept, other];
}

/** The lowest and highest point of a line, and where it starts and ends (what the chart's description says). */
export function lineStory(days: string[], values: (number | null)[]) {
  const points = days.map((day, i) => ({ day, value: values[i] })).filter((p): p is { day: string; value: number } => p.value !== null);
  if (points.length === 0) return null;
  let low = points[0];
  let high = points[0];
  for (const p of points) {
    if (p.value < low.value) low = p;
    if (p.value > high.value) high = p;
  }
  return { first: points[0], last: points[points.length - 1], low, high };
}
