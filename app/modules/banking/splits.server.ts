import { sql } from "drizzle-orm";
import { auditRow } from "~/modules/audit/audit.server";
import { memberships } from "~/modules/workspaces/schema";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { auditBanking, requireManage, type BankingAccess } from "./access.server";
import { defaultSide, type Category } from "./categories";
import { formatMinor } from "./money";
import { splitsOf, type SplitView } from "./split-parts.server";
import { requireTransaction } from "./transactions.server";
import type { SplitPartInput } from "./validation";

// The transaction (?1 in each statement) is not in a locked reconciliation.
const NOT_LOCKED =
  "NOT EXISTS (SELECT 1 FROM bank_transactions t JOIN bank_reconciliations r ON r.id = t.reconciliation_id WHERE t.id = ?1 AND r.status = 'locked')";

/**
 * Divides a transaction across categories or beneficiaries (`parts` replace any earlier split; none removes
 * it). The parts must add up to the transaction's amount exactly, to the cent: a split that loses a cent
 * would make the beneficiaries' sub-ledgers disagree with the bank. One D1 batch: parts, transaction and
 * audit entry together, and none of it if the period is locked.
 */
export async function replaceSplits(ctx: RequestContext, access: BankingAccess, id: string, parts: SplitPartInput[]) {
  requireManage(access);
  const tx = await requireTransaction(ctx.db, access, id);
  if (tx.locked) {
    await auditBanking(ctx, access, "banking.locked_edit_refused", { type: "bank_transaction", id: tx.id }, undefined, "denied");
    throw new Refusal(409, "errors.transactionLocked");
  }
  if (parts.length === 1) throw new Refusal(400, "validation.splitTooFew", undefined, { parts: "validation.splitTooFew" });
  const sum = parts.reduce((total, p) => total + p.amountMinor, 0);
  if (parts.length > 0 && sum !== tx.amountMinor) {
    const values = { sum: formatMinor(sum, tx.currency, "en-US"), amount: formatMinor(tx.amountMinor, tx.currency, "en-US") };
    throw new Refusal(400, "validation.splitSum", values, { parts: "validation.splitSum" });
  }
  const beneficiaries = [...new Set(parts.map((p) => p.beneficiaryUserId).filter((b): b is string => !!b))];
  if (beneficiaries.length > 0) {
    const found = await ctx.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(
        sql`${memberships.workspaceId} = ${access.workspaceId} and ${memberships.userId} in (select value from json_each(${JSON.stringify(beneficiaries)}))`,
      );
    if (found.length !== beneficiaries.length) throw new Refusal(400, "validation.beneficiaryInvalid", undefined, { parts: "validation.beneficiaryInvalid" });
  }

  const before = (await splitsOf(ctx.db, access.workspaceId, [tx.id])).get(tx.id) ?? [];
  const after: SplitView[] = parts.map((p) => ({
    amountMinor: p.amountMinor,
    category: p.category,
    principalOrIncome: p.principalOrIncome ?? defaultSide(p.category as Category),
    beneficiaryUserId: p.beneficiaryUserId ?? null,
    note: p.note?.trim() || null,
  }));
  const rows = after.map((p, position) => ({ id: crypto.randomUUID(), position, ...p }));
  const audit = auditRow({
    action: "banking.transaction_split",
    workspaceId: access.workspaceId,
    actorUserId: access.userId,
    targetType: "bank_transaction",
    targetId: tx.id,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    metadata: { before: JSON.stringify(before), after: JSON.stringify(after) },
  });
  // One D1 batch (one transaction). Each statement carries the lock guard, so a lock that lands between the
  // read above and this write still wins: then none of it happens, the audit entry included.
  const db = ctx.env.DB;
  const results = await db.batch([
    db.prepare(`DELETE FROM bank_transaction_splits WHERE transaction_id = ?1 AND ${NOT_LOCKED}`).bind(tx.id),
    db
      .prepare(
        `INSERT INTO bank_transaction_splits (id, transaction_id, workspace_id, position, amount_minor, category, principal_or_income, beneficiary_user_id, note)
         SELECT value->>'id', ?1, ?2, value->>'position', value->>'amountMinor', value->>'category', value->>'principalOrIncome', value->>'beneficiaryUserId', value->>'note'
         FROM json_each(?3) WHERE ${NOT_LOCKED}`,
      )
      .bind(tx.id, access.workspaceId, JSON.stringify(rows)),
    // A split transaction's beneficiaries are its parts'.
    db
      .prepare(`UPDATE bank_transactions SET beneficiary_user_id = ?2, updated_at = ?3 WHERE id = ?1 AND ${NOT_LOCKED}`)
      .bind(tx.id, parts.length > 0 ? null : tx.beneficiaryUserId, Date.now()),
    db
      .prepare(
        `INSERT INTO audit_log (id, workspace_id, actor_user_id, action, target_type, target_id, outcome, ip, user_agent, metadata, created_at)
         SELECT ?2, ?3, ?4, ?5, ?6, ?1, ?7, ?8, ?9, ?10, ?11 WHERE ${NOT_LOCKED}`,
      )
      .bind(
        tx.id,
        audit.id,
        audit.workspaceId,
        audit.actorUserId,
        audit.action,
        audit.targetType,
        audit.outcome,
        audit.ip,
        audit.userAgent,
        audit.metadata,
        audit.createdAt.getTime(),
      ),
  ]);
  const updated = results[2]?.meta.changes ?? 0;
  if (updated === 0) throw new Refusal(409, "errors.transactionLocked");
  return { splits: after };
}
