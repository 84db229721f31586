import { and, count, eq, gte, isNull } from "drizzle-orm";
import { defineDashboardSource, defineServerModule } from "~/platform/module-manifest.server";
import type { MemberFigures } from "./dashboard-cards";
import { purgeDeletedWorkspaces } from "./lifecycle/purge.server";
import { invitations, memberships } from "./schema";

export const workspacesServer = defineServerModule({
  id: "workspaces",
  // Workspaces whose 30 days of grace are over: their files and rows go, a budget's worth per run.
  scheduled: [{ name: "purge deleted workspaces", run: (env, now) => purgeDeletedWorkspaces(env, now) }],
  dashboard: defineDashboardSource({
    key: "members",
    queries: ({ db, workspaceId, now }) => [
      db.select({ role: memberships.role, n: count() }).from(memberships).where(eq(memberships.workspaceId, workspaceId)).groupBy(memberships.role),
      db
        .select({ n: count() })
        .from(invitations)
        .where(and(eq(invitations.workspaceId, workspaceId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gte(invitations.expiresAt, now))),
    ],
    read: ([roleRows, pending], { wholeWorkspace }): MemberFigures => {
      const byRole = Object.fromEntries(roleRows.map((r) => [r.role, r.n])) as Record<string, number>;
      return {
        total: roleRows.reduce((sum, r) => sum + r.n, 0),
        trustees: (byRole.owner ?? 0) + (byRole.trustee ?? 0) + (byRole.co_trustee ?? 0),
        beneficiaries: byRole.beneficiary ?? 0,
        family: byRole.family_member ?? 0,
        legal: byRole.legal_professional ?? 0,
        // Invitations are the administrators' business.
        pendingInvitations: wholeWorkspace ? (pending[0]?.n ?? 0) : null,
      };
    },
  }),
});
