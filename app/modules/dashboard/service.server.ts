import { and, count, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { auditLog } from "~/modules/audit/schema";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { complianceItems } from "~/modules/compliance/schema";
import { visibleDocuments } from "~/modules/documents/access.server";
import { documents } from "~/modules/documents/schema";
import { seesWholeWorkspace } from "~/modules/workspaces/roles";
import { invitations, memberships } from "~/modules/workspaces/schema";
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

export interface ComplianceSummary {
  total: number;
  completed: number;
  overdue: number;
  /** Share of items done or not yet due; null when the workspace has no items. */
  onTrackPercent: number | null;
  upcoming: { id: string; title: string; dueAt: string }[];
}

/** Everything the dashboard shows, read from the current workspace in one round trip to D1. */
export async function loadDashboard(ctx: RequestContext, session: CurrentSession, now = new Date()) {
  const workspace = session.workspace;
  if (!workspace) return null;
  const wholeWorkspace = seesWholeWorkspace(workspace.role);
  const docsVisible = visibleDocuments(session);
  const since = new Date(now.getTime() - ACTIVITY_WINDOW_DAYS * DAY_MS);
  // Members without a whole-workspace role see their own activity only.
  const activityScope = wholeWorkspace
    ? eq(auditLog.workspaceId, workspace.id)
    : and(eq(auditLog.workspaceId, workspace.id), eq(auditLog.actorUserId, session.user.id));

  const [docCounts, recentDocs, memberRows, pendingInvites, complianceCounts, upcoming, activityCount, activity] = await ctx.db.batch([
    ctx.db
      .select({ status: documents.status, n: count() })
      .from(documents)
      .where(docsVisible)
      .groupBy(documents.status),
    ctx.db
      .select({ id: documents.id, title: documents.title, status: documents.status, type: documents.type, createdAt: documents.createdAt })
      .from(documents)
      .where(docsVisible)
      .orderBy(desc(documents.createdAt))
      .limit(3),
    ctx.db
      .select({ role: memberships.role, n: count() })
      .from(memberships)
      .where(eq(memberships.workspaceId, workspace.id))
      .groupBy(memberships.role),
    ctx.db
      .select({ n: count() })
      .from(invitations)
      .where(
        and(
          eq(invitations.workspaceId, workspace.id),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          gte(invitations.expiresAt, now),
        ),
      ),
    ctx.db
      .select({
        total: count(),
        completed: sql<number>`coalesce(sum(case when ${complianceItems.completedAt} is not null then 1 else 0 end), 0)`,
        overdue: sql<number>`coalesce(sum(case when ${complianceItems.completedAt} is null and ${complianceItems.dueAt} < ${now.getTime()} then 1 else 0 end), 0)`,
      })
      .from(complianceItems)
      .where(eq(complianceItems.workspaceId, workspace.id)),
    ctx.db
      .select({ id: complianceItems.id, title: complianceItems.title, dueAt: complianceItems.dueAt })
      .from(complianceItems)
      .where(and(eq(complianceItems.workspaceId, workspace.id), isNull(complianceItems.completedAt)))
      .orderBy(complianceItems.dueAt)
      .limit(3),
    ctx.db.select({ n: count() }).from(auditLog).where(and(activityScope, gte(auditLog.createdAt, since))),
    ctx.db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        outcome: auditLog.outcome,
        actorName: users.name,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(activityScope)
      .orderBy(desc(auditLog.createdAt))
      .limit(8),
  ]);

  const byStatus = Object.fromEntries(docCounts.map((r) => [r.status, r.n])) as Record<string, number>;
  const documentTotal = docCounts.reduce((sum, r) => sum + r.n, 0);
  const byRole = Object.fromEntries(memberRows.map((r) => [r.role, r.n])) as Record<string, number>;
  const memberTotal = memberRows.reduce((sum, r) => sum + r.n, 0);
  const c = complianceCounts[0] ?? { total: 0, completed: 0, overdue: 0 };
  const compliance: ComplianceSummary = {
    total: c.total,
    completed: Number(c.completed),
    overdue: Number(c.overdue),
    onTrackPercent: c.total === 0 ? null : Math.round(((c.total - Number(c.overdue)) / c.total) * 100),
    upcoming: upcoming.map((u) => ({ id: u.id, title: u.title, dueAt: u.dueAt.toISOString() })),
  };

  return {
    scope: wholeWorkspace ? ("workspace" as const) : ("own" as const),
    documents: {
      total: documentTotal,
      completed: byStatus.completed ?? 0,
      analyzing: byStatus.analyzing ?? 0,
      pending: byStatus.pending ?? 0,
      error: byStatus.error ?? 0,
      recent: recentDocs.map((d) => ({ id: d.id, title: d.title, status: d.status, type: d.type, createdAt: d.createdAt.toISOString() })),
    },
    members: {
      total: memberTotal,
      trustees: (byRole.owner ?? 0) + (byRole.trustee ?? 0) + (byRole.co_trustee ?? 0),
      beneficiaries: byRole.beneficiary ?? 0,
      family: byRole.family_member ?? 0,
      legal: byRole.legal_professional ?? 0,
      pendingInvitations: wholeWorkspace ? (pendingInvites[0]?.n ?? 0) : null,
    },
    compliance,
    activity: {
      windowDays: ACTIVITY_WINDOW_DAYS,
      count: activityCount[0]?.n ?? 0,
      recent: activity.map<ActivityEntry>((a) => ({
        id: a.id,
        action: a.action,
        outcome: a.outcome,
        actorName: a.actorName,
        at: a.createdAt.toISOString(),
      })),
    },
  };
}

export type DashboardData = NonNullable<Awaited<ReturnType<typeof loadDashboard>>>;

