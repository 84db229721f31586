import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, eq, gt } from "drizzle-orm";
import { fromBase64Url, toBase64Url } from "~/platform/crypto.server";
import type { Db } from "~/platform/db.server";
import type { RequestContext } from "~/platform/request-context.server";
import { AuthError } from "../service.server";
import type { CurrentSession } from "../session.server";
import { secondFactorMethods } from "./factors.server";
import { afterFactorAdded, dropRecoveryCodesIfLast, factorActor, ISSUER, refuseLastFactorIfRequired, reverify, type Reverification } from "./manage.server";
import type { PendingSignIn } from "./pending.server";
import { passkeys, webauthnChallenges } from "./schema";

/** A challenge is good for as long as the browser's own prompt (60 s) plus typing a PIN or touching a key. */
const CHALLENGE_TTL_MS = 3 * 60 * 1000;
/** EdDSA, ES256, RS256: what passkeys and security keys use, fixed rather than sniffed from the runtime. */
const ALGORITHMS = [-8, -7, -257];

/**
 * The relying party is the configured public origin, never the request's Host: a forged header cannot make the
 * server accept an assertion made for another site. The RP ID is that origin's host name.
 */
export function relyingParty(publicOrigin: string) {
  return { rpID: new URL(publicOrigin).hostname, origin: publicOrigin, rpName: ISSUER };
}

async function storeChallenge(db: Db, ownerId: string, purpose: "register" | "authenticate", challenge: string) {
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await db
    .insert(webauthnChallenges)
    .values({ id: crypto.randomUUID(), ownerId, purpose, challenge, expiresAt })
    .onConflictDoUpdate({ target: [webauthnChallenges.ownerId, webauthnChallenges.purpose], set: { challenge, expiresAt } });
}

/** The owner's live challenge, taken for good: a response can be checked against it once. */
async function takeChallenge(db: Db, ownerId: string, purpose: "register" | "authenticate"): Promise<string | null> {
  const row = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.ownerId, ownerId), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, new Date())))
    .returning({ challenge: webauthnChallenges.challenge })
    .get();
  return row?.challenge ?? null;
}

function transportsOf(stored: string | null): string[] | undefined {
  try {
    const list: unknown = stored ? JSON.parse(stored) : undefined;
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === "string") : undefined;
  } catch {
    return undefined;
  }
}

async function credentialsOf(db: Db, userId: string) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).all();
}

/**
 * Options for `navigator.credentials.create()`, its challenge kept against this session. Asked for with the password
 * (and a code while an app is set up), before the browser's prompt: only a challenge issued after asking again can
 * register a passkey, so a stolen session cannot bind its own authenticator.
 */
export async function passkeyRegistrationOptions(ctx: RequestContext, session: CurrentSession, input: Reverification) {
  await reverify(ctx, session, input, "passkey_add");
  const rp = relyingParty(ctx.publicOrigin);
  const existing = await credentialsOf(ctx.db, session.user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: session.user.email,
    userDisplayName: session.user.name,
    // A stable handle per person that reveals nothing (not the e-mail address).
    userID: new TextEncoder().encode(session.user.id),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await storeChallenge(ctx.db, session.sessionId, "register", options.challenge);
  return options;
}

/** Checks the new credential against this session's challenge and keeps it. Returns recovery codes for a first factor. */
export async function registerPasskey(ctx: RequestContext, session: CurrentSession, input: { response: unknown; name: string }) {
  const challenge = await takeChallenge(ctx.db, session.sessionId, "register");
  if (!challenge) throw new AuthError(400, ctx.t("secondFactor.errors.passkeyChallenge"));
  const rp = relyingParty(ctx.publicOrigin);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    verification = { verified: false };
  }
  if (!verification.verified) {
    await ctx.audit({ action: "auth.passkey_added", outcome: "failure", ...factorActor(session), metadata: { reason: "not_verified" } });
    throw new AuthError(400, ctx.t("secondFactor.errors.passkeyInvalid"));
  }
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const hadFactor = (await secondFactorMethods(ctx.db, session.user.id)).length > 0;
  const row = {
    id: crypto.randomUUID(),
    userId: session.user.id,
    credentialId: credential.id,
    publicKey: toBase64Url(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ? JSON.stringify(credential.transports) : null,
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    name: input.name.trim(),
    createdAt: new Date(),
    lastUsedAt: null,
  };
  try {
    await ctx.db.insert(passkeys).values(row);
  } catch (error) {
    // The same authenticator twice (excludeCredentials normally stops it in the browser).
    if (String(error).includes("UNIQUE")) throw new AuthError(409, ctx.t("secondFactor.errors.passkeyExists"));
    throw error;
  }
  await ctx.audit({ action: "auth.passkey_added", ...factorActor(session), metadata: { passkeyId: row.id } });
  return { passkey: { id: row.id, name: row.name }, recoveryCodes: await afterFactorAdded(ctx, session, hadFactor) };
}

export async function removePasskey(ctx: RequestContext, session: CurrentSession, passkeyId: string, input: Reverification) {
  const mine = await credentialsOf(ctx.db, session.user.id);
  if (!mine.some((p) => p.id === passkeyId)) throw new AuthError(404, ctx.t("secondFactor.errors.passkeyNotFound"));
  const methods = await secondFactorMethods(ctx.db, session.user.id);
  await refuseLastFactorIfRequired(ctx, session, mine.length - 1 + (methods.includes("totp") ? 1 : 0));
  await reverify(ctx, session, input, "passkey");
  await ctx.db.delete(passkeys).where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, session.user.id)));
  await dropRecoveryCodesIfLast(ctx, session.user.id);
  await ctx.audit({ action: "auth.passkey_removed", ...factorActor(session), metadata: { passkeyId } });
}

/** Options for `navigator.credentials.get()` during a sign-in: only this person's passkeys, challenge bound to the pending sign-in. */
export async function passkeySignInOptions(ctx: RequestContext, pending: PendingSignIn) {
  const mine = await credentialsOf(ctx.db, pending.userId);
  if (mine.length === 0) throw new AuthError(409, ctx.t("secondFactor.errors.noPasskeys"));
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx.publicOrigin).rpID,
    allowCredentials: mine.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
    userVerification: "preferred",
  });
  await storeChallenge(ctx.db, pending.id, "authenticate", options.challenge);
  return options;
}

/** True when the assertion was made by one of this person's passkeys for this pending sign-in's challenge. */
export async function verifyPasskeySignIn(ctx: RequestContext, pending: PendingSignIn, response: unknown): Promise<boolean> {
  const challenge = await takeChallenge(ctx.db, pending.id, "authenticate");
  const assertion = response as AuthenticationResponseJSON;
  if (!challenge || typeof assertion?.id !== "string") return false;
  const stored = await ctx.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, assertion.id), eq(passkeys.userId, pending.userId)))
    .get();
  if (!stored) return false;
  const rp = relyingParty(ctx.publicOrigin);
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: { id: stored.credentialId, publicKey: fromBase64Url(stored.publicKey), counter: stored.counter, transports: transportsOf(stored.transports) },
      requireUserVerification: false,
    });
    if (!verified) return false;
    await ctx.db.update(passkeys).set({ counter: authenticationInfo.newCounter, lastUsedAt: new Date() }).where(eq(passkeys.id, stored.id));
    return true;
  } catch {
    // A malformed response, a cloned authenticator (counter went back), another origin: all simply "not verified".
    return false;
  }
}
