import { and, count, eq, isNull, sql } from "drizzle-orm";
import { defineDashboardSource, defineServerModule } from "~/platform/module-manifest.server";
import { runAuditChecksAndSendHeads } from "./chain-head-mail.server";
import { runComplianceCron } from "./cron.server";
import type { ComplianceFigures } from "./dashboard-card";
import { complianceItems } from "./schema";

const DAY = 86_400_000;
// The score's weights in SQL (health.ts SEVERITY_WEIGHT): a high-severity duty counts three times a low one.
const weight = sql`case ${complianceItems.severity} when 'high' then 3 when 'low' then 1 else 2 end`;

export const complianceServer = defineServerModule({
  id: "compliance",
  scheduled: [
    { name: "compliance duties, score and reminders", run: runComplianceCron },
    { name: "audit chain sealing, verification and the daily chain head", run: runAuditChecksAndSendHeads },
  ],
  dashboard: defineDashboardSource({
    key: "compliance",
    queries: ({ db, workspaceId, now }) => {
      const todayEnd = Math.floor(now.getTime() / DAY) * DAY + DAY;
      const live = and(eq(complianceItems.workspaceId, workspaceId), isNull(complianceItems.withdrawnAt));
      return [
        db
          .select({
            total: count(),
            completed: sql<number>`coalesce(sum(case when ${complianceItems.completedAt} is not null then 1 else 0 end), 0)`,
            overdue: sql<number>`coalesce(sum(case when ${complianceItems.completedAt} is null and ${complianceItems.dueAt} < ${todayEnd - DAY} then 1 else 0 end), 0)`,
            weightDue: sql<number>`coalesce(sum(case when ${complianceItems.dueAt} < ${todayEnd} then ${weight} else 0 end), 0)`,
            weightOnTime: sql<number>`coalesce(sum(case when ${complianceItems.dueAt} < ${todayEnd} and ${complianceItems.completedAt} < ${complianceItems.dueAt} + ${DAY} then ${weight} else 0 end), 0)`,
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
