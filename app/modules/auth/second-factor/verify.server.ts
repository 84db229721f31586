import { eq } from "drizzle-orm";
import { peppers } from "~/platform/env.server";
import { clearRateLimit, hitRateLimit, rateLimitRetryAfter, type Limit } from "~/platform/rate-limit.server";
import type { RequestContext } from "~/platform/request-context.server";
import { users } from "../schema";
import { AuthError, startSession } from "../service.server";
import { firstMembership } from "../session.server";
import { spendCode, unusedRecoveryCodes } from "./checks.server";
import { classifyCode } from "./codes";
import { secondFactorMethods, type SecondFactorMethod } from "./factors.server";
import { passkeySignInOptions, verifyPasskeySignIn } from "./passkeys.server";
import { consumePendingSignIn, countFailedAttempt, findPendingSignIn, type PendingSignIn } from "./pending.server";

/**
 * Wrong second factors per account, whatever the pending sign-in: a person holding the password cannot start
 * new sign-ins to get more guesses. Ten in 15 minutes against a million codes (three valid at a time).
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
 * (its own cookie), then creates the session. Wrong factors are counted per pending sign-in and per account.
 */
export async function completeSecondFactor(ctx: RequestContext, request: Request, input: SecondFactorInput) {
  const pending = await pendingOrRefuse(ctx, request);
  const workspaceId = (await firstMembership(ctx.db, pending.userId))?.workspace.id ?? null;
  const who = { actorUserId: pending.userId, workspaceId, targetType: "user", targetId: pending.userId };
  const key = `second-factor:signin:${pending.userId}`;
  const wait = await rateLimitRetryAfter(ctx.db, key, SECOND_FACTOR_LIMIT);
  if (wait > 0) {
    await ctx.audit({ action: "auth.second_factor", outcome: "denied", ...who, metadata: { reason: "rate_limited" } });
    throw new AuthError(429, ctx.t("secondFactor.errors.tooManyCodes", { minutes: Math.ceil(wait / 60) }), undefined, wait);
  }

  let method: SecondFactorMethod;
  let valid: boolean;
  if (input.passkey !== undefined) {
    method = "passkey";
    valid = await verifyPasskeySignIn(ctx, pending, input.passkey);
  } else {
    const code = classifyCode(input.code ?? "");
    if (!code) {
      // Not a guess at all (wrong shape): said at once, and not counted.
      const message = ctx.t("secondFactor.errors.codeFormat");
      throw new AuthError(400, message, { code: [message] });
    }
    method = code.kind;
    valid = await spendCode(ctx.db, peppers(ctx.config), pending.userId, code);
  }

  if (!valid) {
    await hitRateLimit(ctx.db, key, SECOND_FACTOR_LIMIT);
    const left = await countFailedAttempt(ctx.db, pending.id);
    await ctx.audit({ action: "auth.second_factor", outcome: "failure", ...who, metadata: { method, attemptsLeft: left } });
    if (left === 0) throw new PendingSignInGone(401, ctx.t("secondFactor.errors.attemptsUsed"));
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
