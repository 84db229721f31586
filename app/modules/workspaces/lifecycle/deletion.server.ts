import { and, asc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { sessions } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { notify, recipientsFor } from "~/modules/notifications/service.server";
import { publishDomainEvent } from "~/platform/domain-events.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { memberships, workspaces } from "../schema";
import { memberIds } from "./members.server";

/** How long a deleted workspace can still be restored by its owners before the cron purges it. */
export const DELETION_GRACE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An owner deletes the workspace, typing its name to confirm. It closes at once for everyone (their sessions move
 * to another workspace, their sockets in it close) and stays restorable by its owners for 30 days; then the cron
 * purges its rows and files. Every member is told, with the date it will be gone.
 */
export async function requestWorkspaceDeletion(ctx: RequestContext, session: CurrentSession, typedName: string) {
  const workspace = session.workspace;
  if (!workspace || workspace.role !== "owner") throw new Refusal(403, "errors.ownerOnly");
  if (typedName.trim() !== workspace.name.trim())
    throw new Refusal(400, "errors.deleteNameMismatch", { name: workspace.name }, { confirmName: "errors.deleteNameMismatch" });
  const now = new Date();
  const purgeAfter = new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
  const members = await memberIds(ctx, workspace.id);
  await ctx.db.batch([
    ctx.db
      .update(workspaces)
      .set({ deletionRequestedAt: now, deletionRequestedBy: session.user.id, purgeAfter })
      .where(and(eq(workspaces.id, workspace.id), isNull(workspaces.deletionRequestedAt))),
    // Every session in it finds another of its person's workspaces (or none) on its next request.
    ctx.db.update(sessions).set({ workspaceId: null }).where(eq(sessions.workspaceId, workspace.id)),
  ]);
  const entry = { actorUserId: session.user.id, targetType: "workspace", targetId: workspace.id, metadata: { purgeAfter: purgeAfter.toISOString() } };
  await ctx.audit({ action: "workspace.deletion_requested", workspaceId: workspace.id, ...entry });
  // Also outside the workspace: its own chain is purged with it.
  await ctx.audit({ action: "workspace.deletion_requested", workspaceId: null, ...entry });
  await Promise.all(members.map((userId) => publishDomainEvent(ctx.env, "sessions.ended", { userId, workspaceId: workspace.id, reason: "access-ended" })));
  await notify(ctx, {
    workspaceId: workspace.id,
    type: "workspace_deletion_scheduled",
    recipients: await recipientsFor(ctx.db, members),
    metadata: { workspace: workspace.name, by: session.user.name, purgeAfter: purgeAfter.toISOString() },
  });
  return { purgeAfter };
}

/** Workspaces this person owns that are waiting to be purged, so they can restore them. */
export async function deletionsAwaitingPurge(ctx: RequestContext, userId: string) {
  const rows = await ctx.db
    .select({ id: workspaces.id, name: workspaces.name, deletionRequestedAt: workspaces.deletionRequestedAt, purgeAfter: workspaces.purgeAfter })
    .from(workspaces)
    .innerJoin(memberships, and(eq(memberships.workspaceId, workspaces.id), eq(memberships.userId, userId), eq(memberships.role, "owner")))
    .where(and(isNotNull(workspaces.deletionRequestedAt), gt(workspaces.purgeAfter, new Date())))
    .orderBy(asc(workspaces.purgeAfter))
    .all();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    deletionRequestedAt: row.deletionRequestedAt!.toISOString(),
    purgeAfter: row.purgeAfter!.toISOString(),
  }));
}

/** An owner brings a deleted workspace back within its grace period; it opens again for every member. */
export async function restoreWorkspace(ctx: RequestContext, session: CurrentSession, workspaceId: string) {
  const owned = (await deletionsAwaitingPurge(ctx, session.user.id)).find((w) => w.id === workspaceId);
  if (!owned) throw new Refusal(404, "errors.restoreNotFound");
  await ctx.db
    .update(workspaces)
    .set({ deletionRequestedAt: null, deletionRequestedBy: null, purgeAfter: null })
    .where(and(eq(workspaces.id, workspaceId), gt(workspaces.purgeAfter, new Date())));
  const entry = { actorUserId: session.user.id, targetType: "workspace", targetId: workspaceId };
  await ctx.audit({ action: "workspace.restored", workspaceId, ...entry });
  await ctx.audit({ action: "workspace.restored", workspaceId: null, ...entry });
  return { name: owned.name };
}
