import { and, eq, gt, lt, sql } from "drizzle-orm";
import { tokenCookie } from "~/platform/cookies";
import { randomToken, sha256Hex } from "~/platform/crypto.server";
import type { Db } from "~/platform/db.server";
import { pendingSignIns } from "./schema";

/** Long enough to find the phone and type a code; short enough that a stolen password step is soon worthless. */
export const PENDING_TTL_MS = 5 * 60 * 1000;
/** Wrong codes one pending sign-in may take before the password has to be entered again. */
export const PENDING_MAX_ATTEMPTS = 5;

export type PendingSignIn = typeof pendingSignIns.$inferSelect;

/** Its own cookie, never the session's: nothing that reads sessions can mistake it for a signed-in person. */
const pendingCookie = tokenCookie("signin-2fa", "Strict");

export const pendingCookieName = pendingCookie.name;

export function serializePendingCookie(token: string, secure: boolean): string {
  return pendingCookie.serialize(token, secure, PENDING_TTL_MS / 1000);
}

export const clearPendingCookie = pendingCookie.clear;

export const readPendingToken = pendingCookie.read;

export async function createPendingSignIn(db: Db, input: { userId: string; remember: boolean }) {
  const token = randomToken();
  const now = Date.now();
  const row = {
    id: crypto.randomUUID(),
    tokenHash: await sha256Hex(token),
    userId: input.userId,
    remember: input.remember,
    attempts: 0,
    createdAt: new Date(now),
    expiresAt: new Date(now + PENDING_TTL_MS),
  };
  // Expired ones of anybody go with each new one: the table stays as small as the sign-ins in progress.
  await db.batch([db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, new Date(now))), db.insert(pendingSignIns).values(row)]);
  return { token, pending: row };
}

/** The caller's pending sign-in, or null when there is none, it has expired or it was used up. */
export async function findPendingSignIn(db: Db, request: Request): Promise<PendingSignIn | null> {
  const token = readPendingToken(request);
  if (!token) return null;
  const row = await db
    .select()
    .from(pendingSignIns)
    .where(and(eq(pendingSignIns.tokenHash, await sha256Hex(token)), gt(pendingSignIns.expiresAt, new Date())))
    .get();
  return row ?? null;
}

/**
 * Takes one of the pending sign-in's tries before its factor is checked: the UPDATE's condition is the check, so
 * codes sent at the same moment never get more tries than PENDING_MAX_ATTEMPTS. Returns the tries left after this
 * one, or null when none was left (or the step expired).
 */
export async function takePendingAttempt(db: Db, id: string): Promise<number | null> {
  const row = await db
    .update(pendingSignIns)
    .set({ attempts: sql`${pendingSignIns.attempts} + 1` })
    .where(and(eq(pendingSignIns.id, id), lt(pendingSignIns.attempts, PENDING_MAX_ATTEMPTS), gt(pendingSignIns.expiresAt, new Date())))
    .returning({ attempts: pendingSignIns.attempts })
    .get();
  return row ? Math.max(0, PENDING_MAX_ATTEMPTS - row.attempts) : null;
}

/** A pending sign-in whose tries are used up goes: the person starts again with their password. */
export async function dropPendingSignIn(db: Db, id: string): Promise<void> {
  await db.delete(pendingSignIns).where(eq(pendingSignIns.id, id));
}

/** Takes the pending sign-in for good; null when another request already did (two codes sent at once). */
export async function consumePendingSignIn(db: Db, id: string): Promise<PendingSignIn | null> {
  return (await db.delete(pendingSignIns).where(eq(pendingSignIns.id, id)).returning().get()) ?? null;
}
