import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";
import { auditBanking, requireManage, type BankingAccess } from "./access.server";
import { bankAccounts, type AccountType } from "./schema";

export interface AccountSummary {
  id: string;
  name: string;
  institution: string;
  lastFour: string;
  type: AccountType;
  currency: string;
  openingBalanceMinor: number | null;
  openingOn: string;
  /** Opening balance plus every transaction; null when the person may not see totals. */
  balanceMinor: number | null;
  transactionCount: number | null;
  unaccounted: number | null;
  hasCsvMapping: boolean;
}

/** The workspace's accounts with their balances, in one query. */
export async function listAccounts(db: Db, access: BankingAccess): Promise<AccountSummary[]> {
  const rows = await db
    .select({
      account: bankAccounts,
      // Written out with table names: drizzle leaves columns unqualified in a one-table select, and inside
      // a subquery "id" would then be the transaction's own id.
      total: sql<number>`coalesce((select sum(t.amount_minor) from bank_transactions t where t.account_id = "bank_accounts"."id"), 0)`,
      count: sql<number>`(select count(*) from bank_transactions t where t.account_id = "bank_accounts"."id")`,
      unaccounted: sql<number>`(select count(*) from bank_transactions t where t.account_id = "bank_accounts"."id" and t.status = 'unreviewed')`,
    })
    .from(bankAccounts)
    .where(eq(bankAccounts.workspaceId, access.workspaceId))
    .orderBy(asc(bankAccounts.createdAt));
  return rows.map(({ account, total, count, unaccounted }) => ({
    id: account.id,
    name: account.name,
    institution: account.institution,
    lastFour: account.lastFour,
    type: account.type,
    currency: account.currency,
    openingOn: account.openingOn,
    openingBalanceMinor: access.seesTotals ? account.openingBalanceMinor : null,
    balanceMinor: access.seesTotals ? account.openingBalanceMinor + total : null,
    transactionCount: access.readAll ? count : null,
    unaccounted: access.readAll ? unaccounted : null,
    hasCsvMapping: account.csvMapping != null,
  }));
}

export interface NewAccount {
  name: string;
  institution: string;
  type: AccountType;
  currency: string;
  lastFour: string;
  openingBalanceMinor: number;
  openingOn: string;
}

export async function createAccount(ctx: RequestContext, access: BankingAccess, input: NewAccount): Promise<{ id: string }> {
  requireManage(access);
  const id = crypto.randomUUID();
  await ctx.db.insert(bankAccounts).values({ id, workspaceId: access.workspaceId, ...input, createdBy: access.userId, createdAt: new Date() });
  await auditBanking(
    ctx,
    access,
    "banking.account_created",
    { type: "bank_account", id },
    { name: input.name, lastFour: input.lastFour, currency: input.currency },
  );
  return { id };
}

/** The account if it is in the caller's workspace; otherwise 404 (another family's account does not exist for them). */
export async function requireAccount(db: Db, access: BankingAccess, id: string) {
  const account = isUuid(id)
    ? await db
        .select()
        .from(bankAccounts)
        .where(and(eq(bankAccounts.id, id), eq(bankAccounts.workspaceId, access.workspaceId)))
        .get()
    : undefined;
  if (!account) throw new Refusal(404, "errors.accountNotFound");
  return account;
}
