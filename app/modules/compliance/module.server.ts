import { and, count, eq, isNull, sql } from "drizzle-orm";
import { defineDashboardSource, defineServerModule } from "~/platform/module-manifest.server";
import { runAuditChecksAndSendHeads } from "./chain-head-mail.server";
import { runComplianceCron } from "./cron.server";
import type { ComplianceFigures } from "./dashboard-card";
import { dueBounds } from "./due-status";
import { complianceItems } from "./schema";
import { complianceExport } from "./export-data.server";

const DAY = 86_400_000;
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
      // The same lines as the pages' (due-status.ts): overdue is open with its day before today's.
      const { overdueBefore, comeBefore } = dueBounds(now.toISOString().slice(0, 10));
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
      ];
    },
    read: ([counts, upcoming]): ComplianceFigures => {
      const c = counts[0] ?? { total: 0, completed: 0, overdue: 0, weightDue: 0, weightOnTime: 0 };
      const weightDue = Number(c.weightDue);
      return {
        total: c.total,
        completed: Number(c.completed),
        overdue: Number(c.overdue),
        // The same score as /compliance-health: of what fell due, the weighted share done on time.
        onTrackPercent: weightDue === 0 ? null : Math.round((Number(c.weightOnTime) / weightDue) * 100),
        upcoming: upcoming.map((u) => ({ id: u.id, title: u.title, dueAt: u.dueAt.toISOString() })),
      };
    },
  }),
});
