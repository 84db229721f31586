import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Peppers } from "~/modules/auth/password.server";
import type { Db } from "~/platform/db.server";
import { generateRecoveryCodes, type CodeKind } from "./codes";
import { recoveryCodes, totpCredentials } from "./schema";
import { hashRecoveryCode, openSecret, recoveryCodeHashes, sealSecret } from "./secret-box.server";
import { matchTotp } from "./totp";

/**
 * Accepts a current code of the person's confirmed authenticator app, once: the accepted step is written with a
 * condition on the last one, so two requests with the same code cannot both pass.
 */
export async function spendTotpCode(db: Db, peppers: Peppers, userId: string, code: string, now = Date.now()): Promise<boolean> {
  const row = await db
    .select()
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)))
    .get();
  if (!row) return false;
  const opened = await openSecret(peppers, userId, row.secretBox);
  if (!opened) return false;
  const step = matchTotp(opened.secret, code, now, row.lastUsedStep);
  if (step === null) return false;
  // Sealed with the previous pepper: sealed again with the current one, so the rotation can finish.
  const secretBox = opened.stale ? await sealSecret(peppers, userId, opened.secret) : row.secretBox;
  const taken = await db
    .update(totpCredentials)
    .set({ lastUsedStep: step, secretBox })
    .where(and(eq(totpCredentials.userId, userId), or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step))))
    .returning({ userId: totpCredentials.userId })
    .get();
  return Boolean(taken);
}

/**
 * During a pepper rotation, at the password step (with the password's own re-hash): an authenticator secret sealed
 * with the previous pepper is sealed again with the current one, whichever factor the person then uses. Once nobody
 * signs in with an old password hash, no secret depends on the previous pepper either.
 */
export async function resealTotpSecret(db: Db, peppers: Peppers, userId: string): Promise<void> {
  const row = await db.select({ secretBox: totpCredentials.secretBox }).from(totpCredentials).where(eq(totpCredentials.userId, userId)).get();
  if (!row) return;
  const opened = await openSecret(peppers, userId, row.secretBox);
  if (!opened?.stale) return;
  const secretBox = await sealSecret(peppers, userId, opened.secret);
  await db
    .update(totpCredentials)
    .set({ secretBox })
    .where(and(eq(totpCredentials.userId, userId), eq(totpCredentials.secretBox, row.secretBox)));
}

/** Spends one unused recovery code; the UPDATE … RETURNING is atomic, so a code works exactly once. */
export async function spendRecoveryCode(db: Db, peppers: Peppers, userId: string, normalizedCode: string): Promise<boolean> {
  const hashes = await recoveryCodeHashes(peppers, normalizedCode);
  const row = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), inArray(recoveryCodes.codeHash, hashes), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id })
    .get();
  return Boolean(row);
}

/** Either kind of typed code, as `classifyCode` read it. */
export function spendCode(db: Db, peppers: Peppers, userId: string, code: { kind: CodeKind; value: string }): Promise<boolean> {
  return code.kind === "totp" ? spendTotpCode(db, peppers, userId, code.value) : spendRecoveryCode(db, peppers, userId, code.value);
}

/** A new set of recovery codes replaces the old one (used or not); the codes themselves are returned once and never stored. */
export async function replaceRecoveryCodes(db: Db, peppers: Peppers, userId: string): Promise<string[]> {
  const codes = generateRecoveryCodes();
  const now = new Date();
  const rows = await Promise.all(
    codes.map(async (code) => ({
      id: crypto.randomUUID(),
      userId,
      codeHash: await hashRecoveryCode(peppers, code.replace("-", "")),
      usedAt: null,
      createdAt: now,
    })),
  );
  await db.batch([db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)), db.insert(recoveryCodes).values(rows)]);
  return codes;
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .select({ count: sql<number>`count(*)` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .get();
  return row?.count ?? 0;
}

export async function hasConfirmedTotp(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .select({ userId: totpCredentials.userId })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)))
    .get();
  return Boolean(row);
}
