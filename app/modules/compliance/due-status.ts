/**
 * What "overdue" means, in one place: a due day is a date without a time (`yyyy-mm-dd`), and a duty is overdue
 * when it is still open and its day is before today's. A duty due today is due today, not overdue. The item's
 * status, the score, the dashboard's SQL and the reminders all use these. Pure.
 */
const DAY = 86_400_000;

export type ItemStatus = "done" | "overdue" | "due_soon" | "upcoming";

/** Days ahead within which an open duty is "due soon". */
export const DUE_SOON_DAYS = 30;

export function isOverdue(dueOn: string, done: boolean, today: string): boolean {
  return !done && dueOn < today;
}

/**
 * Counts towards the score: overdue, or done and its day has come. An open duty due today is not held against
 * the trust until tomorrow, and so "fallen due" = done on time + done late + overdue.
 */
export function countsInScore(dueOn: string, completedOn: string | null, today: string): boolean {
  return isOverdue(dueOn, completedOn !== null, today) || (completedOn !== null && dueOn <= today);
}

export function itemStatus(dueOn: string, completedAt: Date | null, today: string): ItemStatus {
  if (completedAt) return "done";
  if (isOverdue(dueOn, false, today)) return "overdue";
  return (Date.parse(dueOn) - Date.parse(today)) / DAY <= DUE_SOON_DAYS ? "due_soon" : "upcoming";
}

/**
 * The same lines for SQL over `due_at`, stored as the due day at 00:00 UTC: overdue is `due_at < overdueBefore`,
 * a day that has come is `due_at < comeBefore` (today included).
 */
export function dueBounds(today: string): { overdueBefore: number; comeBefore: number } {
  const start = Date.parse(`${today}T00:00:00.000Z`);
  return { overdueBefore: start, comeBefore: start + DAY };
}

/**
 * The reminder a duty `days` away is owed, as the key it is sent once under, or null. A lead time is owed from its
 * day on, not only on that day, so a cron that missed a day still sends it on the next: the tightest lead not yet
 * passed. An overdue duty gets one notice (-1), or one a day (its negative day count) for those who ask.
 */
export function reminderLead(days: number, overdue: boolean, leadDays: readonly number[], overdueDaily: boolean): number | null {
  if (overdue) return overdueDaily ? days : -1;
  const owed = leadDays.filter((lead) => lead >= 0 && lead >= days);
  return owed.length ? Math.min(...owed) : null;
}
