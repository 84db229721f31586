import { and, asc, desc, eq, gte, lte, or, sql, type SQL } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import { memberships } from "~/modules/workspaces/schema";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";
import { auditBanking, type BankingAccess } from "./access.server";
import { requireAccount } from "./accounts.server";
import { datedInLockedPeriod, lockedThrough } from "./reconciliations.server";
import { defaultSide, isCategory, namesBeneficiary } from "./categories";
import { bankReceipts, bankReconciliations, bankRules, bankTransactions, type TransactionStatus } from "./schema";
import { ownParts, splitsOf, type SplitView } from "./split-parts.server";
import type { TransactionFilter } from "./transaction-query";
import type { TransactionUpdate } from "./validation";

export interface TransactionView {
  id: string;
  accountId: string;
  postedOn: string;
  description: string;
  amountMinor: number;
  currency: string;
  bankId: string | null;
  purpose: string | null;
  responsibleParty: { userId?: string; name: string } | null;
  notes: string | null;
  category: string | null;
  principalOrIncome: string | null;
  beneficiaryUserId: string | null;
  status: TransactionStatus;
  cleared: boolean;
  locked: boolean;
  ruleId: string | null;
  /** The rule that filled the transaction in (its name is null once the rule is deleted); null once a person edits it. */
  rule: { id: string; name: string | null } | null;
  receipts: { id: string; fileName: string; contentType: string }[];
  /** The parts when the transaction is split (a beneficiary sees only hers). */
  splits: SplitView[];
}

/** A beneficiary's own sub-ledger: transactions categorised to her, whole or by a split. */
function ownSubLedger(userId: string): SQL {
  return or(
    eq(bankTransactions.beneficiaryUserId, userId),
    // Table names written out: drizzle leaves columns unqualified in a one-table query.
    sql`exists (select 1 from bank_transaction_splits s where s.transaction_id = "bank_transactions"."id" and s.beneficiary_user_id = ${userId})`,
  ) as SQL;
}

export const LIST_LIMIT = 500;
export const PAGE_SIZE = 100;

/** An account's transactions, newest first, as far as this person may see them; and its balance when they may. */
export async function listTransactions(db: Db, access: BankingAccess, accountId: string, filter: TransactionFilter, { withBalance = true } = {}) {
  const pageSize = Math.max(1, Math.min(filter.limit ?? PAGE_SIZE, LIST_LIMIT));
  const page = Math.max(1, Math.min(filter.page ?? 1, 10_000));
  if (!isUuid(accountId)) throw new Refusal(404, "errors.accountNotFound");
  const where: SQL[] = [eq(bankTransactions.accountId, accountId), eq(bankTransactions.workspaceId, access.workspaceId)];
  if (!access.readAll) where.push(ownSubLedger(access.userId));
  if (filter.from) where.push(gte(bankTransactions.postedOn, filter.from));
  if (filter.to) where.push(lte(bankTransactions.postedOn, filter.to));
  if (filter.status) where.push(eq(bankTransactions.status, filter.status));
  if (filter.unaccountedOnly) where.push(eq(bankTransactions.status, "unreviewed"));
  if (filter.category)
    where.push(
      or(
        eq(bankTransactions.category, filter.category),
        sql`exists (select 1 from bank_transaction_splits s where s.transaction_id = "bank_transactions"."id" and s.category = ${filter.category})`,
      ) as SQL,
    );
  if (filter.party)
    where.push(isUuid(filter.party) ? eq(bankTransactions.responsibleUserId, filter.party) : eq(bankTransactions.responsibleName, filter.party));
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(${bankTransactions.description} like ${pattern} escape '\\' or ${bankTransactions.purpose} like ${pattern} escape '\\')`);
  }
  // The account's check runs beside the queries (each is scoped to the workspace too): one round trip fewer.
  const [account, found, balance] = await Promise.all([
    requireAccount(db, access, accountId),
    db
      .select({ tx: bankTransactions, lockedStatus: bankReconciliations.status, ruleName: bankRules.name })
      .from(bankTransactions)
      .leftJoin(bankReconciliations, eq(bankReconciliations.id, bankTransactions.reconciliationId))
      .leftJoin(bankRules, eq(bankRules.id, bankTransactions.ruleId))
      .where(and(...where))
      .orderBy(desc(bankTransactions.postedOn), desc(bankTransactions.createdAt))
      // One more than the page: whether an older page exists, without counting 50,000 rows.
      .limit(pageSize + 1)
      .offset((page - 1) * pageSize),
    access.seesTotals && withBalance
      ? db
          .select({ total: sql<number>`coalesce(sum(${bankTransactions.amountMinor}), 0)` })
          .from(bankTransactions)
          // By account alone, read from an index; unseen unless `requireAccount` above finds it in the workspace.
          .where(eq(bankTransactions.accountId, accountId))
          .get()
      : Promise.resolve(null),
  ]);
  const more = found.length > pageSize;
  const rows = more ? found.slice(0, pageSize) : found;
  const ids = rows.map((r) => r.tx.id);
  const [receipts, splits] = await Promise.all([receiptsOf(db, access.workspaceId, ids), splitsOf(db, access.workspaceId, ids)]);
  return {
    account,
    transactions: rows.map(({ tx, lockedStatus, ruleName }) =>
      toView(tx, lockedStatus === "locked", receipts, visibleParts(access, splits.get(tx.id)), ruleName),
    ),
    balanceMinor: balance ? account.openingBalanceMinor + balance.total : null,
    page,
    pageSize,
    more,
  };
}

function receiptsOf(db: Db, workspaceId: string, ids: string[]) {
  return ids.length
    ? db
        .select({ id: bankReceipts.id, transactionId: bankReceipts.transactionId, fileName: bankReceipts.fileName, contentType: bankReceipts.contentType })
        .from(bankReceipts)
        .where(
          and(
            eq(bankReceipts.workspaceId, workspaceId),
            // One bound parameter for the whole page (D1 allows 100 per query).
            sql`${bankReceipts.transactionId} in (select value from json_each(${JSON.stringify(ids)}))`,
          ),
        )
        .orderBy(asc(bankReceipts.createdAt))
    : Promise.resolve([]);
}

/** All parts for those who read everything; a beneficiary's own parts only. */
function visibleParts(access: BankingAccess, parts: SplitView[] | undefined): SplitView[] {
  if (!parts) return [];
  return access.readAll ? parts : ownParts(parts, access.userId);
}

type TransactionRow = typeof bankTransactions.$inferSelect;

function toView(
  tx: TransactionRow,
  locked: boolean,
  receipts: { id: string; transactionId: string; fileName: string; contentType: string }[],
  splits: SplitView[],
  ruleName: string | null = null,
): TransactionView {
  // A beneficiary reading a split sees the sum of her own parts, never what went to the others.
  const ownShare = tx.beneficiaryUserId === null && splits.length > 0 && splits.reduce((sum, p) => sum + p.amountMinor, 0);
  return {
    id: tx.id,
    accountId: tx.accountId,
    postedOn: tx.postedOn,
    description: tx.description,
    amountMinor: ownShare === false ? tx.amountMinor : ownShare,
    currency: tx.currency,
    bankId: tx.bankId,
    purpose: tx.purpose,
    responsibleParty: tx.responsibleName ? { ...(tx.responsibleUserId ? { userId: tx.responsibleUserId } : {}), name: tx.responsibleName } : null,
    notes: tx.notes,
    category: tx.category,
    principalOrIncome: tx.principalOrIncome,
    beneficiaryUserId: tx.beneficiaryUserId,
    status: tx.status,
    cleared: tx.cleared,
    locked,
    ruleId: tx.ruleId,
    rule: tx.ruleId ? { id: tx.ruleId, name: ruleName } : null,
    receipts: receipts.filter((r) => r.transactionId === tx.id).map(({ id, fileName, contentType }) => ({ id, fileName, contentType })),
    splits,
  };
}

/** The transaction if it is in the caller's workspace and they may see it; otherwise 404. */
export async function requireTransaction(db: Db, access: BankingAccess, id: string) {
  const row = isUuid(id)
    ? await db
        .select({ tx: bankTransactions, reconciliationStatus: bankReconciliations.status })
        .from(bankTransactions)
        .leftJoin(bankReconciliations, eq(bankReconciliations.id, bankTransactions.reconciliationId))
        .where(and(eq(bankTransactions.id, id), eq(bankTransactions.workspaceId, access.workspaceId), access.readAll ? undefined : ownSubLedger(access.userId)))
        .get()
    : undefined;
  if (!row) throw new Refusal(404, "errors.transactionNotFound");
  return { ...row.tx, locked: row.reconciliationStatus === "locked" };
}

/** A member of this workspace by id, for a responsible party or a beneficiary. */
async function memberName(db: Db, workspaceId: string, userId: string): Promise<string | null> {
  const row = await db
    .select({ name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .get();
  return row?.name ?? null;
}

/**
 * Accounts for a transaction: purpose, responsible party, notes, category, principal or income. The
 * lawyer may only annotate (notes); a locked transaction is refused whatever the screen showed. Every
 * change is audited with what it was before and after.
 */
export async function updateTransaction(ctx: RequestContext, access: BankingAccess, id: string, input: TransactionUpdate) {
  const tx = await requireTransaction(ctx.db, access, id);
  const touchesAccounting = Object.keys(input).some((k) => k !== "notes");
  if (!access.manage && !(access.annotate && !touchesAccounting)) throw new Refusal(403, access.annotate ? "errors.annotateOnly" : "errors.onlyTrustees");
  if (tx.locked) {
    await auditBanking(ctx, access, "banking.locked_edit_refused", { type: "bank_transaction", id: tx.id }, undefined, "denied");
    throw new Refusal(409, "errors.transactionLocked");
  }
  // Ticking (or unticking) an item dated in a locked period would move that period's cleared balance: its
  // reconciliation would show a difference nobody signed off. An outstanding item stays so until it is unlocked.
  const clearing = input.cleared !== undefined && input.cleared !== tx.cleared;
  const through = clearing ? await lockedThrough(ctx.db, tx.accountId) : null;
  if (through && tx.postedOn <= through) {
    await auditBanking(ctx, access, "banking.locked_clear_refused", { type: "bank_transaction", id: tx.id }, { lockedThrough: through }, "denied");
    throw new Refusal(409, "errors.clearingLocked", { date: through });
  }

  const changes: Partial<TransactionRow> = {};
  if (input.purpose !== undefined) changes.purpose = input.purpose || null;
  if (input.notes !== undefined) changes.notes = input.notes || null;
  if (input.responsibleParty !== undefined) {
    const party = input.responsibleParty?.trim() || null;
    if (!party) Object.assign(changes, { responsibleUserId: null, responsibleName: null });
    else if (isUuid(party)) {
      const name = await memberName(ctx.db, access.workspaceId, party);
      if (!name) throw new Refusal(400, "validation.partyNotMember", undefined, { responsibleParty: "validation.partyNotMember" });
      Object.assign(changes, { responsibleUserId: party, responsibleName: name });
    } else Object.assign(changes, { responsibleUserId: null, responsibleName: party });
  }
  if (input.category !== undefined) {
    const category = input.category && isCategory(input.category) ? input.category : null;
    changes.category = category;
    // The side follows the category unless the person sets it in the same edit.
    if (input.principalOrIncome === undefined && category) changes.principalOrIncome = defaultSide(category);
    if (!namesBeneficiary(category)) changes.beneficiaryUserId = null;
  }
  if (input.principalOrIncome !== undefined) changes.principalOrIncome = input.principalOrIncome;
  if (input.cleared !== undefined) changes.cleared = input.cleared;
  if (input.beneficiaryUserId !== undefined) {
    if (input.beneficiaryUserId && !(await memberName(ctx.db, access.workspaceId, input.beneficiaryUserId)))
      throw new Refusal(400, "validation.beneficiaryInvalid", undefined, { beneficiaryUserId: "validation.beneficiaryInvalid" });
    changes.beneficiaryUserId = input.beneficiaryUserId;
  }
  const purpose = changes.purpose !== undefined ? changes.purpose : tx.purpose;
  if (tx.status !== "reconciled") changes.status = purpose ? "accounted" : "unreviewed";
  changes.ruleId = null;
  changes.updatedAt = new Date();

  const updated = await ctx.db
    .update(bankTransactions)
    .set(changes)
    .where(
      and(
        eq(bankTransactions.id, tx.id),
        sql`not exists (select 1 from bank_reconciliations r where r.id = "bank_transactions"."reconciliation_id" and r.status = 'locked')`,
        // A period locked since the check above: still no clearing inside it.
        clearing ? sql`not ${datedInLockedPeriod}` : undefined,
      ),
    )
    .returning()
    .get();
  if (!updated) {
    const lockedNow = clearing ? await lockedThrough(ctx.db, tx.accountId) : null;
    if (lockedNow && tx.postedOn <= lockedNow) throw new Refusal(409, "errors.clearingLocked", { date: lockedNow });
    throw new Refusal(409, "errors.transactionLocked");
  }
  const before: Record<string, string | number | boolean | null> = {};
  const after: Record<string, string | number | boolean | null> = {};
  for (const key of Object.keys(changes) as (keyof TransactionRow)[]) {
    if (key === "updatedAt" || key === "ruleId" || tx[key] === updated[key]) continue;
    before[`before.${key}`] = (tx[key] as string | null) ?? null;
    after[`after.${key}`] = (updated[key] as string | null) ?? null;
  }
  await auditBanking(ctx, access, "banking.transaction_updated", { type: "bank_transaction", id: tx.id }, { ...before, ...after });
  return toView(updated, false, [], access.readAll ? ((await splitsOf(ctx.db, access.workspaceId, [tx.id])).get(tx.id) ?? []) : []);
}
