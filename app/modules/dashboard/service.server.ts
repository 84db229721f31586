import { and, count, desc, eq, gte } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { auditLog } from "~/modules/audit/schema";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import type { ComplianceFigures } from "~/modules/compliance/dashboard-card";
import type { DocumentFigures } from "~/modules/documents/dashboard-card";
import { SERVER_MODULES } from "~/modules/registry.server";
import type { MemberFigures } from "~/modules/workspaces/dashboard-cards";
import { seesWholeWorkspace } from "~/modules/workspaces/roles";
import type { DashboardScope } from "~/platform/module-manifest.server";
import type { RequestContext } from "~/platform/request-context.server";

export const ACTIVITY_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ActivityEntry {
  id: string;
  action: string;
  outcome: string;
  actorName: string | null;
  at: string;
}

/** The figures the dashboard's stat tiles read; each is read by its own module (module.server.ts `dashboard`). */
export interface DashboardFigures {
  documents: DocumentFigures;
  members: MemberFigures;
  compliance: ComplianceFigures;
}

const sources = SERVER_MODULES.flatMap((m) => (m.dashboard ? [m.dashboard] : []));

/** Everything the dashboard shows, read from the current workspace in one round trip to D1: every module's figures and the activity. */
export async function loadDashboard(ctx: RequestContext, session: CurrentSession, now = new Date()) {
  const workspace = session.workspace;
  if (!workspace) return null;
  const wholeWorkspace = seesWholeWorkspace(workspace.role);
  const scope: DashboardScope = { db: ctx.db, session, workspaceId: workspace.id, wholeWorkspace, now };
  const since = new Date(now.getTime() - ACTIVITY_WINDOW_DAYS * DAY_MS);
  // Members without a whole-workspace role see their own activity only.
  const activityScope = wholeWorkspace
    ? eq(auditLog.workspaceId, workspace.id)
    : and(eq(auditLog.workspaceId, workspace.id), eq(auditLog.actorUserId, session.user.id));

  const perSource = sources.map((source) => source.queries(scope));
  const activityQueries = [
    ctx.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(activityScope, gte(auditLog.createdAt, since))),
    ctx.db
      .select({ id: auditLog.id, action: auditLog.action, outcome: auditLog.outcome, actorName: users.name, createdAt: auditLog.createdAt })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(activityScope)
      .orderBy(desc(auditLog.createdAt))
      .limit(8),
  ] as const;
  const results = await ctx.db.batch([...activityQueries, ...perSource.flat()] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);

  const [activityCount, activity] = results as unknown as [
    { n: number }[],
    { id: string; action: string; outcome: string; actorName: string | null; createdAt: Date }[],
  ];
  let offset = activityQueries.length;
  const figures: Record<string, unknown> = {};
  sources.forEach((source, index) => {
    const size = perSource[index].length;
    figures[source.key] = source.read(results.slice(offset, offset + size), scope);
    offset += size;
  });

  return {
    scope: wholeWorkspace ? ("workspace" as const) : ("own" as const),
    ...(figures as unknown as DashboardFigures),
    activity: {
      windowDays: ACTIVITY_WINDOW_DAYS,
      count: activityCount[0]?.n ?? 0,
      recent: activity.map<ActivityEntry>((a) => ({ id: a.id, action: a.action, outcome: a.outcome, actorName: a.actorName, at: a.createdAt.toISOString() })),
    },
  };
}

export type DashboardData = NonNullable<Awaited<ReturnType<typeof loadDashboard>>>;
