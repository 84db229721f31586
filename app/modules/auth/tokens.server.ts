import { and, eq, gt, isNull } from "drizzle-orm";
import { randomToken, sha256Hex } from "~/platform/crypto.server";
import type { Db } from "~/platform/db.server";
import { authTokens } from "./schema";

export type TokenPurpose = (typeof authTokens.$inferSelect)["purpose"];

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  reset_password: 60 * 60 * 1000,
  verify_email: 7 * 24 * 60 * 60 * 1000,
};

/** Issues a single-use token; earlier unused tokens of the same purpose stop working. */
export async function issueToken(db: Db, userId: string, purpose: TokenPurpose): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  await db.batch([
    db
      .update(authTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt))),
    db.insert(authTokens).values({
      id: crypto.randomUUID(),
      userId,
      purpose,
      tokenHash: await sha256Hex(token),
      expiresAt: new Date(now + TOKEN_LIFETIME_MS[purpose]),
      createdAt: new Date(now),
    }),
  ]);
  return token;
}

/**
 * Marks the token used and returns its user id, or null when it is unknown, used or expired.
 * The UPDATE … RETURNING is atomic, so two concurrent uses cannot both succeed.
 */
export async function consumeToken(db: Db, token: string, purpose: TokenPurpose): Promise<string | null> {
  const now = new Date();
  const row = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.tokenHash, await sha256Hex(token)), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .returning({ userId: authTokens.userId })
    .get();
  return row?.userId ?? null;
}

/** Looks a token up without using it (the reset page checks the link before showing the form). */
export async function peekToken(db: Db, token: string, purpose: TokenPurpose): Promise<boolean> {
  const row = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(
      and(eq(authTokens.tokenHash, await sha256Hex(token)), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())),
    )
    .get();
  return Boolean(row);
}
