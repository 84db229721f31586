import { eq } from "drizzle-orm";
import { usersWithSecondFactor } from "~/modules/auth/second-factor/factors.server";
import type { CurrentSession } from "~/modules/auth/session.server";
import { publishDomainEvent } from "~/platform/domain-events.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { workspaces } from "./schema";
import { listMembers } from "./service.server";

/** Whether the workspace requires a second factor, and who is not ready for it yet (the owner's view on /admin). */
export async function secondFactorPolicy(ctx: RequestContext, session: CurrentSession) {
  const workspace = session.workspace;
  if (!workspace) return null;
  const [row, members] = await Promise.all([
    ctx.db.select({ required: workspaces.requireSecondFactor }).from(workspaces).where(eq(workspaces.id, workspace.id)).get(),
    listMembers(ctx, session),
  ]);
  const ready = await usersWithSecondFactor(
    ctx.db,
    members.map((m) => m.userId),
  );
  return { required: Boolean(row?.required), membersWithout: members.filter((m) => !ready.has(m.userId)).map((m) => ({ userId: m.userId, name: m.name })) };
}

/**
 * The owner requires a second factor of everyone (or stops). They must have one themselves first, or they would
 * shut themselves out with the rest. Members without one lose the workspace's live connections now and are led to
 * set one up at their next request (the session guard, ADR 0036).
 */
export async function setSecondFactorRequired(ctx: RequestContext, session: CurrentSession, required: boolean) {
  const workspace = session.workspace;
  if (!workspace || workspace.role !== "owner") throw new Refusal(403, "secondFactor.onlyOwner");
  if (required && !session.hasSecondFactor) throw new Refusal(409, "secondFactor.ownerFirst");
  await ctx.db.batch([
    ctx.db.update(workspaces).set({ requireSecondFactor: required }).where(eq(workspaces.id, workspace.id)),
    ctx.auditStatement({
      action: required ? "workspace.second_factor_required" : "workspace.second_factor_optional",
      actorUserId: session.user.id,
      workspaceId: workspace.id,
      targetType: "workspace",
      targetId: workspace.id,
    }),
  ]);
  if (!required) return;
  const policy = await secondFactorPolicy(ctx, session);
  for (const member of policy?.membersWithout ?? []) {
    await publishDomainEvent(ctx.env, "sessions.ended", { userId: member.userId, workspaceId: workspace.id, reason: "access-ended" });
  }
}
