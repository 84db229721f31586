import { and, eq, inArray, sql } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { ledgerEntries, trustCurrency } from "~/modules/finance/ledger.server";
import { financeDistributions } from "~/modules/finance/schema";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { k1Worksheet, type K1Distribution } from "./k1";
import { seesWholeWorkspace } from "~/modules/workspaces/roles";
import { taxAccess } from "./tax.server";

/** A beneficiary's own worksheet without the trust's totals or other people's transactions (what she may infer others' shares from). */
function ownOnly(w: ReturnType<typeof k1Worksheet>) {
  return {
    ...w,
    distributableIncomeMinor: null,
    totalDistributionsMinor: null,
    boxes: w.boxes.map((b) => ({ ...b, trustMinor: null, sources: [], sourceCount: 0 })),
  };
}

/** The year's distributions per beneficiary: those recorded as distributions, and ledger entries categorised to a member's sub-ledger that no recorded distribution paid. */
async function distributionsOf(db: Db, workspaceId: string, currency: string, year: number, entries: Awaited<ReturnType<typeof ledgerEntries>>) {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const recorded = await db
    .select({
      id: financeDistributions.id,
      userId: financeDistributions.beneficiaryUserId,
      name: financeDistributions.beneficiaryName,
      amountMinor: financeDistributions.amountMinor,
      paidOn: financeDistributions.paidOn,
      transactionId: financeDistributions.transactionId,
    })
    .from(financeDistributions)
    .where(
      and(
        eq(financeDistributions.workspaceId, workspaceId),
        eq(financeDistributions.status, "paid"),
        eq(financeDistributions.currency, currency),
        sql`${financeDistributions.paidOn} between ${from} and ${to}`,
      ),
    );
  const paidBy = new Set(recorded.map((d) => d.transactionId));
  const unrecorded = entries.filter((e) => e.kind === "distribution" && e.beneficiaryUserId && !paidBy.has(e.transactionId) && e.on >= from && e.on <= to);
  const ids = [...new Set(unrecorded.map((e) => e.beneficiaryUserId!))];
  const names = ids.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : [];
  const list: K1Distribution[] = [
    ...recorded.map((d) => ({
      beneficiaryKey: d.userId ?? `name:${d.name}`,
      beneficiaryName: d.name,
      amountMinor: d.amountMinor,
      on: d.paidOn!,
      source: d.id,
    })),
    ...unrecorded.map((e) => ({
      beneficiaryKey: e.beneficiaryUserId!,
      beneficiaryName: names.find((n) => n.id === e.beneficiaryUserId)?.name ?? "",
      amountMinor: -e.amountMinor,
      on: e.on,
      source: e.transactionId,
    })),
  ];
  return list;
}

/**
 * GET /api/tax/k1?year&beneficiaryId: the worksheet for one beneficiary (a member's id, or "name:<name>" for one
 * without a login), or, without one, every beneficiary paid that year. The trustees and the lawyer see every
 * worksheet; a beneficiary only her own.
 */
export async function k1Worksheets(db: Db, session: CurrentSession, year: number, beneficiaryId: string | null) {
  const workspace = session.workspace;
  if (!workspace) throw new Refusal(403, "errors.noWorkspace");
  const own = beneficiaryId === session.user.id;
  const seesAll = seesWholeWorkspace(workspace.role);
  if (!own) taxAccess(session);
  const currency = await trustCurrency(db, workspace.id);
  if (!currency) return { year, currency: null, worksheets: [], unreconciledMonths: [] };
  const all = await ledgerEntries(db, workspace.id, currency, { to: `${year}-12-31` });
  const entries = all.filter((e) => e.on >= `${year}-01-01`);
  const [distributions, open] = await Promise.all([
    distributionsOf(db, workspace.id, currency, year, entries),
    db.all<{ month: string }>(sql`
      select distinct substr(posted_on, 1, 7) as month from bank_transactions
      where workspace_id = ${workspace.id} and posted_on between ${`${year}-01-01`} and ${`${year}-12-31`} and status <> 'reconciled'
      order by 1`),
  ]);
  const unreconciledMonths = open.map((r) => r.month);
  const who = new Map(distributions.map((d) => [d.beneficiaryKey, d.beneficiaryName]));
  if (beneficiaryId && !who.has(beneficiaryId)) {
    if (own) who.set(beneficiaryId, session.user.name);
    else throw new Refusal(404, "errors.beneficiaryNotPaid");
  }
  const keys = beneficiaryId ? [beneficiaryId] : [...who.keys()];
  const k1Entries = entries.map((e) => ({
    id: e.id,
    on: e.on,
    description: e.description,
    category: e.category,
    amountMinor: e.amountMinor,
    incomeMinor: e.incomeMinor,
    kind: e.kind,
  }));
  return {
    year,
    currency,
    unreconciledMonths,
    worksheets: keys.map((key) => {
      const worksheet = k1Worksheet({ year, beneficiary: { key, name: who.get(key) ?? "" }, entries: k1Entries, distributions, unreconciledMonths });
      return seesAll ? worksheet : ownOnly(worksheet);
    }),
  };
}
