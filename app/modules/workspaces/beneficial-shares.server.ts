import { and, asc, eq, ne } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { auditRow } from "~/modules/audit/audit.server";
import { auditLog } from "~/modules/audit/schema";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { canAdminister } from "./roles";
import { memberships } from "./schema";

/**
 * Each member's beneficial interest in the trust, in basis points: the admin page records it and
 * weighted polls count votes by it. Its refusals are `Refusal`s (docs/decisions/0018) whose keys are
 * the polls' messages, where they were written first: the callers translate them with `pollsT`.
 */

/** Members and their beneficial shares, for the poll form (chosen people) and the admin page. */
export async function workspaceVoters(db: Db, session: CurrentSession) {
  if (!session.workspace) return [];
  return db
    .select({ userId: memberships.userId, name: users.name, role: memberships.role, shareBp: memberships.beneficialShareBp })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, session.workspace.id), ne(memberships.role, "viewer")))
    .orderBy(asc(users.name));
}

/** Owners and trustees record each member's beneficial interest (basis points), which weighs votes. */
export async function setBeneficialShare(ctx: RequestContext, session: CurrentSession, userId: string, shareBp: number | null) {
  if (!session.workspace || !canAdminister(session.workspace.role)) throw new Refusal(403, "errors.sharesForbidden");
  if (shareBp !== null && (!Number.isInteger(shareBp) || shareBp < 0 || shareBp > 10_000)) throw new Refusal(400, "errors.shareInvalid");
  const members = await ctx.db
    .select({ userId: memberships.userId, shareBp: memberships.beneficialShareBp })
    .from(memberships)
    .where(eq(memberships.workspaceId, session.workspace.id));
  if (!members.some((m) => m.userId === userId)) throw new Refusal(404, "errors.notAMember");
  const others = members.filter((m) => m.userId !== userId).reduce((sum, m) => sum + (m.shareBp ?? 0), 0);
  if (others + (shareBp ?? 0) > 10_000) throw new Refusal(400, "errors.sharesOver100", { left: ((10_000 - others) / 100).toString() });
  await ctx.db.batch([
    ctx.db
      .update(memberships)
      .set({ beneficialShareBp: shareBp })
      .where(and(eq(memberships.workspaceId, session.workspace.id), eq(memberships.userId, userId))),
    ctx.db.insert(auditLog).values(
      auditRow({
        action: "member.share_set",
        workspaceId: session.workspace.id,
        actorUserId: session.user.id,
        targetType: "user",
        targetId: userId,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        metadata: { shareBp },
      }),
    ),
  ]);
}
