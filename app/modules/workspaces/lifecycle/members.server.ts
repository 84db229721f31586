import { and, eq, isNull, ne, or } from "drizzle-orm";
import { sessions, users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { notify, recipientsFor } from "~/modules/notifications/service.server";
import { publishDomainEvent } from "~/platform/domain-events.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { canAdminister, INVITABLE_ROLES } from "../roles";
import { offerIsOpen } from "./ownership.server";
import { invitations, memberships, ownershipTransfers, workspaces } from "../schema";

type AssignableRole = (typeof INVITABLE_ROLES)[number];

/** The caller administers the workspace they are in, or is refused (403) with the reason in words. */
export function requireAdministrator(session: CurrentSession) {
  if (!session.workspace || !canAdminister(session.workspace.role)) throw new Refusal(403, "errors.adminOnly");
  return session.workspace;
}

async function membershipOf(ctx: RequestContext, workspaceId: string, userId: string) {
  return ctx.db
    .select({ role: memberships.role, name: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .get();
}

async function ownerCount(ctx: RequestContext, workspaceId: string): Promise<number> {
  const rows = await ctx.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, "owner")))
    .all();
  return rows.length;
}

/**
 * Changes a member's role. Administrators may change anyone but an owner; only an owner changes an owner, and the
 * last owner keeps the role (a workspace always has someone who can delete or hand it on). Ownership itself is
 * given only by a transfer the new owner accepts, never by this.
 */
export async function changeMemberRole(ctx: RequestContext, session: CurrentSession, userId: string, role: AssignableRole) {
  const workspace = requireAdministrator(session);
  const member = await membershipOf(ctx, workspace.id, userId);
  if (!member) throw new Refusal(404, "errors.memberNotFound");
  if (member.role === role) return { role, changed: false };
  if (member.role === "owner") {
    if (workspace.role !== "owner") throw new Refusal(403, "errors.ownersOnlyChangeOwners");
    if ((await ownerCount(ctx, workspace.id)) <= 1) throw new Refusal(409, "errors.lastOwnerDemoted");
  }
  await ctx.db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, userId)));
  await ctx.audit({
    action: "workspace.member_role_changed",
    actorUserId: session.user.id,
    workspaceId: workspace.id,
    targetType: "user",
    targetId: userId,
    metadata: { from: member.role, to: role },
  });
  // What was given for the role they had (a banking grant, a tax calendar feed) ends with it, audited by its domain.
  await publishDomainEvent(ctx.env, "member.role_changed", { workspaceId: workspace.id, userId, from: member.role, to: role, byUserId: session.user.id });
  if (userId !== session.user.id) {
    await notify(ctx, {
      workspaceId: workspace.id,
      type: "member_role_changed",
      recipients: await recipientsFor(ctx.db, [userId]),
      metadata: { workspace: workspace.name, role, by: session.user.name },
    });
  }
  return { role, changed: true };
}

/** An administrator removes someone else (an owner only by an owner, never the last one). */
export async function removeMember(ctx: RequestContext, session: CurrentSession, userId: string) {
  const workspace = requireAdministrator(session);
  if (userId === session.user.id) throw new Refusal(409, "errors.removeSelf");
  const member = await membershipOf(ctx, workspace.id, userId);
  if (!member) throw new Refusal(404, "errors.memberNotFound");
  if (member.role === "owner") {
    if (workspace.role !== "owner") throw new Refusal(403, "errors.ownersOnlyChangeOwners");
    if ((await ownerCount(ctx, workspace.id)) <= 1) throw new Refusal(409, "errors.lastOwnerRemoved");
  }
  await endMembership(ctx, { workspaceId: workspace.id, userId, email: member.email, reason: "removed", byUserId: session.user.id });
  await ctx.audit({
    action: "workspace.member_removed",
    actorUserId: session.user.id,
    workspaceId: workspace.id,
    targetType: "user",
    targetId: userId,
    metadata: { role: member.role },
  });
  // They can no longer open the workspace, so they hear of it by e-mail (their choice for this kind of notice).
  await notify(ctx, {
    workspaceId: workspace.id,
    type: "member_removed",
    recipients: await recipientsFor(ctx.db, [userId]),
    metadata: { workspace: workspace.name, by: session.user.name },
  });
  return { name: member.name };
}

/** The person leaves one of their workspaces (the current one unless said); the last owner must first hand it on or delete it. */
export async function leaveWorkspace(ctx: RequestContext, session: CurrentSession, workspaceId = session.workspace?.id) {
  const workspace = workspaceId ? await workspaceOfMember(ctx, workspaceId, session.user.id) : undefined;
  if (!workspace) throw new Refusal(404, "errors.workspaceNotFound");
  if (workspace.role === "owner" && (await ownerCount(ctx, workspace.id)) <= 1) throw new Refusal(409, "errors.lastOwnerLeaves");
  await endMembership(ctx, {
    workspaceId: workspace.id,
    userId: session.user.id,
    email: session.user.email,
    reason: "left",
    byUserId: session.user.id,
    keepSessionId: session.sessionId,
  });
  await ctx.audit({
    action: "workspace.member_left",
    actorUserId: session.user.id,
    workspaceId: workspace.id,
    targetType: "user",
    targetId: session.user.id,
    metadata: { role: workspace.role },
  });
  return { workspace: workspace.name };
}

async function workspaceOfMember(ctx: RequestContext, workspaceId: string, userId: string) {
  return ctx.db
    .select({ id: workspaces.id, name: workspaces.name, role: memberships.role })
    .from(memberships)
    .innerJoin(workspaces, and(eq(workspaces.id, memberships.workspaceId), isNull(workspaces.deletionRequestedAt)))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .get();
}

/**
 * What ends with a membership: the membership; the person's sessions that are in this workspace (signed out, but
 * the one they leave from, which moves to another of their workspaces); their open sockets in it, closed now; the
 * invitations they sent, or that were sent to them, still pending; ownership offers to or from them; and, through
 * the `member.left` event, what other domains gave them alone (shares, channel seats, votes in open polls, a banking
 * grant, tax calendar feeds).
 */
async function endMembership(
  ctx: RequestContext,
  left: { workspaceId: string; userId: string; email: string; reason: "removed" | "left"; byUserId: string; keepSessionId?: string },
) {
  const { workspaceId, userId } = left;
  const now = new Date();
  const inThisWorkspace = and(eq(sessions.userId, userId), eq(sessions.workspaceId, workspaceId));
  await ctx.db.batch([
    ctx.db.delete(memberships).where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId))),
    // The session they leave from stays: without the membership, its next request falls back to another workspace.
    ctx.db.delete(sessions).where(left.keepSessionId ? and(inThisWorkspace, ne(sessions.id, left.keepSessionId)) : inThisWorkspace),
    ctx.db
      .update(invitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(invitations.workspaceId, workspaceId),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          or(eq(invitations.invitedBy, userId), eq(invitations.email, left.email.toLowerCase())),
        ),
      ),
    ctx.db
      .update(ownershipTransfers)
      .set({ cancelledAt: now })
      .where(
        and(
          eq(ownershipTransfers.workspaceId, workspaceId),
          offerIsOpen,
          or(eq(ownershipTransfers.fromUserId, userId), eq(ownershipTransfers.toUserId, userId)),
        ),
      ),
  ]);
  await publishDomainEvent(ctx.env, "sessions.ended", { userId, workspaceId, reason: "access-ended" });
  await publishDomainEvent(ctx.env, "member.left", { workspaceId, userId, reason: left.reason, byUserId: left.byUserId });
}

/** Every member's id, for notices to everyone in a workspace (its deletion). */
export async function memberIds(ctx: RequestContext, workspaceId: string) {
  const rows = await ctx.db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.workspaceId, workspaceId)).all();
  return rows.map((row) => row.userId);
}
