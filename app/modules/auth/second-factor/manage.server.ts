import { and, eq, isNull } from "drizzle-orm";
import { peppers } from "~/platform/env.server";
import { publishDomainEvent } from "~/platform/domain-events.server";
import { refundAttempt, takeAttempt, type Limit } from "~/platform/rate-limit.server";
import type { RequestContext } from "~/platform/request-context.server";
import { verifyPassword } from "../password.server";
import { AuthError } from "../service.server";
import { revokeUserSessions, type CurrentSession } from "../session.server";
import { hasConfirmedTotp, replaceRecoveryCodes, spendCode, unusedRecoveryCodes } from "./checks.server";
import { classifyCode } from "./codes";
import { secondFactorMethods, workspaceRequiringSecondFactor } from "./factors.server";
import { qrDataUrl } from "./qr.server";
import { recoveryCodes, totpCredentials } from "./schema";
import { openSecret, sealSecret } from "./secret-box.server";
import { matchTotp, newTotpSecret, otpauthUri } from "./totp";

/**
 * Wrong codes while setting up, and wrong password-or-code pairs when confirming a removal, per person. Each check is
 * counted before it is made, by the statement that refuses past the limit, and given back when it passes.
 */
export const MANAGE_LIMIT: Limit = { limit: 5, windowMs: 15 * 60 * 1000 };
export const ISSUER = "Legal Document Platform";

/** Who did it, in which workspace: every second-factor audit row of a signed-in person carries these. */
export const factorActor = (session: CurrentSession) => ({
  actorUserId: session.user.id,
  workspaceId: session.workspace?.id ?? null,
  targetType: "user",
  targetId: session.user.id,
});

/** Counts a check against MANAGE_LIMIT before it is made; past the limit it is refused instead. */
async function countCheck(ctx: RequestContext, key: string) {
  const { over } = await takeAttempt(ctx.db, [{ key, limit: MANAGE_LIMIT }]);
  if (!over) return;
  const wait = Math.max(1, over.retryAfter);
  throw new AuthError(429, ctx.t("secondFactor.errors.tooManyCodes", { minutes: Math.ceil(wait / 60) }), undefined, wait);
}

/** Starts (or restarts) the app's setup: a new secret, kept unconfirmed until a code proves the app has it. */
export async function startTotpSetup(ctx: RequestContext, session: CurrentSession) {
  if (await hasConfirmedTotp(ctx.db, session.user.id)) throw new AuthError(409, ctx.t("secondFactor.errors.totpAlreadyOn"));
  const secret = newTotpSecret();
  const secretBox = await sealSecret(peppers(ctx.config), session.user.id, secret);
  await ctx.db
    .insert(totpCredentials)
    .values({ userId: session.user.id, secretBox, confirmedAt: null, lastUsedStep: null, createdAt: new Date() })
    .onConflictDoUpdate({ target: totpCredentials.userId, set: { secretBox, createdAt: new Date(), lastUsedStep: null } });
  const uri = otpauthUri(secret, session.user.email, ISSUER);
  return { secret, uri, qr: await qrDataUrl(uri) };
}

/** A first factor ends the sessions that never passed one; recovery codes come with it (shown once, returned here). */
export async function afterFactorAdded(ctx: RequestContext, session: CurrentSession, hadFactor: boolean): Promise<string[] | null> {
  if (!hadFactor) {
    const ended = await revokeUserSessions(ctx.db, session.user.id, session.sessionId);
    if (ended.length) await publishDomainEvent(ctx.env, "sessions.ended", { userId: session.user.id, sessionIds: ended, reason: "others-signed-out" });
  }
  if ((await unusedRecoveryCodes(ctx.db, session.user.id)) > 0) return null;
  const codes = await replaceRecoveryCodes(ctx.db, peppers(ctx.config), session.user.id);
  await ctx.audit({ action: "auth.recovery_codes_generated", ...factorActor(session) });
  return codes;
}

/** Confirms the app with a current code. Returns the recovery codes when this is the person's first factor. */
export async function confirmTotpSetup(ctx: RequestContext, session: CurrentSession, input: { code: string; password: string }) {
  const rawCode = input.code;
  const key = `second-factor:manage:${session.user.id}`;
  const code = classifyCode(rawCode);
  if (code?.kind !== "totp") {
    const message = ctx.t("secondFactor.errors.totpFormat");
    throw new AuthError(400, message, { code: [message] });
  }
  const row = await ctx.db
    .select()
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, session.user.id), isNull(totpCredentials.confirmedAt)))
    .get();
  if (!row) throw new AuthError(409, ctx.t("secondFactor.errors.noSetup"));
  // The password too: a stolen session must not be able to bind its own app and lock the owner out.
  await reverify(ctx, session, { password: input.password }, "totp_setup");
  await countCheck(ctx, key);
  const hadFactor = (await secondFactorMethods(ctx.db, session.user.id)).length > 0;
  const opened = await openSecret(peppers(ctx.config), session.user.id, row.secretBox);
  const step = opened ? matchTotp(opened.secret, code.value, Date.now(), null) : null;
  // Set up just before a pepper rotation: kept sealed with the current pepper from now on.
  const secretBox = opened?.stale ? await sealSecret(peppers(ctx.config), session.user.id, opened.secret) : row.secretBox;
  // Confirming also spends the code: the same code cannot then sign in a moment later.
  const valid =
    step !== null &&
    Boolean(
      await ctx.db
        .update(totpCredentials)
        .set({ confirmedAt: new Date(), lastUsedStep: step, secretBox })
        .where(and(eq(totpCredentials.userId, session.user.id), isNull(totpCredentials.confirmedAt)))
        .returning({ userId: totpCredentials.userId })
        .get(),
    );
  if (!valid) {
    await ctx.audit({ action: "auth.totp_enabled", outcome: "failure", ...factorActor(session), metadata: { reason: "wrong_code" } });
    const message = ctx.t("secondFactor.errors.wrongSetupCode");
    throw new AuthError(400, message, { code: [message] });
  }
  await refundAttempt(ctx.db, key);
  await ctx.audit({ action: "auth.totp_enabled", ...factorActor(session) });
  return { recoveryCodes: await afterFactorAdded(ctx, session, hadFactor) };
}

export interface Reverification {
  password: string;
  code?: string;
}

/**
 * Adding or removing a factor, or renewing recovery codes, asks again: the password, and, while an authenticator
 * app is set up, one of its current codes or a recovery code. A session left open on a shared computer, or stolen,
 * is not enough to change how the account is protected.
 */
export async function reverify(
  ctx: RequestContext,
  session: CurrentSession,
  input: Reverification,
  action: "totp_setup" | "passkey_add" | "totp" | "passkey" | "recovery",
) {
  const key = `second-factor:manage:${session.user.id}`;
  await countCheck(ctx, key);
  const passwordOk = await verifyPassword(input.password, session.user.passwordHash, peppers(ctx.config));
  const needsCode = await hasConfirmedTotp(ctx.db, session.user.id);
  const code = input.code ? classifyCode(input.code) : null;
  const codeOk = !needsCode || (passwordOk && code !== null && (await spendCode(ctx.db, peppers(ctx.config), session.user.id, code)));
  if (passwordOk && codeOk) return refundAttempt(ctx.db, key);
  await ctx.audit({ action: "auth.second_factor_reverify", outcome: "failure", ...factorActor(session), metadata: { for: action } });
  if (!passwordOk) {
    const message = ctx.t("errors.currentPasswordWrong");
    throw new AuthError(400, message, { password: [message] });
  }
  const message = ctx.t(input.code ? "secondFactor.errors.wrongCode" : "secondFactor.errors.codeRequired");
  throw new AuthError(400, message, { code: [message] });
}

/** Refuses to take away a person's last factor while one of their workspaces requires one. */
export async function refuseLastFactorIfRequired(ctx: RequestContext, session: CurrentSession, remaining: number) {
  if (remaining > 0) return;
  const workspace = await workspaceRequiringSecondFactor(ctx.db, session.user.id);
  if (workspace) throw new AuthError(409, ctx.t("secondFactor.errors.requiredByWorkspace", { workspace }));
}

/** With no factor left, the recovery codes go too: they would otherwise stand in for nothing. */
export async function dropRecoveryCodesIfLast(ctx: RequestContext, userId: string) {
  if ((await secondFactorMethods(ctx.db, userId)).length === 0) await ctx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function removeTotp(ctx: RequestContext, session: CurrentSession, input: Reverification) {
  const methods = await secondFactorMethods(ctx.db, session.user.id);
  if (!methods.includes("totp")) throw new AuthError(404, ctx.t("secondFactor.errors.totpNotOn"));
  await refuseLastFactorIfRequired(ctx, session, methods.includes("passkey") ? 1 : 0);
  await reverify(ctx, session, input, "totp");
  await ctx.db.delete(totpCredentials).where(eq(totpCredentials.userId, session.user.id));
  await dropRecoveryCodesIfLast(ctx, session.user.id);
  await ctx.audit({ action: "auth.totp_disabled", ...factorActor(session) });
}

export async function renewRecoveryCodes(ctx: RequestContext, session: CurrentSession, input: Reverification): Promise<string[]> {
  if ((await secondFactorMethods(ctx.db, session.user.id)).length === 0) throw new AuthError(409, ctx.t("secondFactor.errors.noFactor"));
  await reverify(ctx, session, input, "recovery");
  const codes = await replaceRecoveryCodes(ctx.db, peppers(ctx.config), session.user.id);
  await ctx.audit({ action: "auth.recovery_codes_generated", ...factorActor(session), metadata: { renewed: true } });
  return codes;
}
