import { asc, sql } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { bankTransactionSplits, type PrincipalOrIncome } from "./schema";

/** One part of a split as the API and the page show it. */
export interface SplitView {
  amountMinor: number;
  category: string;
  principalOrIncome: PrincipalOrIncome;
  beneficiaryUserId: string | null;
  note: string | null;
}

/** The parts of these transactions, in order (one bound parameter for the whole page). */
export async function splitsOf(db: Db, workspaceId: string, transactionIds: string[]) {
  if (transactionIds.length === 0) return new Map<string, SplitView[]>();
  const rows = await db
    .select()
    .from(bankTransactionSplits)
    .where(
      sql`${bankTransactionSplits.workspaceId} = ${workspaceId} and ${bankTransactionSplits.transactionId} in (select value from json_each(${JSON.stringify(transactionIds)}))`,
    )
    .orderBy(asc(bankTransactionSplits.transactionId), asc(bankTransactionSplits.position));
  const byTransaction = new Map<string, SplitView[]>();
  for (const r of rows) {
    const parts = byTransaction.get(r.transactionId) ?? [];
    parts.push({
      amountMinor: r.amountMinor,
      category: r.category,
      principalOrIncome: r.principalOrIncome,
      beneficiaryUserId: r.beneficiaryUserId,
      note: r.note,
    });
    byTransaction.set(r.transactionId, parts);
  }
  return byTransaction;
}

/** A beneficiary sees only her own parts of a split, and their sum as the amount. */
export function ownParts(parts: SplitView[], userId: string): SplitView[] {
  return parts.filter((p) => p.beneficiaryUserId === userId);
}
