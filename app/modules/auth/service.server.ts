import { eq, sql } from "drizzle-orm";
import { sha256Hex } from "~/platform/crypto.server";
import { publishDomainEvent } from "~/platform/domain-events.server";
import { peppers } from "~/platform/env.server";
import { HttpError } from "~/platform/http.server";
import { coreContent, firstWorkspaceOf, sendEmail } from "~/modules/email/compose.server";
import { clearRateLimit, hitRateLimit, refundAttempt, takeAttempt, type Limit } from "~/platform/rate-limit.server";
import type { RequestContext } from "~/platform/request-context.server";
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from "./password.server";
import { splitName } from "./public-user";
import { users } from "./schema";
import { createSession, firstMembership, revokeSession, revokeUserSessions, toCurrentWorkspace, type UserRow } from "./session.server";
import { consumeToken, issueToken } from "./tokens.server";
import type { LoginInput, RegisterInput } from "./validation";
import { resealTotpSecret } from "./second-factor/checks.server";
import { secondFactorMethods, type SecondFactorMethod } from "./second-factor/factors.server";
import { createPendingSignIn } from "./second-factor/pending.server";

/** A refusal the caller may show as is: a human sentence, a 4xx status and, for forms, messages per field. */
export class AuthError extends HttpError {
  constructor(status: number, message: string, fieldErrors?: Record<string, string[]>, retryAfterSeconds?: number) {
    super(status, message, fieldErrors, retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined);
  }
}

/**
 * Each counted before the password is checked, in the statement that refuses past it (takeAttempt): parallel attempts
 * never get more checks than the limit. A right password then gives its hits back, so what stays counted is failures.
 */
export const LOGIN_LIMITS = {
  /** Failed sign-ins for one account. */
  account: { limit: 5, windowMs: 15 * 60 * 1000 },
  /** Failed sign-ins from one address, whatever the account. */
  address: { limit: 30, windowMs: 15 * 60 * 1000 },
  /**
   * Right passwords for one account that has a second factor: each opens a pending step with codes of its own to
   * try, so whoever holds the password cannot open pending steps without end (the factor's own limit is per account).
   */
  passed: { limit: 10, windowMs: 15 * 60 * 1000 },
} satisfies Record<string, Limit>;

export const RESET_LIMITS = {
  account: { limit: 3, windowMs: 60 * 60 * 1000 },
  address: { limit: 20, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, Limit>;

export const SIGNUP_LIMITS = {
  /** Self-service sign-ups from one network address (invited people do not count). */
  address: { limit: 5, windowMs: 60 * 60 * 1000 },
  /** Verification mails to one recipient, however they were asked for. */
  recipient: { limit: 5, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, Limit>;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function limitKeys(kind: string, email: string, ip: string) {
  return { account: `${kind}:acct:${await sha256Hex(email)}`, address: `${kind}:ip:${ip}` };
}

/**
 * Sends the verification mail unless its recipient already got their share this hour (each mail is a
 * message to an address anybody may type). Returns whether it was sent.
 */
async function sendVerificationMail(ctx: RequestContext, user: Pick<UserRow, "id" | "email" | "firstName" | "name">): Promise<boolean> {
  const sent = await hitRateLimit(ctx.db, `verify:to:${await sha256Hex(user.email)}`, SIGNUP_LIMITS.recipient);
  if (sent > SIGNUP_LIMITS.recipient.limit) {
    await ctx.audit({
      action: "auth.verification_mail",
      outcome: "denied",
      actorUserId: user.id,
      targetType: "user",
      targetId: user.id,
      metadata: { reason: "rate_limited" },
    });
    return false;
  }
  const token = await issueToken(ctx.db, user.id, "verify_email");
  const link = `${ctx.publicOrigin}/verify-email?token=${token}`;
  await sendAccountMail(ctx, user, "verify_email", link);
  return true;
}

/** A security mail (verification, reset): the product's words and look, in the caller's language, with the family's greeting. */
async function sendAccountMail(
  ctx: RequestContext,
  user: Pick<UserRow, "id" | "email" | "firstName" | "name">,
  key: "verify_email" | "reset_password",
  link: string,
) {
  await sendEmail(ctx.db, ctx.config, ctx.env.JOBS, {
    key,
    kind: key,
    workspaceId: await firstWorkspaceOf(ctx.db, user.id),
    to: { userId: user.id, email: user.email, name: user.name, firstName: user.firstName, language: ctx.language },
    content: coreContent(key, ctx.language, {}, link),
  });
}

/** Counts a self-service sign-up against the caller's address; past the limit it is refused and audited. */
async function limitSignups(ctx: RequestContext) {
  // Counted and compared in one statement: two sign-ups at the same moment cannot both slip through.
  const { over } = await takeAttempt(ctx.db, [{ key: `signup:ip:${ctx.ip}`, limit: SIGNUP_LIMITS.address }]);
  if (!over) return;
  const wait = over.retryAfter || SIGNUP_LIMITS.address.windowMs / 1000;
  await ctx.audit({ action: "auth.register", outcome: "denied", metadata: { reason: "rate_limited" } });
  throw new AuthError(429, ctx.t("errors.tooManyRegistrations", { minutes: Math.ceil(wait / 60) }), undefined, wait);
}

/**
 * Creates an account and signs it in. `invited`: the person holds a valid invitation, which is its own
 * proof of intent, so the per-address sign-up limit does not apply (a family accepting on one Wi-Fi).
 */
export async function register(ctx: RequestContext, input: RegisterInput, options: { verified?: boolean; invited?: boolean } = {}) {
  if (!options.invited) await limitSignups(ctx);
  const email = normalizeEmail(input.email);
  const username = input.username.trim();
  const taken = await ctx.db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(sql`${users.email} = ${email} OR lower(${users.username}) = ${username.toLowerCase()}`)
    .all();
  const fieldErrors: Record<string, string[]> = {};
  if (taken.some((u) => u.email === email)) fieldErrors.email = [ctx.t("errors.emailTaken")];
  if (taken.some((u) => u.username.toLowerCase() === username.toLowerCase())) fieldErrors.username = [ctx.t("errors.usernameTaken")];
  if (Object.keys(fieldErrors).length > 0) {
    throw new AuthError(409, Object.values(fieldErrors)[0][0], fieldErrors);
  }

  const now = new Date();
  const { firstName, lastName } = splitName(input.name);
  const user = {
    id: crypto.randomUUID(),
    email,
    username,
    name: input.name.trim(),
    firstName,
    lastName,
    phone: input.phone?.trim() || null,
    profileImageUrl: null,
    profileImageKey: null,
    language: null,
    theme: null,
    darkMode: null,
    timeZone: null,
    quietHoursEnabled: false,
    quietHoursStart: null,
    quietHoursEnd: null,
    passwordHash: await hashPassword(input.password, peppers(ctx.config)),
    emailVerifiedAt: options.verified ? now : null,
    createdAt: now,
    updatedAt: now,
    dataVersion: 0,
  };
  try {
    await ctx.db.insert(users).values(user);
  } catch (error) {
    // Two sign-ups racing for the same address: the unique index decides.
    if (String(error).includes("UNIQUE")) throw new AuthError(409, ctx.t("errors.accountExists"));
    throw error;
  }
  await ctx.audit({ action: "auth.register", actorUserId: user.id, targetType: "user", targetId: user.id });
  if (!options.verified) await sendVerificationMail(ctx, user);
  const session = await createSession(ctx.db, {
    userId: user.id,
    workspaceId: null,
    remember: false,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    country: ctx.country,
  });
  return { user, workspace: null, ...session };
}

export async function login(ctx: RequestContext, input: LoginInput) {
  const email = normalizeEmail(input.email);
  const keys = await limitKeys("login", email, ctx.ip);
  // Counted before the password is checked, and refused by the same statement once past a limit.
  const { over } = await takeAttempt(ctx.db, [
    { key: keys.account, limit: LOGIN_LIMITS.account },
    { key: keys.address, limit: LOGIN_LIMITS.address },
  ]);
  if (over) {
    const wait = Math.max(1, over.retryAfter);
    await ctx.audit({ action: "auth.login", outcome: "denied", metadata: { reason: "rate_limited" } });
    throw new AuthError(429, ctx.t("errors.tooManyAttempts", { minutes: Math.ceil(wait / 60) }), undefined, wait);
  }

  const user = await ctx.db.select().from(users).where(eq(users.email, email)).get();
  // Unknown addresses still pay for one hash, so timing does not tell which accounts exist.
  const valid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH, peppers(ctx.config));
  if (!user || !valid) {
    // The attempt's hits stay: it was a failure.
    await ctx.audit({
      action: "auth.login",
      outcome: "failure",
      actorUserId: user?.id ?? null,
      metadata: { reason: user ? "wrong_password" : "unknown_email" },
    });
    throw new AuthError(401, ctx.t("errors.invalidCredentials"));
  }

  // A right password is no failure: the account starts afresh and the address gets this attempt back.
  await Promise.all([clearRateLimit(ctx.db, keys.account), refundAttempt(ctx.db, keys.address)]);
  if (needsRehash(user.passwordHash, ctx.config.PASSWORD_PEPPER_VERSION)) {
    const passwordHash = await hashPassword(input.password, peppers(ctx.config));
    await ctx.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    // A pepper rotation: the authenticator secret moves to the new pepper at the same moment (ADR 0038).
    await resealTotpSecret(ctx.db, peppers(ctx.config), user.id);
  }
  const remember = input.rememberMe === true;
  // With a second factor the password only opens a short pending step: no session exists until the factor is shown.
  const methods = await secondFactorMethods(ctx.db, user.id);
  if (methods.length > 0) {
    const passed = await takeAttempt(ctx.db, [{ key: `login:passed:${user.id}`, limit: LOGIN_LIMITS.passed }]);
    if (passed.over) {
      const wait = Math.max(1, passed.over.retryAfter);
      await ctx.audit({
        action: "auth.login",
        outcome: "denied",
        actorUserId: user.id,
        targetType: "user",
        targetId: user.id,
        metadata: { reason: "too_many_sign_ins" },
      });
      throw new AuthError(429, ctx.t("errors.tooManySignIns", { minutes: Math.ceil(wait / 60) }), undefined, wait);
    }
    const { token } = await createPendingSignIn(ctx.db, { userId: user.id, remember });
    await ctx.audit({
      action: "auth.second_factor_asked",
      actorUserId: user.id,
      targetType: "user",
      targetId: user.id,
      workspaceId: (await firstMembership(ctx.db, user.id))?.workspace.id ?? null,
      metadata: { methods: methods.join(",") },
    });
    return { secondFactor: { token, methods } };
  }
  return startSession(ctx, user, { remember });
}

/** The sign-in's last step: the session in the user's first workspace, and the audit row that says how. */
export async function startSession(ctx: RequestContext, user: UserRow, options: { remember: boolean; secondFactor?: SecondFactorMethod }) {
  const workspace = toCurrentWorkspace(await firstMembership(ctx.db, user.id));
  const session = await createSession(ctx.db, {
    userId: user.id,
    workspaceId: workspace?.id ?? null,
    remember: options.remember,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    country: ctx.country,
  });
  await ctx.audit({
    action: "auth.login",
    actorUserId: user.id,
    targetType: "session",
    targetId: session.session.id,
    workspaceId: workspace?.id ?? null,
    metadata: { rememberMe: options.remember, ...(options.secondFactor ? { secondFactor: options.secondFactor } : {}) },
  });
  return { user, workspace, ...session };
}

export async function logout(ctx: RequestContext, session: { sessionId: string; userId: string; workspaceId?: string }) {
  await revokeSession(ctx.db, session.sessionId);
  // The session's other tabs and its meeting sockets close too.
  await publishDomainEvent(ctx.env, "sessions.ended", { userId: session.userId, sessionIds: [session.sessionId], reason: "signed-out" });
  await ctx.audit({
    action: "auth.logout",
    actorUserId: session.userId,
    workspaceId: session.workspaceId,
    targetType: "session",
    targetId: session.sessionId,
  });
}

/** Always resolves the same way whether or not the address has an account. */
export async function requestPasswordReset(ctx: RequestContext, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const keys = await limitKeys("reset", email, ctx.ip);
  const addressCount = await hitRateLimit(ctx.db, keys.address, RESET_LIMITS.address);
  if (addressCount > RESET_LIMITS.address.limit) {
    throw new AuthError(429, ctx.t("errors.tooManyResets"), undefined, RESET_LIMITS.address.windowMs / 1000);
  }
  // Past the per-account limit nothing more is sent, but the answer stays the same.
  const accountCount = await hitRateLimit(ctx.db, keys.account, RESET_LIMITS.account);
  const user = await ctx.db.select().from(users).where(eq(users.email, email)).get();
  await ctx.audit({
    action: "auth.password_reset_requested",
    actorUserId: user?.id ?? null,
    outcome: user ? "success" : "failure",
    metadata: user ? (accountCount > RESET_LIMITS.account.limit ? { reason: "rate_limited" } : undefined) : { reason: "unknown_email" },
  });
  if (!user || accountCount > RESET_LIMITS.account.limit) return;
  const token = await issueToken(ctx.db, user.id, "reset_password");
  await sendAccountMail(ctx, user, "reset_password", `${ctx.publicOrigin}/reset-password?token=${token}`);
}

/** Sets the new password and ends every session of the account. */
export async function resetPassword(ctx: RequestContext, token: string, password: string): Promise<void> {
  const userId = await consumeToken(ctx.db, token, "reset_password");
  if (!userId) {
    await ctx.audit({ action: "auth.password_reset", outcome: "failure", metadata: { reason: "invalid_token" } });
    throw new AuthError(400, ctx.t("errors.resetLinkInvalid"));
  }
  const passwordHash = await hashPassword(password, peppers(ctx.config));
  const now = new Date();
  // Holding the link proves the mailbox, so an unverified address becomes verified too.
  const user = await ctx.db
    .update(users)
    .set({ passwordHash, updatedAt: now, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.getTime()})` })
    .where(eq(users.id, userId))
    .returning({ email: users.email })
    .get();
  // Every device is signed out, and its open sockets close now: whoever held the old password holds nothing.
  await publishDomainEvent(ctx.env, "sessions.ended", { userId, sessionIds: await revokeUserSessions(ctx.db, userId), reason: "password-reset" });
  // A locked-out owner who just proved their mailbox may sign in again at once.
  if (user) await clearRateLimit(ctx.db, (await limitKeys("login", user.email, ctx.ip)).account);
  await ctx.audit({ action: "auth.password_reset", actorUserId: userId, targetType: "user", targetId: userId });
}

export async function verifyEmail(ctx: RequestContext, token: string): Promise<boolean> {
  const userId = await consumeToken(ctx.db, token, "verify_email");
  if (!userId) {
    await ctx.audit({ action: "auth.email_verified", outcome: "failure", metadata: { reason: "invalid_token" } });
    return false;
  }
  await ctx.db.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
  await ctx.audit({ action: "auth.email_verified", actorUserId: userId, targetType: "user", targetId: userId });
  return true;
}

export async function resendVerification(ctx: RequestContext, user: UserRow): Promise<void> {
  if (user.emailVerifiedAt) return;
  const count = await hitRateLimit(ctx.db, `verify:acct:${user.id}`, { limit: 5, windowMs: 60 * 60 * 1000 });
  if (count > 5 || !(await sendVerificationMail(ctx, user))) throw new AuthError(429, ctx.t("errors.tooManyVerifications"));
  await ctx.audit({ action: "auth.verification_resent", actorUserId: user.id, targetType: "user", targetId: user.id });
}
