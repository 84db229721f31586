import { and, eq, gt, sql } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import { memberships } from "~/modules/workspaces/schema";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { auditBanking, requireManage, type BankingAccess } from "./access.server";
import { getReconciliation, requireReconciliation, type ReconciliationView } from "./reconciliations.server";
import { bankReconciliations, bankTransactions } from "./schema";
import { threeWayFigures, type ThreeWayFigures } from "./three-way";

export interface ThreeWayView extends ThreeWayFigures {
  reconciliationId: string;
  statementEndOn: string;
  currency: string;
  status: "open" | "locked" | "unlocked";
  /** Set once a trustee has signed the figures off: they are then the kept ones, not recomputed. */
  signedOff: { at: string; by: string | null; note: string | null } | null;
}

/** Every beneficiary's direct movements up to the statement's end: whole transactions and parts of splits. */
async function directByBeneficiary(db: Db, accountId: string, endOn: string) {
  const rows = await db.all<{ userId: string; total: number }>(sql`
    select beneficiary_user_id as userId, sum(amount) as total from (
      select t.beneficiary_user_id, t.amount_minor as amount from bank_transactions t
        where t.account_id = ${accountId} and t.posted_on <= ${endOn} and t.beneficiary_user_id is not null
          and not exists (select 1 from bank_transaction_splits s where s.transaction_id = t.id)
      union all
      select s.beneficiary_user_id, s.amount_minor from bank_transaction_splits s join bank_transactions t on t.id = s.transaction_id
        where t.account_id = ${accountId} and t.posted_on <= ${endOn} and s.beneficiary_user_id is not null
    ) group by beneficiary_user_id`);
  return new Map(rows.map((r) => [r.userId, Number(r.total)]));
}

/**
 * The three figures for a reconciliation's period, as Clio shows them for a law firm's trust account: the
 * bank's closing balance adjusted for outstanding items, the trust's ledger balance, and the sum of the
 * beneficiaries' sub-ledgers (what was categorised to each, plus their beneficial share of the rest).
 */
export async function computeThreeWay(db: Db, access: BankingAccess, id: string, known?: ReconciliationView): Promise<ThreeWayView> {
  if (!access.readAll) throw new Refusal(403, "errors.onlyTrustees");
  const { row, account } = await requireReconciliation(db, access, id);
  const signedOff = row.signedOffAt
    ? {
        at: row.signedOffAt.toISOString(),
        by: row.signedOffBy ? ((await db.select({ name: users.name }).from(users).where(eq(users.id, row.signedOffBy)).get())?.name ?? null) : null,
        note: row.signOffNote,
      }
    : null;
  const common = { reconciliationId: row.id, statementEndOn: row.statementEndOn, currency: account.currency, status: row.status, signedOff };
  if (signedOff && row.threeWay) return { ...(row.threeWay as ThreeWayFigures), ...common };

  const [reconciliation, ledger, direct, holders] = await Promise.all([
    known?.id === row.id ? known : getReconciliation(db, access, row.id),
    db
      .select({ total: sql<number>`coalesce(sum(${bankTransactions.amountMinor}), 0)` })
      .from(bankTransactions)
      .where(and(eq(bankTransactions.accountId, account.id), sql`${bankTransactions.postedOn} <= ${row.statementEndOn}`))
      .get(),
    directByBeneficiary(db, account.id, row.statementEndOn),
    db
      .select({ userId: memberships.userId, name: users.name, shareBp: memberships.beneficialShareBp })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, access.workspaceId), gt(memberships.beneficialShareBp, 0))),
  ]);
  const names = new Map(holders.map((h) => [h.userId, h.name]));
  const others = [...direct.keys()].filter((userId) => !names.has(userId));
  if (others.length)
    for (const u of await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(sql`${users.id} in (select value from json_each(${JSON.stringify(others)}))`))
      names.set(u.id, u.name);
  const beneficiaries = [...new Set([...holders.map((h) => h.userId), ...direct.keys()])].map((userId) => ({
    userId,
    name: names.get(userId) ?? "—",
    shareBp: holders.find((h) => h.userId === userId)?.shareBp ?? null,
    directMinor: direct.get(userId) ?? 0,
  }));
  beneficiaries.sort((a, b) => a.name.localeCompare(b.name));
  const figures = threeWayFigures({
    statementBalanceMinor: row.closingBalanceMinor,
    outstandingMinor: reconciliation.uncleared.reduce((sum, u) => sum + u.amountMinor, 0),
    ledgerBalanceMinor: account.openingBalanceMinor + Number(ledger?.total ?? 0),
    beneficiaries,
  });
  return { ...figures, ...common };
}

/**
 * A trustee signs the three-way reconciliation of a locked period off: the figures are kept as they are
 * now, with who and when. Figures that do not agree can be signed off only with a note saying why.
 */
export async function signOffThreeWay(ctx: RequestContext, access: BankingAccess, id: string, note: string | null) {
  requireManage(access);
  const view = await computeThreeWay(ctx.db, access, id);
  if (view.status !== "locked") throw new Refusal(409, "errors.signOffNeedsLock");
  if (view.signedOff) throw new Refusal(409, "errors.alreadySignedOff");
  if (!view.balanced && !note) throw new Refusal(400, "validation.signOffNoteRequired", undefined, { note: "validation.signOffNoteRequired" });
  const { reconciliationId, statementEndOn: _end, currency: _currency, status: _status, signedOff: _signed, ...figures } = view;
  const now = new Date();
  const updated = await ctx.db
    .update(bankReconciliations)
    .set({ threeWay: figures, signedOffAt: now, signedOffBy: access.userId, signOffNote: note })
    .where(and(eq(bankReconciliations.id, reconciliationId), eq(bankReconciliations.status, "locked"), sql`${bankReconciliations.signedOffAt} is null`))
    .returning({ id: bankReconciliations.id })
    .get();
  if (!updated) throw new Refusal(409, "errors.signOffNeedsLock");
  await auditBanking(
    ctx,
    access,
    "banking.three_way_signed_off",
    { type: "bank_reconciliation", id: reconciliationId },
    {
      adjustedBankMinor: figures.adjustedBankMinor,
      ledgerBalanceMinor: figures.ledgerBalanceMinor,
      subLedgerTotalMinor: figures.subLedgerTotalMinor,
      balanced: figures.balanced,
      note,
    },
  );
  return computeThreeWay(ctx.db, access, reconciliationId);
}
