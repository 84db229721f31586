import { and, count, eq, isNull, sql } from "drizzle-orm";
import { defineDashboardSource, defineServerModule } from "~/platform/module-manifest.server";
import type { ComplianceFigures } from "./dashboard-card";
import { complianceItems } from "./schema";

export const complianceServer = defineServerModule({
  id: "compliance",
  dashboard: defineDashboardSource({
    key: "compliance",
    queries: ({ db, workspaceId, now }) => [
      db
        .select({
          total: count(),
          completed: sql<number>`coalesce(sum(case when ${complianceItems.completedAt} is not null then 1 else 0 end), 0)`,
          overdue: sql<number>`coalesce(sum(case when ${complianceItems.completedAt} is null and ${complianceItems.dueAt} < ${now.getTime()} then 1 else 0 end), 0)`,
        })
        .from(complianceItems)
        .where(eq(complianceItems.workspaceId, workspaceId)),
      db
        .select({ id: complianceItems.id, title: complianceItems.title, dueAt: complianceItems.dueAt })
        .from(complianceItems)
        .where(and(eq(complianceItems.workspaceId, workspaceId), isNull(complianceItems.completedAt)))
        .orderBy(complianceItems.dueAt)
        .limit(3),
    ],
    read: ([counts, upcoming]): ComplianceFigures => {
      const c = counts[0] ?? { total: 0, completed: 0, overdue: 0 };
      return {
        total: c.total,
        completed: Number(c.completed),
        overdue: Number(c.overdue),
        onTrackPercent: c.total === 0 ? null : Math.round(((c.total - Number(c.overdue)) / c.total) * 100),
        upcoming: upcoming.map((u) => ({ id: u.id, title: u.title, dueAt: u.dueAt.toISOString() })),
      };
    },
  }),
});
