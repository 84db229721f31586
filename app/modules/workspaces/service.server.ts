import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import { setSessionWorkspace, type CurrentSession } from "~/modules/auth/session.server";
import { randomToken, sha256Hex } from "~/platform/crypto.server";
import { HttpError } from "~/platform/http.server";
import { coreContent, sendEmail } from "~/modules/email/compose.server";
import type { RequestContext } from "~/platform/request-context.server";
import { prepared, type Db } from "~/platform/db.server";
import { canAdminister } from "./roles";
import { invitations, memberships, workspaces } from "./schema";
import type { InvitationInput, WorkspaceInput } from "./validation";

export const TRIAL_DAYS = 30;
export const INVITATION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

/** Starts a family workspace with a 30-day trial (no card) and makes the creator its first member. */
export async function createWorkspace(ctx: RequestContext, userId: string, input: WorkspaceInput, sessionId?: string) {
  const now = Date.now();
  const workspace = {
    id: crypto.randomUUID(),
    name: input.trustName,
    jurisdiction: input.jurisdiction,
    plan: "trial" as const,
    trialEndsAt: new Date(now + TRIAL_DAYS * 24 * 60 * 60 * 1000),
    createdBy: userId,
    createdAt: new Date(now),
  };
  await ctx.db.batch([
    ctx.db.insert(workspaces).values(workspace),
    ctx.db.insert(memberships).values({ id: crypto.randomUUID(), workspaceId: workspace.id, userId, role: input.role, createdAt: new Date(now) }),
  ]);
  if (sessionId) await setSessionWorkspace(ctx.db, sessionId, workspace.id);
  await ctx.audit({
    action: "workspace.created",
    actorUserId: userId,
    workspaceId: workspace.id,
    targetType: "workspace",
    targetId: workspace.id,
    metadata: { role: input.role },
  });
  return workspace;
}

const userWorkspacesQuery = (db: Db) =>
  db
    .select({ id: workspaces.id, name: workspaces.name, role: memberships.role })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.userId, sql.placeholder("userId")), isNull(workspaces.deletionRequestedAt)))
    .orderBy(memberships.createdAt)
    .prepare();

/** The workspace switcher's list, on every signed-in page: a query built once per binding. */
export async function listUserWorkspaces(ctx: RequestContext, userId: string) {
  return prepared(ctx.db, "user-workspaces", userWorkspacesQuery).all({ userId });
}

/** Makes another of the user's workspaces the current one; a workspace they are not in answers 404. */
export async function switchWorkspace(ctx: RequestContext, session: CurrentSession, workspaceId: string) {
  const membership = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(workspaces, and(eq(workspaces.id, memberships.workspaceId), isNull(workspaces.deletionRequestedAt)))
    .where(and(eq(memberships.userId, session.user.id), eq(memberships.workspaceId, workspaceId)))
    .get();
  if (!membership) {
    await ctx.audit({
      action: "workspace.switch",
      outcome: "denied",
      actorUserId: session.user.id,
      targetType: "workspace",
      targetId: workspaceId,
    });
    throw new HttpError(404, ctx.t("errors.workspaceNotFound"));
  }
  await setSessionWorkspace(ctx.db, session.sessionId, workspaceId);
}

function requireAdmin(ctx: RequestContext, session: CurrentSession) {
  if (!session.workspace || !canAdminister(session.workspace.role)) {
    throw new HttpError(403, ctx.t("errors.adminOnly"));
  }
  return session.workspace;
}

export async function listMembers(ctx: RequestContext, session: CurrentSession) {
  const workspace = session.workspace;
  if (!workspace) return [];
  return ctx.db
    .select({ userId: users.id, name: users.name, email: users.email, role: memberships.role, since: memberships.createdAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspace.id))
    .orderBy(memberships.createdAt)
    .all();
}

export async function listPendingInvitations(ctx: RequestContext, session: CurrentSession) {
  const workspace = requireAdmin(ctx, session);
  return ctx.db
    .select({ id: invitations.id, email: invitations.email, role: invitations.role, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(and(eq(invitations.workspaceId, workspace.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, new Date())))
    .orderBy(desc(invitations.createdAt))
    .all();
}

export async function inviteMember(ctx: RequestContext, session: CurrentSession, input: InvitationInput) {
  const workspace = requireAdmin(ctx, session);
  const email = input.email.trim().toLowerCase();
  const existing = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspace.id), eq(users.email, email)))
    .get();
  if (existing) throw new HttpError(409, ctx.t("errors.alreadyMember"), { email: [ctx.t("errors.alreadyMember")] });

  const token = randomToken();
  const now = Date.now();
  const invitation = {
    id: crypto.randomUUID(),
    workspaceId: workspace.id,
    email,
    role: input.role,
    tokenHash: await sha256Hex(token),
    invitedBy: session.user.id,
    expiresAt: new Date(now + INVITATION_LIFETIME_MS),
    createdAt: new Date(now),
  };
  await ctx.db.insert(invitations).values(invitation);
  const words = { inviter: session.user.name, workspace: workspace.name, role: ctx.t(`roles.${input.role}`) };
  await sendEmail(ctx.db, ctx.config, ctx.env.JOBS, {
    key: "invitation",
    kind: "invitation",
    workspaceId: workspace.id,
    inviter: session.user.name,
    // Nobody here knows the invited person's language yet: the inviter's is the best guess.
    to: { userId: null, email, name: null, firstName: null, language: ctx.language },
    content: coreContent("invitation", ctx.language, words, `${ctx.publicOrigin}/invite-signup?token=${token}`),
  });
  await ctx.audit({
    action: "workspace.invitation_sent",
    actorUserId: session.user.id,
    workspaceId: workspace.id,
    targetType: "invitation",
    targetId: invitation.id,
    metadata: { role: input.role },
  });
  return invitation;
}

export async function revokeInvitation(ctx: RequestContext, session: CurrentSession, invitationId: string) {
  const workspace = requireAdmin(ctx, session);
  const row = await ctx.db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(invitations.id, invitationId), eq(invitations.workspaceId, workspace.id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id })
    .get();
  if (!row) throw new HttpError(404, ctx.t("errors.invitationNotFound"));
  await ctx.audit({
    action: "workspace.invitation_revoked",
    actorUserId: session.user.id,
    workspaceId: workspace.id,
    targetType: "invitation",
    targetId: invitationId,
  });
}

/** The invitation behind a link, if it can still be accepted. */
export async function findOpenInvitation(ctx: RequestContext, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return (
    (await ctx.db
      .select({
        id: invitations.id,
        email: invitations.email,
        role: invitations.role,
        workspaceId: workspaces.id,
        workspaceName: workspaces.name,
        inviterName: users.name,
      })
      .from(invitations)
      .innerJoin(workspaces, and(eq(workspaces.id, invitations.workspaceId), isNull(workspaces.deletionRequestedAt)))
      .leftJoin(users, eq(users.id, invitations.invitedBy))
      .where(
        and(
          eq(invitations.tokenHash, await sha256Hex(token)),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .get()) ?? null
  );
}

export type OpenInvitation = NonNullable<Awaited<ReturnType<typeof findOpenInvitation>>>;

/**
 * An invitation is for the address it was sent to: joining under another is refused (403, the sentence naming the
 * invited address) and audited in the inviting workspace, so the owner never finds a member she did not invite.
 * `actorUserId`: the signed-in account that tried, when one did.
 */
export async function refuseOtherAddress(ctx: RequestContext, invitation: OpenInvitation, email: string, actorUserId: string | null) {
  if (email.trim().toLowerCase() === invitation.email) return;
  await ctx.audit({
    action: "workspace.invitation_accepted",
    outcome: "denied",
    actorUserId,
    workspaceId: invitation.workspaceId,
    targetType: "invitation",
    targetId: invitation.id,
    metadata: { reason: "email_mismatch", via: actorUserId ? "signed_in" : "new_account", role: invitation.role },
  });
  const message = ctx.t("errors.invitationOtherAddress", { email: invitation.email });
  throw new HttpError(403, message, { email: [message] });
}

/** Joins the invitation's workspace with its role, once (a second use finds nothing), and only as the invited address. */
export async function acceptInvitation(ctx: RequestContext, account: { id: string; email: string }, token: string, sessionId?: string) {
  const invitation = await findOpenInvitation(ctx, token);
  if (!invitation) throw new HttpError(404, ctx.t("errors.invitationInvalid"));
  await refuseOtherAddress(ctx, invitation, account.email, account.id);
  const userId = account.id;
  const claimed = await ctx.db
    .update(invitations)
    .set({ acceptedAt: new Date(), acceptedBy: userId })
    .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id })
    .get();
  if (!claimed) throw new HttpError(404, ctx.t("errors.invitationInvalid"));
  await ctx.db
    .insert(memberships)
    .values({
      id: crypto.randomUUID(),
      workspaceId: invitation.workspaceId,
      userId,
      role: invitation.role,
      createdAt: new Date(),
    })
    .onConflictDoNothing();
  if (sessionId) await setSessionWorkspace(ctx.db, sessionId, invitation.workspaceId);
  await ctx.audit({
    action: "workspace.invitation_accepted",
    actorUserId: userId,
    workspaceId: invitation.workspaceId,
    targetType: "invitation",
    targetId: invitation.id,
    metadata: { role: invitation.role },
  });
  return invitation;
}
