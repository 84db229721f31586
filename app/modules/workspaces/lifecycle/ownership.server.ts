import { and, desc, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { notify, recipientsFor } from "~/modules/notifications/service.server";
import { publishDomainEvent } from "~/platform/domain-events.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { memberships, ownershipTransfers, workspaces } from "../schema";

/** An offer neither accepted nor cancelled (declined, withdrawn, or void because someone left). */
export const offerIsOpen = and(isNull(ownershipTransfers.acceptedAt), isNull(ownershipTransfers.cancelledAt));

const fromUser = alias(users, "from_user");
const toUser = alias(users, "to_user");

/**
 * An owner offers the workspace to another member. Nothing changes until that member accepts: ownership carries
 * the power to delete the family's record, so nobody is made an owner without saying yes. One open offer at a time.
 */
export async function offerOwnership(ctx: RequestContext, session: CurrentSession, toUserId: string) {
  const workspace = session.workspace;
  if (!workspace || workspace.role !== "owner") throw new Refusal(403, "errors.ownerOnly");
  if (toUserId === session.user.id) throw new Refusal(409, "errors.transferToSelf");
  const target = await ctx.db
    .select({ role: memberships.role, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, toUserId)))
    .get();
  if (!target) throw new Refusal(404, "errors.memberNotFound");
  if (target.role === "owner") throw new Refusal(409, "errors.alreadyOwner");
  const now = new Date();
  const id = crypto.randomUUID();
  await ctx.db.batch([
    ctx.db
      .update(ownershipTransfers)
      .set({ cancelledAt: now })
      .where(and(eq(ownershipTransfers.workspaceId, workspace.id), offerIsOpen)),
    ctx.db.insert(ownershipTransfers).values({ id, workspaceId: workspace.id, fromUserId: session.user.id, toUserId, createdAt: now }),
  ]);
  await ctx.audit({
    action: "workspace.ownership_offered",
    actorUserId: session.user.id,
    workspaceId: workspace.id,
    targetType: "user",
    targetId: toUserId,
  });
  await notify(ctx, {
    workspaceId: workspace.id,
    type: "ownership_offered",
    recipients: await recipientsFor(ctx.db, [toUserId]),
    metadata: { workspace: workspace.name, by: session.user.name, transferId: id },
  });
  return { id, name: target.name };
}

/** The open offer of the caller's current workspace, for its administrators' page. */
export async function openOfferOf(ctx: RequestContext, workspaceId: string) {
  const row = await ctx.db
    .select({
      id: ownershipTransfers.id,
      toUserId: ownershipTransfers.toUserId,
      toName: toUser.name,
      fromName: fromUser.name,
      createdAt: ownershipTransfers.createdAt,
    })
    .from(ownershipTransfers)
    .innerJoin(toUser, eq(toUser.id, ownershipTransfers.toUserId))
    .innerJoin(fromUser, eq(fromUser.id, ownershipTransfers.fromUserId))
    .where(and(eq(ownershipTransfers.workspaceId, workspaceId), offerIsOpen))
    .orderBy(desc(ownershipTransfers.createdAt))
    .get();
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

/** Offers made to this person, in any of their workspaces, for their profile page. */
export async function offersTo(ctx: RequestContext, userId: string) {
  const rows = await ctx.db
    .select({ id: ownershipTransfers.id, workspaceName: workspaces.name, fromName: fromUser.name, createdAt: ownershipTransfers.createdAt })
    .from(ownershipTransfers)
    .innerJoin(workspaces, eq(workspaces.id, ownershipTransfers.workspaceId))
    .innerJoin(fromUser, eq(fromUser.id, ownershipTransfers.fromUserId))
    .where(and(eq(ownershipTransfers.toUserId, userId), offerIsOpen, isNull(workspaces.deletionRequestedAt)))
    .all();
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * The offered member answers. Accepting makes them an owner and the one who offered a trustee (still
 * administering, no longer able to delete), in one batch; the offer must still be open and its maker still an owner.
 */
export async function answerOwnershipOffer(ctx: RequestContext, session: CurrentSession, transferId: string, accept: boolean) {
  const offer = await ctx.db
    .select({ transfer: ownershipTransfers, workspaceName: workspaces.name })
    .from(ownershipTransfers)
    .innerJoin(workspaces, eq(workspaces.id, ownershipTransfers.workspaceId))
    .where(and(eq(ownershipTransfers.id, transferId), eq(ownershipTransfers.toUserId, session.user.id), isNull(workspaces.deletionRequestedAt)))
    .get();
  if (!offer || offer.transfer.acceptedAt || offer.transfer.cancelledAt) throw new Refusal(404, "errors.offerNotFound");
  const { workspaceId, fromUserId } = offer.transfer;
  const roles = await ctx.db
    .select({ userId: memberships.userId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.workspaceId, workspaceId))
    .all();
  const stillOwner = roles.some((r) => r.userId === fromUserId && r.role === "owner");
  const accepterRole = roles.find((r) => r.userId === session.user.id)?.role;
  const stillMember = accepterRole !== undefined;
  const now = new Date();
  if (!accept || !stillOwner || !stillMember) {
    await ctx.db.update(ownershipTransfers).set({ cancelledAt: now }).where(eq(ownershipTransfers.id, transferId));
    if (accept) throw new Refusal(409, "errors.offerVoid");
    await ctx.audit({ action: "workspace.ownership_declined", actorUserId: session.user.id, workspaceId, targetType: "user", targetId: fromUserId });
    return { accepted: false, workspace: offer.workspaceName };
  }
  await ctx.db.batch([
    ctx.db
      .update(memberships)
      .set({ role: "owner" })
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, session.user.id))),
    ctx.db
      .update(memberships)
      .set({ role: "trustee" })
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, fromUserId))),
    ctx.db.update(ownershipTransfers).set({ acceptedAt: now }).where(eq(ownershipTransfers.id, transferId)),
  ]);
  await ctx.audit({
    action: "workspace.ownership_transferred",
    actorUserId: session.user.id,
    workspaceId,
    targetType: "user",
    targetId: fromUserId,
  });
  // Both roles changed: what was given for the roles they had ends with them (a banking grant, a tax feed).
  const by = session.user.id;
  if (accepterRole && accepterRole !== "owner")
    await publishDomainEvent(ctx.env, "member.role_changed", { workspaceId, userId: session.user.id, from: accepterRole, to: "owner", byUserId: by });
  await publishDomainEvent(ctx.env, "member.role_changed", { workspaceId, userId: fromUserId, from: "owner", to: "trustee", byUserId: by });
  await notify(ctx, {
    workspaceId,
    type: "ownership_transferred",
    recipients: await recipientsFor(ctx.db, [fromUserId]),
    metadata: { workspace: offer.workspaceName, to: session.user.name },
  });
  return { accepted: true, workspace: offer.workspaceName };
}

/** The owner who made an offer takes it back before it is answered. */
export async function withdrawOwnershipOffer(ctx: RequestContext, session: CurrentSession, transferId: string) {
  const workspace = session.workspace;
  if (!workspace || workspace.role !== "owner") throw new Refusal(403, "errors.ownerOnly");
  const row = await ctx.db
    .update(ownershipTransfers)
    .set({ cancelledAt: new Date() })
    .where(and(eq(ownershipTransfers.id, transferId), eq(ownershipTransfers.workspaceId, workspace.id), offerIsOpen))
    .returning({ id: ownershipTransfers.id })
    .get();
  if (!row) throw new Refusal(404, "errors.offerNotFound");
  await ctx.audit({
    action: "workspace.ownership_withdrawn",
    actorUserId: session.user.id,
    workspaceId: workspace.id,
    targetType: "ownership_transfer",
    targetId: transferId,
  });
}
