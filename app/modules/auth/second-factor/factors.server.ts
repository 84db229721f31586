import { and, asc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Peppers } from "~/modules/auth/password.server";
import type { Db } from "~/platform/db.server";
import { memberships, workspaces } from "~/modules/workspaces/schema";
import { passkeys, recoveryCodes, totpCredentials } from "./schema";
import { madeBeforeRotation } from "./secret-box.server";

/** How the second step of a sign-in may be completed, in the order the screen offers them. */
export type SecondFactorMethod = "totp" | "passkey" | "recovery_code";

/** True (1) when the user in `userId` has an authenticator app or a passkey: the SQL for one query's column. */
export function hasSecondFactorSql(userId: SQL | SQLiteColumn | string): SQL<number> {
  return sql<number>`(exists (select 1 from totp_credentials where user_id = ${userId} and confirmed_at is not null)
    or exists (select 1 from passkeys where user_id = ${userId}))`;
}

/** The methods a person can finish a sign-in with; empty when they have no second factor. */
export async function secondFactorMethods(db: Db, userId: string): Promise<SecondFactorMethod[]> {
  const row = await db.get<{ totp: number; passkeys: number; recovery: number }>(sql`select
    (select count(*) from totp_credentials where user_id = ${userId} and confirmed_at is not null) as totp,
    (select count(*) from passkeys where user_id = ${userId}) as passkeys,
    (select count(*) from recovery_codes where user_id = ${userId} and used_at is null) as recovery`);
  const methods: SecondFactorMethod[] = [];
  if (row?.totp) methods.push("totp");
  if (row?.passkeys) methods.push("passkey");
  // Recovery codes stand in for a factor; without one they are not offered (and are deleted with the last one).
  if (methods.length > 0 && row?.recovery) methods.push("recovery_code");
  return methods;
}

export interface FactorOverview {
  totp: { confirmedAt: string } | null;
  passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null; backedUp: boolean }[];
  recoveryCodesLeft: number;
  /** Some unused codes were made with the pepper before the current one: they stop working when the rotation ends. */
  recoveryCodesStale: boolean;
}

/** What /profile shows: the app (when confirmed), the passkeys and how many recovery codes are left. */
export async function factorOverview(db: Db, userId: string, peppers: Peppers): Promise<FactorOverview> {
  const [totp, keys, codes] = await db.batch([
    db
      .select({ confirmedAt: totpCredentials.confirmedAt })
      .from(totpCredentials)
      .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt))),
    db
      .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt, backedUp: passkeys.backedUp })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt)),
    db
      .select({ codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  return {
    totp: totp[0]?.confirmedAt ? { confirmedAt: totp[0].confirmedAt.toISOString() } : null,
    passkeys: keys.map((k) => ({ ...k, createdAt: k.createdAt.toISOString(), lastUsedAt: k.lastUsedAt?.toISOString() ?? null })),
    recoveryCodesLeft: codes.length,
    recoveryCodesStale: codes.some((code) => madeBeforeRotation(code.codeHash, peppers)),
  };
}

/** Of these people, those who have a second factor (the owner's view of who is ready for the requirement). */
export async function usersWithSecondFactor(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.all<{ userId: string }>(sql`select value as userId from json_each(${JSON.stringify(userIds)}) where ${hasSecondFactorSql(sql`value`)}`);
  return new Set(rows.map((r) => r.userId));
}

/** The first of the person's workspaces that requires a second factor (removing the last one is refused then). */
export async function workspaceRequiringSecondFactor(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .select({ name: workspaces.name })
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(and(eq(memberships.userId, userId), eq(workspaces.requireSecondFactor, true), isNull(workspaces.deletionRequestedAt)))
    .get();
  return row?.name ?? null;
}
