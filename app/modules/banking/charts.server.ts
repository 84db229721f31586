import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import type { BankingAccess } from "./access.server";
import { requireAccount } from "./accounts.server";
import {
  balancesAt,
  categoryFlows,
  chooseStep,
  defaultRange,
  isDay,
  monthsBetween,
  pointDays,
  withSplits,
  type CategoryFlow,
  type FlowRow,
  type SplitPart,
  type Step,
} from "./charts";
import { bankAccounts } from "./schema";

/** One chart of balances: the accounts of one currency, each a line through the same days. */
export interface BalanceChart {
  currency: string;
  step: Step;
  days: string[];
  series: { accountId: string; name: string; balancesMinor: (number | null)[] }[];
}

/** Money in and out by category per month, for the accounts of one currency. */
export interface FlowChart {
  currency: string;
  months: string[];
  categories: CategoryFlow[];
}

export interface BankingCharts {
  from: string;
  to: string;
  /** Null when the person may not see the accounts' totals (a beneficiary, unless the owner allows it). */
  balances: BalanceChart[] | null;
  /** For a beneficiary, only her own sub-ledger: her transactions and her parts of split ones. */
  flows: FlowChart[];
}

export interface ChartQuery {
  accountId?: string;
  from?: string;
  to?: string;
}

type Account = typeof bankAccounts.$inferSelect;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The figures of the banking charts for the accounts this person may see (one account when asked), over the
 * chosen range or the last twelve months. Per account: its total from the status index, its posting days and
 * its category sums from one range read of bank_tx_account_posted_amount_idx, and its split parts from the
 * workspace's (few) parts; a beneficiary's from the beneficiary indexes, her rows only.
 */
export async function bankingCharts(db: Db, access: BankingAccess, query: ChartQuery = {}, now = today()): Promise<BankingCharts> {
  if ((query.from && !isDay(query.from)) || (query.to && !isDay(query.to))) throw new Refusal(400, "validation.dateInvalid");
  const accounts = query.accountId
    ? [await requireAccount(db, access, query.accountId)]
    : await db.select().from(bankAccounts).where(eq(bankAccounts.workspaceId, access.workspaceId)).orderBy(asc(bankAccounts.createdAt));
  const earliest = accounts.reduce<string | null>((min, a) => (min === null || a.openingOn < min ? a.openingOn : min), null);
  const { from, to } = defaultRange(now, earliest, query);
  if (from > to) throw new Refusal(400, "charts.errors.range");
  if (Number(to.slice(0, 4)) - Number(from.slice(0, 4)) > 100) throw new Refusal(400, "charts.errors.rangeTooLong");

  const currencies = [...new Set(accounts.map((a) => a.currency))];
  const [balances, flows] = await Promise.all([
    access.seesTotals
      ? Promise.all(
          currencies.map((c) =>
            balanceChart(
              db,
              accounts.filter((a) => a.currency === c),
              from,
              to,
            ),
          ),
        )
      : null,
    Promise.all(
      currencies.map((c) =>
        flowChart(
          db,
          access,
          accounts.filter((a) => a.currency === c),
          from,
          to,
        ),
      ),
    ),
  ]);
  return { from, to, balances, flows };
}

async function balanceChart(db: Db, accounts: Account[], from: string, to: string): Promise<BalanceChart> {
  const step = chooseStep(from, to);
  const days = pointDays(from, to, step);
  const series = await Promise.all(
    accounts.map(async (account) => {
      const [total, movements] = await Promise.all([
        // Every transaction's sum, from the status index alone.
        db.all<{ total: number }>(sql`select coalesce(sum(amount_minor), 0) as total from bank_transactions where account_id = ${account.id}`),
        // The range's rows, one sum per posting day, read in the index's order (no sort).
        db.all<{ on: string; amountMinor: number }>(sql`
          select posted_on as "on", sum(amount_minor) as "amountMinor"
          from bank_transactions indexed by bank_tx_account_posted_amount_idx
          where account_id = ${account.id} and posted_on >= ${from}
          group by posted_on
          order by posted_on`),
      ]);
      // What came before the range is what the whole history holds less the range and after it.
      const sinceFrom = movements.reduce((sum, m) => sum + m.amountMinor, 0);
      const start = account.openingBalanceMinor + (total[0]?.total ?? 0) - sinceFrom;
      return { accountId: account.id, name: account.name, balancesMinor: balancesAt(days, start, movements, account.openingOn) };
    }),
  );
  return { currency: accounts[0].currency, step, days, series };
}

async function flowChart(db: Db, access: BankingAccess, accounts: Account[], from: string, to: string): Promise<FlowChart> {
  const perAccount = await Promise.all(
    accounts.map((account) => (access.readAll ? everyFlow(db, access, account, from, to) : ownFlow(db, access, account, from, to))),
  );
  const months = monthsBetween(from, to);
  return { currency: accounts[0].currency, months, categories: categoryFlows(perAccount.flat(), months) };
}

const SUMS = sql`substr(posted_on, 1, 7) as "month", category, sum(max(amount_minor, 0)) as "inMinor", sum(min(amount_minor, 0)) as "outMinor"`;

/** Split parts of the account's transactions in the range: the workspace's parts first (few), then each one's parent. */
function splitParts(db: Db, access: BankingAccess, account: Account, from: string, to: string, beneficiary?: string) {
  return db.all<SplitPart>(sql`
    select substr(t.posted_on, 1, 7) as "month", t.id as "transactionId", t.category as "parentCategory", t.amount_minor as "parentAmountMinor",
      s.category as "category", s.amount_minor as "amountMinor"
    from bank_transaction_splits s indexed by bank_splits_beneficiary_idx
    cross join bank_transactions t on t.id = s.transaction_id
    where s.workspace_id = ${access.workspaceId} ${beneficiary ? sql`and s.beneficiary_user_id = ${beneficiary}` : sql``}
      and t.account_id = ${account.id} and t.posted_on between ${from} and ${to}`);
}

/** Everything: whole transactions summed from the posting-date index, then the split ones counted by their parts. */
async function everyFlow(db: Db, access: BankingAccess, account: Account, from: string, to: string): Promise<FlowRow[]> {
  const [rows, parts] = await Promise.all([
    db.all<FlowRow>(sql`
      select ${SUMS} from bank_transactions indexed by bank_tx_account_posted_amount_idx
      where account_id = ${account.id} and workspace_id = ${access.workspaceId} and posted_on between ${from} and ${to}
      group by 1, 2`),
    splitParts(db, access, account, from, to),
  ]);
  return withSplits(rows, parts, true);
}

/** A beneficiary's own money only: her unsplit transactions and her parts of split ones, never another's part. */
async function ownFlow(db: Db, access: BankingAccess, account: Account, from: string, to: string): Promise<FlowRow[]> {
  const [rows, parts] = await Promise.all([
    db.all<FlowRow>(sql`
      select ${SUMS} from bank_transactions t indexed by bank_tx_beneficiary_idx
      where workspace_id = ${access.workspaceId} and beneficiary_user_id = ${access.userId} and account_id = ${account.id}
        and posted_on between ${from} and ${to}
        and not exists (select 1 from bank_transaction_splits s where s.transaction_id = t.id)
      group by 1, 2`),
    splitParts(db, access, account, from, to, access.userId),
  ]);
  return withSplits(rows, parts, false);
}
