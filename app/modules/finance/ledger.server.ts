import { eq, sql } from "drizzle-orm";
import type { PrincipalOrIncome } from "~/modules/banking/constants";
import { bankAccounts } from "~/modules/banking/schema";
import type { Db } from "~/platform/db.server";
import type { FinanceAccess } from "./access.server";
import { listAssets, type AssetView } from "./assets.server";
import { allocate, isAllocatedCategory, type AllocationSettings, type EntryKind } from "./allocation";
import { financeAllocations } from "./schema";

/** One line of the fiduciary ledger: a whole transaction, or one part of a split one. */
export interface LedgerEntry {
  id: string;
  transactionId: string;
  accountId: string;
  on: string;
  description: string;
  payee: string | null;
  category: string | null;
  amountMinor: number;
  principalMinor: number;
  incomeMinor: number;
  kind: EntryKind;
  basis: ReturnType<typeof allocate>["basis"];
  beneficiaryUserId: string | null;
  /** Who was paid or is responsible, as banking recorded it (the agent of a fee). */
  partyName: string | null;
}

interface Row {
  id: string;
  transactionId: string;
  accountId: string;
  on: string;
  description: string;
  payee: string | null;
  category: string | null;
  side: PrincipalOrIncome | null;
  amount: number;
  beneficiary: string | null;
  party: string | null;
}

export async function allocationSettings(db: Db, workspaceId: string): Promise<AllocationSettings> {
  const rows = await db.select().from(financeAllocations).where(eq(financeAllocations.workspaceId, workspaceId));
  const settings: AllocationSettings = {};
  for (const row of rows) if (isAllocatedCategory(row.category)) settings[row.category] = row.incomeShareBp;
  return settings;
}

/** The trust's reporting currency: the one most of its accounts are kept in (the first account's on a tie). */
export async function trustCurrency(db: Db, workspaceId: string): Promise<string | null> {
  const rows = await db
    .select({ currency: bankAccounts.currency, n: sql<number>`count(*)`, first: sql<number>`min(${bankAccounts.createdAt})` })
    .from(bankAccounts)
    .where(eq(bankAccounts.workspaceId, workspaceId))
    .groupBy(bankAccounts.currency)
    .orderBy(sql`count(*) desc`, sql`min(${bankAccounts.createdAt})`);
  return rows[0]?.currency ?? null;
}

/**
 * The ledger's entries in one currency up to a day (inclusive), oldest first, each divided between principal and
 * income. Split transactions count by their parts; `beneficiaryUserId` narrows to one person's sub-ledger.
 */
export async function ledgerEntries(
  db: Db,
  workspaceId: string,
  currency: string,
  options: { to?: string; beneficiaryUserId?: string; settings?: AllocationSettings } = {},
): Promise<LedgerEntry[]> {
  const to = options.to ?? "9999-12-31";
  const who = options.beneficiaryUserId ?? null;
  const rows = await db.all<Row>(sql`
    select t.id as id, t.id as transactionId, t.account_id as accountId, t.posted_on as "on", t.description, t.payee, t.category,
           t.principal_or_income as side, t.amount_minor as amount, t.beneficiary_user_id as beneficiary, t.responsible_name as party
      from bank_transactions t
      where t.workspace_id = ${workspaceId} and t.currency = ${currency} and t.posted_on <= ${to}
        and (${who} is null or t.beneficiary_user_id = ${who})
        and not exists (select 1 from bank_transaction_splits s where s.transaction_id = t.id)
    union all
    select s.id, t.id, t.account_id, t.posted_on, t.description, t.payee, s.category, s.principal_or_income, s.amount_minor, s.beneficiary_user_id, t.responsible_name
      from bank_transaction_splits s join bank_transactions t on t.id = s.transaction_id
      where s.workspace_id = ${workspaceId} and t.currency = ${currency} and t.posted_on <= ${to}
        and (${who} is null or s.beneficiary_user_id = ${who})
    order by 4, 1`);
  const settings = options.settings ?? (await allocationSettings(db, workspaceId));
  return rows.map((row) => {
    const allocation = allocate({ amountMinor: Number(row.amount), category: row.category, principalOrIncome: row.side }, settings);
    return {
      id: row.id,
      transactionId: row.transactionId,
      accountId: row.accountId,
      on: row.on,
      description: row.description,
      payee: row.payee,
      category: row.category,
      amountMinor: Number(row.amount),
      beneficiaryUserId: row.beneficiary,
      partyName: row.party,
      ...allocation,
    };
  });
}

/** What a page that shows several readings of the books reads once: the currency, the whole ledger, the assets. */
export interface LoadedBooks {
  currency: string | null;
  entries: LedgerEntry[];
  assets: AssetView[];
}

/** The books once for a page: the overview and the accounting both read them (50,000 rows read twice cost 0.6 s). */
export async function loadBooks(db: Db, access: FinanceAccess): Promise<LoadedBooks> {
  const currency = await trustCurrency(db, access.workspaceId);
  const [entries, assets] = await Promise.all([currency ? ledgerEntries(db, access.workspaceId, currency) : [], listAssets(db, access)]);
  return { currency, entries, assets };
}

/** The accounts' opening balances in a currency: the trust's principal when the books were opened. */
export async function openingPrincipal(db: Db, workspaceId: string, currency: string, onOrBefore = "9999-12-31"): Promise<number> {
  const row = await db
    .select({ total: sql<number>`coalesce(sum(${bankAccounts.openingBalanceMinor}), 0)` })
    .from(bankAccounts)
    .where(sql`${bankAccounts.workspaceId} = ${workspaceId} and ${bankAccounts.currency} = ${currency} and ${bankAccounts.openingOn} <= ${onOrBefore}`)
    .get();
  return Number(row?.total ?? 0);
}

export interface SideBalances {
  principalMinor: number;
  incomeMinor: number;
}

/** Principal and income cash after the given entries, starting from the opening balances (all principal). */
export function balancesAfter(entries: readonly LedgerEntry[], opening: number, through = "9999-12-31"): SideBalances {
  let principalMinor = opening;
  let incomeMinor = 0;
  for (const entry of entries) {
    if (entry.on > through) break;
    principalMinor += entry.principalMinor;
    incomeMinor += entry.incomeMinor;
  }
  return { principalMinor, incomeMinor };
}
