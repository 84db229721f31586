import { and, asc, eq, gte } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import type { ComplianceAccess } from "./access.server";
import { healthScore, type HealthScore } from "./health";
import { isoDay, type ItemView, listItems } from "./items.server";
import { complianceHealthDays } from "./schema";

const DAY = 86_400_000;
/** What "upcoming" covers, and how far back the chart reaches. */
export const UPCOMING_DAYS = 90;
export const HISTORY_DAYS = 180;

export interface ComplianceHealth extends HealthScore {
  today: string;
  overdueItems: ItemView[];
  upcomingItems: ItemView[];
  /** Every item from a month back to a year ahead, for the calendar. */
  calendar: ItemView[];
  history: { day: string; score: number | null }[];
  total: number;
  /** More items than the list holds (`limit`): the score and the lists cover the earliest due only. */
  truncated: boolean;
  limit: number;
}

const scored = (items: ItemView[]) => items.map((item) => ({ dueOn: item.dueOn, severity: item.severity, completedOn: item.completedOn }));

export async function complianceHealth(db: Db, access: ComplianceAccess, now = new Date()): Promise<ComplianceHealth> {
  const [{ items, truncated, limit, today }, history] = await Promise.all([
    listItems(db, access, {}, now),
    db
      .select({ day: complianceHealthDays.day, score: complianceHealthDays.score })
      .from(complianceHealthDays)
      .where(and(eq(complianceHealthDays.workspaceId, access.workspaceId), gte(complianceHealthDays.day, isoDay(new Date(now.getTime() - HISTORY_DAYS * DAY)))))
      .orderBy(asc(complianceHealthDays.day))
      .limit(HISTORY_DAYS + 1),
  ]);
  const score = healthScore(scored(items), today);
  const horizon = isoDay(new Date(now.getTime() + UPCOMING_DAYS * DAY));
  const calendarFrom = isoDay(new Date(now.getTime() - 31 * DAY));
  const calendarTo = isoDay(new Date(now.getTime() + 366 * DAY));
  // Today's score is part of the chart even before the cron has written it.
  const days = history.filter((h) => h.day !== today).concat({ day: today, score: score.score });
  return {
    ...score,
    today,
    total: items.length,
    truncated,
    limit,
    overdueItems: items.filter((item) => item.status === "overdue"),
    upcomingItems: items.filter((item) => item.status !== "done" && item.status !== "overdue" && item.dueOn <= horizon).slice(0, 50),
    calendar: items.filter((item) => item.dueOn >= calendarFrom && item.dueOn <= calendarTo).slice(0, 500),
    history: days,
  };
}

/** The day's score for the chart (the cron writes it once a day; writing it twice keeps the later figure). */
export async function recordHealthDay(db: Db, access: ComplianceAccess, now = new Date()) {
  const { items, today } = await listItems(db, access, {}, now);
  const score = healthScore(scored(items), today);
  const row = { workspaceId: access.workspaceId, day: today, score: score.score, due: score.due, onTime: score.onTime, overdue: score.overdue };
  await db
    .insert(complianceHealthDays)
    .values(row)
    .onConflictDoUpdate({
      target: [complianceHealthDays.workspaceId, complianceHealthDays.day],
      set: { score: row.score, due: row.due, onTime: row.onTime, overdue: row.overdue },
    });
}
