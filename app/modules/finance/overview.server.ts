import { and, eq, inArray } from "drizzle-orm";
import { calendarFor } from "~/modules/tax/tax.server";
import type { Db } from "~/platform/db.server";
import type { RequestContext } from "~/platform/request-context.server";
import { auditFinance, requireManage, requireReadAll, type FinanceAccess } from "./access.server";
import { allocationTable, type AllocatedCategory } from "./allocation";
import { listAssets, signedValue, valueOn, type AssetView } from "./assets.server";
import { allocationSettings, ledgerEntries, openingPrincipal, trustCurrency, type LedgerEntry, type LoadedBooks } from "./ledger.server";
import { financeAllocations, financeDistributions } from "./schema";

export async function allocationView(db: Db, access: FinanceAccess) {
  requireReadAll(access);
  return allocationTable(await allocationSettings(db, access.workspaceId));
}

/** The trustee's allocation table; a row set back to the Act's default is removed, so the default applies again. */
export async function saveAllocations(ctx: RequestContext, access: FinanceAccess, rows: { category: string; incomeShareBp: number }[]) {
  requireManage(access);
  const before = await allocationSettings(ctx.db, access.workspaceId);
  const table = allocationTable({});
  const now = new Date();
  const changes = rows.filter(
    (row) => (before[row.category as AllocatedCategory] ?? table.find((t) => t.category === row.category)!.defaultIncomeShareBp) !== row.incomeShareBp,
  );
  if (changes.length) {
    await ctx.db.batch(
      changes.map((row) => {
        const isDefault = table.find((t) => t.category === row.category)!.defaultIncomeShareBp === row.incomeShareBp;
        return isDefault
          ? ctx.db.delete(financeAllocations).where(and(eq(financeAllocations.workspaceId, access.workspaceId), eq(financeAllocations.category, row.category)))
          : ctx.db
              .insert(financeAllocations)
              .values({ workspaceId: access.workspaceId, category: row.category, incomeShareBp: row.incomeShareBp, updatedBy: access.userId, updatedAt: now })
              .onConflictDoUpdate({
                target: [financeAllocations.workspaceId, financeAllocations.category],
                set: { incomeShareBp: row.incomeShareBp, updatedBy: access.userId, updatedAt: now },
              });
      }) as never,
    );
    await auditFinance(
      ctx,
      access,
      "finance.allocations_changed",
      { type: "workspace", id: access.workspaceId },
      {
        changes: changes.map((c) => `${c.category}: ${(before[c.category as AllocatedCategory] ?? "default") as string} → ${c.incomeShareBp}`).join("; "),
      },
    );
  }
  return allocationTable(await allocationSettings(ctx.db, access.workspaceId));
}

const monthEnd = (ym: string) => {
  const [y, m] = ym.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

function monthsBetween(from: string, to: string, max: number): string[] {
  const months: string[] = [];
  let [y, m] = from.slice(0, 7).split("-").map(Number);
  const last = to.slice(0, 7);
  while (`${y}-${String(m).padStart(2, "0")}` <= last) {
    months.push(`${y}-${String(m).padStart(2, "0")}`);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return months.slice(-max);
}

export interface NetWorthPoint {
  month: string;
  on: string;
  cashMinor: number;
  otherAssetsMinor: number;
  liabilitiesMinor: number;
  netWorthMinor: number;
  principalMinor: number;
  incomeMinor: number;
}

/** Net worth at each month's end: cash from the ledger, the other assets at their latest current value then. */
export function netWorthSeries(assets: AssetView[], entries: LedgerEntry[], opening: number, today: string): NetWorthPoint[] {
  const starts = [...assets.map((a) => a.acquiredOn), ...entries.map((e) => e.on)].sort();
  if (starts.length === 0) return [];
  const points: NetWorthPoint[] = [];
  let index = 0;
  let principal = opening;
  let income = 0;
  for (const month of monthsBetween(starts[0], today, 24)) {
    const on = month === today.slice(0, 7) ? today : monthEnd(month);
    while (index < entries.length && entries[index].on <= on) {
      principal += entries[index].principalMinor;
      income += entries[index].incomeMinor;
      index += 1;
    }
    let other = 0;
    let liabilities = 0;
    for (const asset of assets) {
      if (asset.origin === "bank") continue;
      const value = valueOn(asset, on);
      if (!value) continue;
      if (asset.kind === "liability") liabilities += value.currentMinor;
      else other += value.currentMinor;
    }
    const cash = principal + income;
    points.push({
      month,
      on,
      cashMinor: cash,
      otherAssetsMinor: other,
      liabilitiesMinor: liabilities,
      netWorthMinor: cash + other - liabilities,
      principalMinor: principal,
      incomeMinor: income,
    });
  }
  return points;
}

/** Receipts and disbursements by category (principal and income apart), transfers left out. */
export function flowsByCategory(entries: LedgerEntry[], from: string, to: string) {
  const flows = new Map<string, { category: string; inMinor: number; outMinor: number; principalMinor: number; incomeMinor: number }>();
  for (const entry of entries) {
    if (entry.on < from || entry.on > to || entry.kind === "transfer") continue;
    const key = entry.category ?? "uncategorised";
    const row = flows.get(key) ?? { category: key, inMinor: 0, outMinor: 0, principalMinor: 0, incomeMinor: 0 };
    if (entry.amountMinor >= 0) row.inMinor += entry.amountMinor;
    else row.outMinor -= entry.amountMinor;
    row.principalMinor += entry.principalMinor;
    row.incomeMinor += entry.incomeMinor;
    flows.set(key, row);
  }
  return [...flows.values()].sort((a, b) => b.inMinor + b.outMinor - (a.inMinor + a.outMinor));
}

/** The /financial overview: what the trust is worth and how it moved, principal and income apart. */
export async function financeOverview(db: Db, access: FinanceAccess, today = new Date().toISOString().slice(0, 10), books?: LoadedBooks) {
  requireReadAll(access);
  const currency = books ? books.currency : await trustCurrency(db, access.workspaceId);
  const assets = books ? books.assets : await listAssets(db, access, today);
  if (!currency) return { currency: null, assets, series: [], flows: [], balances: null, upcoming: [], uncategorised: 0, netWorthMinor: 0 };
  const year = Number(today.slice(0, 4));
  const [entries, opening, pending, taxDates] = await Promise.all([
    books ? books.entries : ledgerEntries(db, access.workspaceId, currency),
    openingPrincipal(db, access.workspaceId, currency),
    db
      .select()
      .from(financeDistributions)
      .where(and(eq(financeDistributions.workspaceId, access.workspaceId), inArray(financeDistributions.status, ["requested", "approved"]))),
    // The tax calendar's payments ahead: the estimates and the returns (with their balance due) in the next four months.
    Promise.all([year - 1, year].map((y) => calendarFor(db, { workspaceId: access.workspaceId, userId: access.userId, manage: false }, y, today))).then(
      (lists) =>
        lists
          .flat()
          .filter(
            (item) =>
              (item.kind === "estimate" || item.form === "1041") &&
              item.status !== "done" &&
              item.dueOn >= today &&
              Date.parse(item.dueOn) - Date.parse(today) <= 120 * 86_400_000,
          ),
    ),
  ]);
  const series = netWorthSeries(
    assets.filter((a) => a.currency === currency),
    entries,
    opening,
    today,
  );
  const last = series.at(-1);
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const nonCash = assets.filter((a) => a.origin !== "bank" && !a.disposedOn && a.currency === currency);
  const netWorthMinor = (last?.cashMinor ?? 0) + nonCash.reduce((sum, a) => sum + signedValue(a.kind, a.currentMinor), 0);
  return {
    currency,
    assets,
    series,
    flows: flowsByCategory(entries, yearStart, today),
    balances: last ? { principalMinor: last.principalMinor, incomeMinor: last.incomeMinor, on: last.on } : null,
    // Known money going out: distributions requested or approved and not yet paid (the tax estimates join them in the tax calendar).
    upcoming: [
      ...pending.map((d) => ({
        kind: "distribution" as const,
        id: d.id,
        on: d.neededBy,
        label: d.beneficiaryName,
        amountMinor: d.amountMinor as number | null,
        status: d.status as string,
        params: {},
      })),
      ...taxDates.map((item) => ({
        kind: "tax" as const,
        id: item.key,
        on: item.dueOn as string | null,
        label: item.titleKey,
        amountMinor: null,
        status: item.status as string,
        params: item.titleParams ?? {},
      })),
    ].sort((a, b) => (a.on ?? "9999").localeCompare(b.on ?? "9999")),
    uncategorised: entries.filter((e) => e.basis === "uncategorised").length,
    netWorthMinor,
  };
}

export type FinanceOverview = Awaited<ReturnType<typeof financeOverview>>;
