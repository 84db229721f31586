import { and, eq, inArray, sql } from "drizzle-orm";
import { subDays } from "date-fns";
import { users } from "~/modules/auth/schema";
import { bankAccounts } from "~/modules/banking/schema";
import { workspaces } from "~/modules/workspaces/schema";
import { workspaceTrustees } from "~/modules/workspaces/trustees.server";
import { inChunks } from "~/platform/batching";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { requireReadAll, type FinanceAccess } from "./access.server";
import { stateOf } from "~/modules/tax/tax.server";
import { JURISDICTIONS, type AccountingInput, type AccountingReason, type Jurisdiction } from "./accounting/types";
import { listAssets, valueOn } from "./assets.server";
import { balancesAfter, ledgerEntries, trustCurrency, type LoadedBooks } from "./ledger.server";
import { financeDistributions } from "./schema";

const dayBefore = (iso: string) =>
  subDays(new Date(`${iso}T00:00:00Z`), 1)
    .toISOString()
    .slice(0, 10);

/** The statutory notice a workspace's own jurisdiction calls for ("California, USA" → CA), when the report has one. */
export function noticeJurisdiction(workspaceJurisdiction: string | null | undefined): Jurisdiction | null {
  return stateOf(workspaceJurisdiction ?? null).find((s): s is Jurisdiction => (JURISDICTIONS as readonly string[]).includes(s)) ?? null;
}

export interface AccountingQuery {
  from: string;
  to: string;
  reason: AccountingReason;
  jurisdiction: Jurisdiction | null;
}

/**
 * Everything the fiduciary accounting of a period needs, read from the books: the property on hand at both ends
 * (bank accounts at their ledger balance, other assets at their latest valuation), the period's ledger divided
 * between principal and income, the income carried in, sales of assets, and the liabilities at the end.
 */
export async function accountingInput(
  db: Db,
  access: FinanceAccess,
  query: AccountingQuery,
  relationship: (category: string) => string,
  books?: LoadedBooks,
): Promise<AccountingInput> {
  requireReadAll(access);
  if (query.from > query.to) throw new Refusal(400, "validation.periodOrder");
  const currency = books ? books.currency : await trustCurrency(db, access.workspaceId);
  if (!currency) throw new Refusal(422, "errors.noAccounts");
  const start = dayBefore(query.from);
  const [all, assets, accounts, trustees, workspace, paid] = await Promise.all([
    books ? books.entries.filter((e) => e.on <= query.to) : ledgerEntries(db, access.workspaceId, currency, { to: query.to }),
    books ? books.assets : listAssets(db, access, query.to),
    db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.workspaceId, access.workspaceId), eq(bankAccounts.currency, currency))),
    workspaceTrustees(db, access.workspaceId),
    db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, access.workspaceId)).get(),
    db
      .select({ transactionId: financeDistributions.transactionId, userId: financeDistributions.beneficiaryUserId, name: financeDistributions.beneficiaryName })
      .from(financeDistributions)
      .where(
        and(
          eq(financeDistributions.workspaceId, access.workspaceId),
          eq(financeDistributions.status, "paid"),
          sql`${financeDistributions.transactionId} is not null`,
        ),
      ),
  ]);
  const before = all.filter((e) => e.on < query.from);
  const period = all.filter((e) => e.on >= query.from);
  const names = new Map<string, string>();
  const memberIds = [...new Set(period.map((e) => e.beneficiaryUserId).filter((id): id is string => Boolean(id)))];
  for (const u of await inChunks(memberIds, (slice) => db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, slice)))) {
    names.set(u.id, u.name);
  }
  const byTransaction = new Map(paid.map((d) => [d.transactionId!, d]));

  const cashAt = (accountId: string, opening: number, day: string) =>
    opening + all.filter((e) => e.accountId === accountId && e.on <= day).reduce((sum, e) => sum + e.amountMinor, 0);
  const cash = accounts
    .filter((a) => a.openingOn <= query.to)
    .map((a) => {
      const name = `${a.name} ··${a.lastFour}`;
      const startValue = cashAt(a.id, a.openingBalanceMinor, start);
      const endValue = cashAt(a.id, a.openingBalanceMinor, query.to);
      return {
        id: a.id,
        name,
        kind: "cash",
        start: { carryingMinor: startValue, currentMinor: startValue, valuedOn: start },
        end: { carryingMinor: endValue, currentMinor: endValue, valuedOn: query.to },
      };
    });
  const held = assets.filter((a) => a.origin === "manual" && a.currency === currency);
  const property = held
    .filter((a) => a.kind !== "liability")
    .map((a) => {
      const [s, e] = [valueOn(a, start), valueOn(a, query.to)];
      return {
        id: a.id,
        name: a.name,
        kind: a.kind,
        start: s ? { carryingMinor: s.carryingMinor, currentMinor: s.currentMinor, valuedOn: s.valuedOn } : null,
        end: e ? { carryingMinor: e.carryingMinor, currentMinor: e.currentMinor, valuedOn: e.valuedOn } : null,
      };
    });
  const dispositions = held
    .filter((a) => a.kind !== "liability" && a.disposedOn && a.disposedOn >= query.from && a.disposedOn <= query.to)
    .map((a) => ({
      assetId: a.id,
      assetName: a.name,
      on: a.disposedOn!,
      proceedsMinor: a.disposalProceedsMinor ?? 0,
      carryingMinor: valueOn({ ...a, disposedOn: null }, a.disposedOn!)?.carryingMinor ?? 0,
      side: "principal" as const,
    }));
  const liabilities = held
    .filter((a) => a.kind === "liability")
    .flatMap((a) => {
      const v = valueOn(a, query.to);
      return v ? [{ name: a.name, amountMinor: v.currentMinor }] : [];
    });
  return {
    trust: { name: workspace?.name ?? "", trustees: trustees.map((t) => t.name), currency },
    period: { from: query.from, to: query.to, reason: query.reason },
    jurisdiction: query.jurisdiction,
    openingIncomeMinor: balancesAfter(before, 0).incomeMinor,
    assets: [...cash, ...property],
    entries: period.map((e) => {
      const distribution = e.kind === "distribution" ? byTransaction.get(e.transactionId) : undefined;
      const beneficiaryId = distribution?.userId ?? e.beneficiaryUserId;
      const beneficiaryName = distribution?.name ?? (e.beneficiaryUserId ? names.get(e.beneficiaryUserId) : undefined);
      const isFee = e.category === "trustee_compensation" || e.category === "professional_fees";
      return {
        id: e.id,
        on: e.on,
        description: e.description,
        category: e.category,
        amountMinor: e.amountMinor,
        principalMinor: e.principalMinor,
        incomeMinor: e.incomeMinor,
        kind: e.kind,
        beneficiary: e.kind === "distribution" && beneficiaryName ? { id: beneficiaryId ?? `name:${beneficiaryName}`, name: beneficiaryName } : null,
        agent: isFee ? { name: e.partyName ?? e.payee ?? e.description, relationship: relationship(e.category!) } : null,
      };
    }),
    dispositions,
    liabilities,
  };
}
