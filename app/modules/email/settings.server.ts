import { and, eq } from "drizzle-orm";
import { serverT } from "~/i18n.server";
import type { CurrentSession } from "~/modules/auth/session.server";
import { isNotificationType, NOTIFICATION_NAMESPACES, notificationTypeLabel } from "~/modules/registry";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { emailOptOuts, emailSettings, type DigestMode } from "./schema";
import type { UnsubscribeClaim } from "./unsubscribe-token.server";

/** What an opt-out's scope means, in words: one kind of notification, or everything but security and account mail. */
export function scopeLabel(scope: string, language: string): string {
  if (scope === "all") return serverT(["email"], language)("scope.all");
  const t = serverT(["notifications", ...NOTIFICATION_NAMESPACES], language);
  return isNotificationType(scope) ? notificationTypeLabel(scope, (key, options) => t(key, options)) : scope;
}

/** GET /api/email/settings: the person's digest choice and what they stopped in this workspace. */
export async function getEmailSettings(ctx: RequestContext, session: CurrentSession, language: string) {
  const workspaceId = session.workspace?.id ?? "";
  const [settings, outs] = await ctx.db.batch([
    ctx.db
      .select({ digest: emailSettings.digest, lastDigestAt: emailSettings.lastDigestAt })
      .from(emailSettings)
      .where(eq(emailSettings.userId, session.user.id)),
    ctx.db
      .select({ scope: emailOptOuts.scope, since: emailOptOuts.createdAt })
      .from(emailOptOuts)
      .where(and(eq(emailOptOuts.userId, session.user.id), eq(emailOptOuts.workspaceId, workspaceId))),
  ]);
  return {
    digest: (settings[0]?.digest ?? "off") as DigestMode,
    lastDigestAt: settings[0]?.lastDigestAt?.toISOString() ?? null,
    optOuts: outs.map((o) => ({ scope: o.scope, label: scopeLabel(o.scope, language), since: o.since.toISOString() })),
  };
}

/** PUT /api/email/settings `{ digest }`: audited with the change. Held items go at the next cron run when turned off. */
export async function saveEmailSettings(ctx: RequestContext, session: CurrentSession, input: { digest: DigestMode }, language: string) {
  const now = new Date();
  await ctx.db.batch([
    ctx.db
      .insert(emailSettings)
      .values({ userId: session.user.id, digest: input.digest, updatedAt: now })
      .onConflictDoUpdate({ target: emailSettings.userId, set: { digest: input.digest, updatedAt: now } }),
    ctx.auditStatement({
      action: "email.digest_changed",
      actorUserId: session.user.id,
      workspaceId: session.workspace?.id ?? null,
      targetType: "user",
      targetId: session.user.id,
      metadata: { digest: input.digest },
    }),
  ]);
  return getEmailSettings(ctx, session, language);
}

/** DELETE /api/email/opt-outs `{ scope }`: that mail again, in the current workspace. */
export async function resubscribe(ctx: RequestContext, session: CurrentSession, scope: string, language: string) {
  if (!session.workspace) throw new Refusal(403, "errors.noWorkspace");
  await setOptOut(ctx, { userId: session.user.id, workspaceId: session.workspace.id, scope }, false);
  return getEmailSettings(ctx, session, language);
}

/** The unsubscribe link's work (or its undo): one row, audited as the person's own act. */
export async function setOptOut(ctx: RequestContext, claim: UnsubscribeClaim, stopped: boolean) {
  const where = and(eq(emailOptOuts.userId, claim.userId), eq(emailOptOuts.workspaceId, claim.workspaceId), eq(emailOptOuts.scope, claim.scope));
  await ctx.db.batch([
    stopped
      ? ctx.db
          .insert(emailOptOuts)
          .values({ ...claim, createdAt: new Date() })
          .onConflictDoNothing()
      : ctx.db.delete(emailOptOuts).where(where),
    ctx.auditStatement({
      action: stopped ? "email.unsubscribed" : "email.resubscribed",
      actorUserId: claim.userId,
      workspaceId: claim.workspaceId,
      targetType: "user",
      targetId: claim.userId,
      metadata: { scope: claim.scope },
    }),
  ]);
}
