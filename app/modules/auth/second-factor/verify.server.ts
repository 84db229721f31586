import { eq } from "drizzle-orm";
import { peppers } from "~/platform/env.server";
import { clearRateLimit, takeAttempt, type Limit } from "~/platform/rate-limit.server";
import type { RequestContext } from "~/platform/request-context.server";
import { users } from "../schema";
import { AuthError, startSession } from "../service.server";
import { firstMembership } from "../session.server";
import { spendCode, unusedRecoveryCodes } from "./checks.server";
import { classifyCode } from "./codes";
import { secondFactorMethods, type SecondFactorMethod } from "./factors.server";
import { passkeySignInOptions, verifyPasskeySignIn } from "./passkeys.server";
import { consumePendingSignIn, dropPendingSignIn, findPendingSignIn, takePendingAttempt, type PendingSignIn } from "./pending.server";

/**
 * Second factors checked per account, whatever the pending sign-in: a person holding the password cannot start new
 * sign-ins to get more guesses. Ten in 15 minutes against a million codes (three valid at a time). Each is counted
 * before it is checked, by the statement that refuses past the limit; a right one clears the count.
 */
export const SECOND_FACTOR_LIMIT: Limit = { limit: 10, windowMs: 15 * 60 * 1000 };

/** What the second step carries: a typed code (app or recovery), or a passkey's assertion. */
export interface SecondFactorInput {
  code?: string;
  passkey?: unknown;
}

/** The pending sign-in is gone (expired, used up, or never there): the person starts again with their password. */
export class PendingSignInGone extends AuthError {}

async function pendingOrRefuse(ctx: RequestContext, request: Request): Promise<PendingSignIn> {
  const pending = await findPendingSignIn(ctx.db, request);
  if (!pending) throw new PendingSignInGone(401, ctx.t("secondFactor.errors.noPending"));
  return pending;
}

/** The methods of this request's pending sign-in, or null when there is none (the form shows its step again). */
export async function pendingMethods(ctx: RequestContext, request: Request): Promise<SecondFactorMethod[] | null> {
  const pending = await findPendingSignIn(ctx.db, request);
  return pending ? secondFactorMethods(ctx.db, pending.userId) : null;
}

/** Passkey options for the pending sign-in of this request. */
export async function signInPasskeyOptions(ctx: RequestContext, request: Request) {
  return passkeySignInOptions(ctx, await pendingOrRefuse(ctx, request));
}

/**
 * Completes a sign-in whose password was right: checks the factor against the pending sign-in of this request
 * (its own cookie), then creates the session. Every factor is counted before it is checked, per account and per
 * pending sign-in, each in the one statement that also refuses past its limit: parallel requests cannot get more
 * factors checked than the limits allow (a check first and a count after the verification let 40 of 40 through).
 */
export async function completeSecondFactor(ctx: RequestContext, request: Request, input: SecondFactorInput) {
  const pending = await pendingOrRefuse(ctx, request);
  const workspaceId = (await firstMembership(ctx.db, pending.userId))?.workspace.id ?? null;
  const who = { actorUserId: pending.userId, workspaceId, targetType: "user", targetId: pending.userId };
  const key = `second-factor:signin:${pending.userId}`;

  const code = input.passkey !== undefined ? null : classifyCode(input.code ?? "");
  if (input.passkey === undefined && !code) {
    // Not a guess at all (wrong shape): said at once, and not counted.
    const message = ctx.t("secondFactor.errors.codeFormat");
    throw new AuthError(400, message, { code: [message] });
  }
  const method: SecondFactorMethod = code ? code.kind : "passkey";

  const { over } = await takeAttempt(ctx.db, [{ key, limit: SECOND_FACTOR_LIMIT }]);
  if (over) {
    const wait = Math.max(1, over.retryAfter);
    await ctx.audit({ action: "auth.second_factor", outcome: "denied", ...who, metadata: { reason: "rate_limited", method } });
    throw new AuthError(429, ctx.t("secondFactor.errors.tooManyCodes", { minutes: Math.ceil(wait / 60) }), undefined, wait);
  }
  const left = await takePendingAttempt(ctx.db, pending.id);
  if (left === null) {
    await dropPendingSignIn(ctx.db, pending.id);
    throw new PendingSignInGone(401, ctx.t("secondFactor.errors.attemptsUsed"));
  }

  const valid = code ? await spendCode(ctx.db, peppers(ctx.config), pending.userId, code) : await verifyPasskeySignIn(ctx, pending, input.passkey);
  if (!valid) {
    await ctx.audit({ action: "auth.second_factor", outcome: "failure", ...who, metadata: { method, attemptsLeft: left } });
    if (left === 0) {
      await dropPendingSignIn(ctx.db, pending.id);
      throw new PendingSignInGone(401, ctx.t("secondFactor.errors.attemptsUsed"));
    }
    const message = ctx.t(method === "passkey" ? "secondFactor.errors.passkeyInvalid" : "secondFactor.errors.wrongCode");
    throw new AuthError(401, message, method === "passkey" ? undefined : { code: [message] });
  }

  // Taken for good before the session exists: two requests racing with two good factors make one session.
  if (!(await consumePendingSignIn(ctx.db, pending.id))) throw new PendingSignInGone(401, ctx.t("secondFactor.errors.noPending"));
  await clearRateLimit(ctx.db, key);
  const user = await ctx.db.select().from(users).where(eq(users.id, pending.userId)).get();
  if (!user) throw new PendingSignInGone(401, ctx.t("secondFactor.errors.noPending"));
  const metadata: Record<string, string | number> = { method };
  if (method === "recovery_code") metadata.recoveryCodesLeft = await unusedRecoveryCodes(ctx.db, user.id);
  await ctx.audit({ action: "auth.second_factor", ...who, metadata });
  return startSession(ctx, user, { remember: pending.remember, secondFactor: method });
}
