import { and, count, eq, isNull, type SQL, sql } from "drizzle-orm";
import { defineDashboardSource, defineServerModule } from "~/platform/module-manifest.server";
import { runAuditChecksAndSendHeads } from "./chain-head-mail.server";
import { runComplianceCron } from "./cron.server";
import type { ComplianceFigures } from "./dashboard-card";
import { dueBounds } from "./due-status";
import { complianceItems } from "./schema";
import { dayIn, FEDERAL_JURISDICTION, STATE_ZONES, trustTimeZone } from "./trust-day";
import { complianceExport } from "./export-data.server";

const DAY = 86_400_000;

/** The jurisdiction whose clock the trust keeps, as trustTimeZone picks it: the first state-level one, else federal. */
function trustZoneSql(workspaceId: string) {
  const stored = (condition: SQL) =>
    sql`(select ${complianceItems.jurisdiction} from ${complianceItems} where ${complianceItems.workspaceId} = ${workspaceId} and ${complianceItems.withdrawnAt} is null and ${condition} order by ${complianceItems.jurisdiction} limit 1)`;
  const states = sql.join(
    STATE_ZONES.map(([code]) => sql`${code}`),
    sql`, `,
  );
  return sql<
    string | null
  >`coalesce(${stored(sql`${complianceItems.jurisdiction} in (${states})`)}, ${stored(sql`${complianceItems.jurisdiction} = ${FEDERAL_JURISDICTION}`)})`;
}
// The score's weights in SQL (health.ts SEVERITY_WEIGHT): a high-severity duty counts three times a low one.
const weight = sql`case ${complianceItems.severity} when 'high' then 3 when 'low' then 1 else 2 end`;

export const complianceServer = defineServerModule({
  id: "compliance",
  exportData: complianceExport,
  scheduled: [
    { name: "compliance duties, score and reminders", run: runComplianceCron },
    { name: "audit chain sealing, verification and the daily chain head", run: runAuditChecksAndSendHeads },
  ],
  dashboard: defineDashboardSource({
    key: "compliance",
    queries: ({ db, workspaceId, now }) => {
      // The same lines as the pages' (due-status.ts), on the trust's clock (trust-day.ts): overdue is open with its
      // day before today's there. The clock is chosen in SQL as trustTimeZone does, so the batch stays one round trip.
      const zone = trustZoneSql(workspaceId);
      const bound = (which: "overdueBefore" | "comeBefore") =>
        sql`case ${zone} ${sql.join(
          STATE_ZONES.map(([code, timeZone]) => sql`when ${code} then ${dueBounds(dayIn(now, timeZone))[which]}`),
          sql` `,
        )} when ${FEDERAL_JURISDICTION} then ${dueBounds(dayIn(now, trustTimeZone([FEDERAL_JURISDICTION])))[which]} else ${dueBounds(dayIn(now, "UTC"))[which]} end`;
      const overdueBefore = bound("overdueBefore");
      const comeBefore = bound("comeBefore");
      const done = sql`${complianceItems.completedAt} is not null`;
      const live = and(eq(complianceItems.workspaceId, workspaceId), isNull(complianceItems.withdrawnAt));
      return [
        db
          .select({
            total: count(),
            completed: sql<number>`coalesce(sum(case when ${complianceItems.completedAt} is not null then 1 else 0 end), 0)`,
            overdue: sql<number>`coalesce(sum(case when not (${done}) and ${complianceItems.dueAt} < ${overdueBefore} then 1 else 0 end), 0)`,
            // countsInScore: overdue, or done with its day come (an open duty due today is not counted yet).
            weightDue: sql<number>`coalesce(sum(case when (not (${done}) and ${complianceItems.dueAt} < ${overdueBefore}) or (${done} and ${complianceItems.dueAt} < ${comeBefore}) then ${weight} else 0 end), 0)`,
            weightOnTime: sql<number>`coalesce(sum(case when ${done} and ${complianceItems.dueAt} < ${comeBefore} and ${complianceItems.completedAt} < ${complianceItems.dueAt} + ${DAY} then ${weight} else 0 end), 0)`,
          })
          .from(complianceItems)
          .where(live),
        db
          .select({ id: complianceItems.id, title: complianceItems.title, dueAt: complianceItems.dueAt })
          .from(complianceItems)
          .where(and(live, isNull(complianceItems.completedAt)))
          .orderBy(complianceItems.dueAt)
          .limit(3),
        db.select({ zone }).from(sql`(select 1)`),
      ];
    },
    read: ([counts, upcoming, zoneRow], { now }): ComplianceFigures => {
      const code = zoneRow[0]?.zone ?? null;
      const c = counts[0] ?? { total: 0, completed: 0, overdue: 0, weightDue: 0, weightOnTime: 0 };
      const weightDue = Number(c.weightDue);
      return {
        total: c.total,
        completed: Number(c.completed),
        overdue: Number(c.overdue),
        // The same score as /compliance-health: of what fell due, the weighted share done on time.
        onTrackPercent: weightDue === 0 ? null : Math.round((Number(c.weightOnTime) / weightDue) * 100),
        upcoming: upcoming.map((u) => ({ id: u.id, title: u.title, dueAt: u.dueAt.toISOString() })),
        today: dayIn(now, trustTimeZone([code])),
      };
    },
  }),
});
