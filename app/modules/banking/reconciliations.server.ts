import { and, desc, eq, lte, sql } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";
import { auditBanking, requireManage, type BankingAccess } from "./access.server";
import { requireAccount } from "./accounts.server";
import { bankImports, bankReconciliations, bankTransactions } from "./schema";

export interface ReconciliationView {
  id: string;
  accountId: string;
  statementEndOn: string;
  closingBalanceMinor: number;
  clearedBalanceMinor: number;
  differenceMinor: number;
  status: "open" | "locked" | "unlocked";
  /** Entries up to the statement's end the bank has not cleared: ticking one moves the difference. */
  uncleared: { id: string; postedOn: string; description: string; amountMinor: number }[];
  lockedAt: string | null;
  lockedBy: string | null;
  unlockReason: string | null;
}

/** What the bank's statement should say on `endOn`: the opening balance plus every cleared transaction up to then. */
async function clearedBalance(db: Db, accountId: string, openingBalanceMinor: number, endOn: string): Promise<number> {
  const row = await db
    .select({ total: sql<number>`coalesce(sum(${bankTransactions.amountMinor}), 0)` })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.accountId, accountId), eq(bankTransactions.cleared, true), lte(bankTransactions.postedOn, endOn)))
    .get();
  return openingBalanceMinor + (row?.total ?? 0);
}

async function view(db: Db, reconciliation: typeof bankReconciliations.$inferSelect, openingBalanceMinor: number): Promise<ReconciliationView> {
  const [cleared, uncleared, locker] = await Promise.all([
    clearedBalance(db, reconciliation.accountId, openingBalanceMinor, reconciliation.statementEndOn),
    db
      .select({
        id: bankTransactions.id,
        postedOn: bankTransactions.postedOn,
        description: bankTransactions.description,
        amountMinor: bankTransactions.amountMinor,
      })
      .from(bankTransactions)
      .where(
        and(
          eq(bankTransactions.accountId, reconciliation.accountId),
          eq(bankTransactions.cleared, false),
          lte(bankTransactions.postedOn, reconciliation.statementEndOn),
        ),
      )
      .orderBy(bankTransactions.postedOn),
    reconciliation.lockedBy ? db.select({ name: users.name }).from(users).where(eq(users.id, reconciliation.lockedBy)).get() : Promise.resolve(undefined),
  ]);
  return {
    id: reconciliation.id,
    accountId: reconciliation.accountId,
    statementEndOn: reconciliation.statementEndOn,
    closingBalanceMinor: reconciliation.closingBalanceMinor,
    clearedBalanceMinor: cleared,
    differenceMinor: reconciliation.closingBalanceMinor - cleared,
    status: reconciliation.status,
    uncleared,
    lockedAt: reconciliation.lockedAt?.toISOString() ?? null,
    lockedBy: locker?.name ?? null,
    unlockReason: reconciliation.unlockReason,
  };
}

/**
 * The end of the account's latest locked statement period, or null. Nothing dated on or before it may enter the books
 * or change whether it is cleared (issue 16): the locked figures are the opening of everything after, and a row
 * slipped in (or an outstanding item ticked) would give the locked reconciliation a difference nobody signed off.
 */
export async function lockedThrough(db: Db, accountId: string): Promise<string | null> {
  const row = await db
    .select({ through: sql<string | null>`max(${bankReconciliations.statementEndOn})` })
    .from(bankReconciliations)
    .where(and(eq(bankReconciliations.accountId, accountId), eq(bankReconciliations.status, "locked")))
    .get();
  return row?.through ?? null;
}

/** SQL: a locked reconciliation of the transaction's account covers its date (for a write's own WHERE, against a race with locking). */
export const datedInLockedPeriod = sql`exists (select 1 from bank_reconciliations r where r.account_id = "bank_transactions"."account_id" and r.status = 'locked' and r.statement_end_on >= "bank_transactions"."posted_on")`;

export async function requireReconciliation(db: Db, access: BankingAccess, id: string) {
  const row = isUuid(id)
    ? await db
        .select()
        .from(bankReconciliations)
        .where(and(eq(bankReconciliations.id, id), eq(bankReconciliations.workspaceId, access.workspaceId)))
        .get()
    : undefined;
  if (!row) throw new Refusal(404, "errors.reconciliationNotFound");
  const account = await requireAccount(db, access, row.accountId);
  return { row, account };
}

/** An account's reconciliations, newest statement first, with the figures of each. */
export async function listReconciliations(db: Db, access: BankingAccess, accountId: string): Promise<ReconciliationView[]> {
  if (!access.readAll) throw new Refusal(403, "errors.onlyTrustees");
  const account = await requireAccount(db, access, accountId);
  const rows = await db
    .select({ row: bankReconciliations, lockerName: users.name })
    .from(bankReconciliations)
    .leftJoin(users, eq(users.id, bankReconciliations.lockedBy))
    .where(eq(bankReconciliations.accountId, account.id))
    .orderBy(desc(bankReconciliations.statementEndOn))
    .limit(24);
  // A locked period cannot change: its kept report says what it was, without summing the account again.
  return Promise.all(rows.map(({ row, lockerName }) => keptView(row, lockerName) ?? view(db, row, account.openingBalanceMinor)));
}

function keptView(row: typeof bankReconciliations.$inferSelect, lockerName: string | null): ReconciliationView | null {
  const report = row.report as { clearedBalanceMinor?: number; outstanding?: unknown } | null;
  if (row.status !== "locked" || !report || typeof report.clearedBalanceMinor !== "number" || !Array.isArray(report.outstanding)) return null;
  const outstanding = (report.outstanding as Partial<ReconciliationView["uncleared"][number]>[]).filter(
    (u): u is ReconciliationView["uncleared"][number] => typeof u?.id === "string" && typeof u.amountMinor === "number",
  );
  return {
    id: row.id,
    accountId: row.accountId,
    statementEndOn: row.statementEndOn,
    closingBalanceMinor: row.closingBalanceMinor,
    clearedBalanceMinor: report.clearedBalanceMinor,
    differenceMinor: row.closingBalanceMinor - report.clearedBalanceMinor,
    status: row.status,
    uncleared: outstanding,
    lockedAt: row.lockedAt?.toISOString() ?? null,
    lockedBy: lockerName,
    unlockReason: row.unlockReason,
  };
}

/** What the last imported statement of the account said its balance was, to propose as the closing balance. */
export async function proposedClosing(db: Db, accountId: string) {
  return db
    .select({ balanceMinor: bankImports.ledgerBalanceMinor, on: bankImports.ledgerBalanceOn })
    .from(bankImports)
    .where(and(eq(bankImports.accountId, accountId), eq(bankImports.status, "committed"), sql`${bankImports.ledgerBalanceMinor} is not null`))
    .orderBy(desc(bankImports.ledgerBalanceOn))
    .get();
}

/**
 * Starts (or resumes) reconciling an account to a statement: one open reconciliation per account, whose
 * end date and closing balance the person may correct. A period already locked cannot be reconciled again.
 */
export async function startReconciliation(
  ctx: RequestContext,
  access: BankingAccess,
  accountId: string,
  input: { statementEndOn: string; closingBalanceMinor: number },
) {
  requireManage(access);
  const account = await requireAccount(ctx.db, access, accountId);
  const lockedLater = await ctx.db
    .select({ id: bankReconciliations.id })
    .from(bankReconciliations)
    .where(
      and(
        eq(bankReconciliations.accountId, account.id),
        eq(bankReconciliations.status, "locked"),
        sql`${bankReconciliations.statementEndOn} >= ${input.statementEndOn}`,
      ),
    )
    .get();
  if (lockedLater) throw new Refusal(409, "errors.periodLocked");
  const open = await ctx.db
    .select()
    .from(bankReconciliations)
    .where(and(eq(bankReconciliations.accountId, account.id), eq(bankReconciliations.status, "open")))
    .get();
  const row = open
    ? await ctx.db.update(bankReconciliations).set(input).where(eq(bankReconciliations.id, open.id)).returning().get()
    : await ctx.db
        .insert(bankReconciliations)
        .values({
          id: crypto.randomUUID(),
          workspaceId: access.workspaceId,
          accountId: account.id,
          ...input,
          status: "open",
          createdBy: access.userId,
          createdAt: new Date(),
        })
        .returning()
        .get();
  return view(ctx.db, row, account.openingBalanceMinor);
}

export async function getReconciliation(db: Db, access: BankingAccess, id: string) {
  if (!access.readAll) throw new Refusal(403, "errors.onlyTrustees");
  const { row, account } = await requireReconciliation(db, access, id);
  return view(db, row, account.openingBalanceMinor);
}

/**
 * Locks a period whose difference is zero: every cleared transaction up to the statement's end joins
 * it, becomes reconciled and cannot change until an owner or trustee unlocks it. The report (who, when,
 * balances, items) is kept with it.
 */
export async function lockReconciliation(ctx: RequestContext, access: BankingAccess, id: string) {
  requireManage(access);
  const { row, account } = await requireReconciliation(ctx.db, access, id);
  if (row.status === "locked") throw new Refusal(409, "errors.alreadyLocked");
  const current = await view(ctx.db, row, account.openingBalanceMinor);
  if (current.differenceMinor !== 0) throw new Refusal(409, "errors.differenceNotZero");
  const items = await ctx.db
    .select({
      id: bankTransactions.id,
      postedOn: bankTransactions.postedOn,
      description: bankTransactions.description,
      amountMinor: bankTransactions.amountMinor,
    })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.accountId, account.id), eq(bankTransactions.cleared, true), lte(bankTransactions.postedOn, row.statementEndOn)))
    .orderBy(bankTransactions.postedOn);
  const now = new Date();
  const report = {
    account: { name: account.name, institution: account.institution, lastFour: account.lastFour, currency: account.currency },
    statementEndOn: row.statementEndOn,
    openingBalanceMinor: account.openingBalanceMinor,
    closingBalanceMinor: row.closingBalanceMinor,
    clearedBalanceMinor: current.clearedBalanceMinor,
    differenceMinor: 0,
    items,
    outstanding: current.uncleared,
    lockedAt: now.toISOString(),
    lockedBy: access.userId,
  };
  const locked = sql`(select ${bankReconciliations.id} from ${bankReconciliations} where ${bankReconciliations.status} = 'locked')`;
  await ctx.db.batch([
    ctx.db
      .update(bankReconciliations)
      .set({ status: "locked", lockedAt: now, lockedBy: access.userId, report, unlockReason: null })
      .where(and(eq(bankReconciliations.id, row.id), sql`${bankReconciliations.status} <> 'locked'`)),
    ctx.db
      .update(bankTransactions)
      .set({ reconciliationId: row.id, status: "reconciled", updatedAt: now })
      .where(
        and(
          eq(bankTransactions.accountId, account.id),
          eq(bankTransactions.cleared, true),
          lte(bankTransactions.postedOn, row.statementEndOn),
          sql`(${bankTransactions.reconciliationId} is null or ${bankTransactions.reconciliationId} not in ${locked})`,
        ),
      ),
  ]);
  await auditBanking(
    ctx,
    access,
    "banking.period_locked",
    { type: "bank_reconciliation", id: row.id },
    {
      accountId: account.id,
      statementEndOn: row.statementEndOn,
      closingBalanceMinor: row.closingBalanceMinor,
      items: items.length,
    },
  );
  return { ...(await getReconciliation(ctx.db, access, row.id)) };
}

/** Unlocking is for owners and trustees, with a reason that stays in the audit log. */
export async function unlockReconciliation(ctx: RequestContext, access: BankingAccess, role: string, id: string, reason: string) {
  if (role !== "owner" && role !== "trustee") throw new Refusal(403, "errors.unlockOwnerTrustee");
  const { row } = await requireReconciliation(ctx.db, access, id);
  if (row.status !== "locked") throw new Refusal(409, "errors.notLocked");
  const now = new Date();
  await ctx.db.batch([
    ctx.db
      .update(bankReconciliations)
      // The sign-off was of the figures as locked: a period locked again is signed off again.
      .set({
        status: "unlocked",
        unlockedAt: now,
        unlockedBy: access.userId,
        unlockReason: reason,
        signedOffAt: null,
        signedOffBy: null,
        signOffNote: null,
        threeWay: null,
      })
      .where(eq(bankReconciliations.id, row.id)),
    ctx.db
      .update(bankTransactions)
      .set({ status: sql`case when ${bankTransactions.purpose} is null then 'unreviewed' else 'accounted' end`, updatedAt: now })
      .where(eq(bankTransactions.reconciliationId, row.id)),
  ]);
  await auditBanking(
    ctx,
    access,
    "banking.period_unlocked",
    { type: "bank_reconciliation", id: row.id },
    { accountId: row.accountId, statementEndOn: row.statementEndOn, reason },
  );
  return getReconciliation(ctx.db, access, row.id);
}
