/**
 * The compliance score, honest and explained: of the duties that have fallen due, the share done by their due
 * date, each weighted by its severity (a missed notice to the beneficiaries counts three times a late reminder
 * letter). Duties not yet due do not count either way (an open one due today is not late yet: due-status.ts);
 * with none due there is no score, not 100%. Pure.
 */
import { countsInScore } from "./due-status";

export const SEVERITY_WEIGHT = { high: 3, medium: 2, low: 1 } as const;
export type SeverityLevel = keyof typeof SEVERITY_WEIGHT;

export interface ScoredItem {
  dueOn: string;
  severity: SeverityLevel;
  completedOn: string | null;
}

export interface HealthScore {
  /** 0–100, or null when nothing has fallen due yet. */
  score: number | null;
  due: number;
  onTime: number;
  late: number;
  overdue: number;
  /** The weights behind the score, so the page can say how it was reached. */
  weightDue: number;
  weightOnTime: number;
}

export function healthScore(items: readonly ScoredItem[], today: string): HealthScore {
  let due = 0;
  let onTime = 0;
  let late = 0;
  let overdue = 0;
  let weightDue = 0;
  let weightOnTime = 0;
  for (const item of items) {
    if (!countsInScore(item.dueOn, item.completedOn, today)) continue;
    const weight = SEVERITY_WEIGHT[item.severity] ?? SEVERITY_WEIGHT.medium;
    due += 1;
    weightDue += weight;
    if (item.completedOn === null) overdue += 1;
    else if (item.completedOn <= item.dueOn) {
      onTime += 1;
      weightOnTime += weight;
    } else late += 1;
  }
  return { score: weightDue === 0 ? null : Math.round((weightOnTime / weightDue) * 100), due, onTime, late, overdue, weightDue, weightOnTime };
}
