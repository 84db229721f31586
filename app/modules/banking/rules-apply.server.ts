import { and, eq, gt, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import type { RequestContext } from "~/platform/request-context.server";
import { auditRow } from "~/modules/audit/audit.server";
import { auditBanking, requireManage, type BankingAccess } from "./access.server";
import { planRuleChange, type FieldChange, type OrderedRule, type PlannedChange, type RuleTarget } from "./rule-changes";
import { ruleMatches, type RuleCondition } from "./rules";
import { listRules, requireReadRules, requireRule, resolveRule } from "./rules.server";
import { bankReconciliations, bankTransactions } from "./schema";
import type { RuleActionsInput } from "./rule-form";

/** Rows listed in a preview; the counts cover them all. */
export const PREVIEW_LIST_LIMIT = 200;
/** Rows per UPDATE … FROM json_each(?): one bound parameter each. */
const ROWS_PER_STATEMENT = 500;

export interface PreviewRow {
  id: string;
  accountId: string;
  postedOn: string;
  description: string;
  amountMinor: number;
  currency: string;
  fields: FieldChange[];
}

export interface RulePreview {
  /** Transactions whose every condition holds. */
  matched: number;
  /** Of those, the ones the rule would change. */
  changed: number;
  /** Matched but in a locked reconciliation: never changed. */
  locked: number;
  /** Matched, and the rule would change more of them if the person asked to replace what people wrote. */
  kept: number;
  changes: PreviewRow[];
  truncated: boolean;
}

type Candidate = RuleTarget & { currency: string; updatedAt: number };

/**
 * The workspace's transactions a rule's conditions could hold for. The account, dates and amounts narrow
 * the query; the description (contains, equals, a regular expression) is tested here, as on import.
 */
async function candidates(db: Db, workspaceId: string, conditions: RuleCondition[]): Promise<Candidate[]> {
  const where: SQL[] = [eq(bankTransactions.workspaceId, workspaceId)];
  for (const c of conditions) {
    if (c.field === "account") where.push(eq(bankTransactions.accountId, c.accountId));
    if (c.field === "date" && c.from) where.push(gte(bankTransactions.postedOn, c.from));
    if (c.field === "date" && c.to) where.push(lte(bankTransactions.postedOn, c.to));
    if (c.field === "amount" && c.op === "equals") where.push(eq(bankTransactions.amountMinor, c.valueMinor));
    if (c.field === "amount" && c.op === "less") where.push(lt(bankTransactions.amountMinor, c.valueMinor));
    if (c.field === "amount" && c.op === "greater") where.push(gt(bankTransactions.amountMinor, c.valueMinor));
    if (c.field === "amount" && c.op === "between")
      where.push(gte(bankTransactions.amountMinor, Math.min(c.valueMinor, c.toMinor)), lte(bankTransactions.amountMinor, Math.max(c.valueMinor, c.toMinor)));
  }
  const rows = await db
    .select({
      id: bankTransactions.id,
      accountId: bankTransactions.accountId,
      postedOn: bankTransactions.postedOn,
      description: bankTransactions.description,
      amountMinor: bankTransactions.amountMinor,
      currency: bankTransactions.currency,
      purpose: bankTransactions.purpose,
      category: bankTransactions.category,
      principalOrIncome: bankTransactions.principalOrIncome,
      responsibleUserId: bankTransactions.responsibleUserId,
      responsibleName: bankTransactions.responsibleName,
      notes: bankTransactions.notes,
      beneficiaryUserId: bankTransactions.beneficiaryUserId,
      status: bankTransactions.status,
      ruleId: bankTransactions.ruleId,
      updatedAt: bankTransactions.updatedAt,
      lockedStatus: bankReconciliations.status,
      split: sql<number>`exists (select 1 from bank_transaction_splits s where s.transaction_id = "bank_transactions"."id")`,
    })
    .from(bankTransactions)
    .leftJoin(bankReconciliations, eq(bankReconciliations.id, bankTransactions.reconciliationId))
    .where(and(...where))
    .orderBy(sql`${bankTransactions.postedOn} desc`, sql`${bankTransactions.createdAt} desc`);
  return rows
    .filter((r) => ruleMatches(conditions, r))
    .map(({ lockedStatus, split, updatedAt, ...r }) => ({ ...r, locked: lockedStatus === "locked", split: Boolean(split), updatedAt: updatedAt.getTime() }));
}

interface Plan {
  preview: RulePreview;
  planned: { tx: Candidate; change: PlannedChange }[];
}

async function plan(db: Db, access: BankingAccess, rule: OrderedRule & { conditions: RuleCondition[] }, overwrite: boolean): Promise<Plan> {
  const [found, rules] = await Promise.all([candidates(db, access.workspaceId, rule.conditions), listRules(db, access)]);
  const byId = new Map(rules.map((r) => [r.id, r]));
  const planned: Plan["planned"] = [];
  let locked = 0;
  let kept = 0;
  for (const tx of found) {
    if (tx.locked) {
      locked++;
      continue;
    }
    const madeBy = tx.ruleId ? byId.get(tx.ruleId) : undefined;
    const change = planRuleChange(rule, tx, { madeBy, overwrite });
    if (!overwrite && (planRuleChange(rule, tx, { overwrite: true })?.fields.length ?? 0) > (change?.fields.length ?? 0)) kept++;
    if (change) planned.push({ tx, change });
  }
  return {
    planned,
    preview: {
      matched: found.length,
      changed: planned.length,
      locked,
      kept,
      truncated: planned.length > PREVIEW_LIST_LIMIT,
      changes: planned.slice(0, PREVIEW_LIST_LIMIT).map(({ tx, change }) => ({
        id: tx.id,
        accountId: tx.accountId,
        postedOn: tx.postedOn,
        description: tx.description,
        amountMinor: tx.amountMinor,
        currency: tx.currency,
        fields: change.fields,
      })),
    },
  };
}

/**
 * Which past transactions a rule would change, each field before and after, before anything changes. The
 * rule may be unsaved (the editor's form) or a saved rule's new version (`id`): it takes that rule's place
 * in the order, and a new rule comes after every saved one.
 */
export async function previewRule(
  db: Db,
  access: BankingAccess,
  input: { id?: string; conditions: RuleCondition[]; actions: RuleActionsInput; overwrite?: boolean },
): Promise<RulePreview> {
  requireReadRules(access);
  const saved = input.id ? await requireRule(db, access, input.id) : null;
  const { conditions, actions } = await resolveRule(db, access, input);
  const rules = saved ? [] : await listRules(db, access);
  const position = saved?.position ?? Math.max(0, ...rules.map((r) => r.position)) + 1;
  return (await plan(db, access, { id: saved?.id ?? "", position, conditions: conditions!, actions: actions! }, input.overwrite ?? false)).preview;
}

/** GET /api/banking/rules/{id}/preview: what applying the saved rule would change. */
export async function previewSavedRule(db: Db, access: BankingAccess, id: string, overwrite: boolean): Promise<RulePreview> {
  requireReadRules(access);
  const rule = await requireRule(db, access, id);
  return (await plan(db, access, rule, overwrite)).preview;
}

/**
 * Applies a saved rule to the transactions already in the books, in one D1 batch: each changed row names
 * the rule (`rule_id`) and gets an audit entry with every field before and after. A row a person changed
 * since it was read, or that a reconciliation locked meanwhile, is left as it is (the UPDATE checks both).
 */
export async function applyRule(ctx: RequestContext, access: BankingAccess, id: string, overwrite: boolean) {
  requireManage(access);
  const rule = await requireRule(ctx.db, access, id);
  const { planned, preview } = await plan(ctx.db, access, rule, overwrite);
  if (planned.length === 0) return { changed: 0, locked: preview.locked, kept: preview.kept };
  const now = Date.now();
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < planned.length; start += ROWS_PER_STATEMENT) {
    const chunk = planned.slice(start, start + ROWS_PER_STATEMENT);
    const rows = chunk.map(({ tx, change }) => ({
      id: tx.id,
      updated_at: tx.updatedAt,
      purpose: change.next.purpose,
      category: change.next.category,
      principal_or_income: change.next.principalOrIncome,
      responsible_user_id: change.next.responsibleUserId,
      responsible_name: change.next.responsibleName,
      notes: change.next.notes,
      beneficiary_user_id: change.next.beneficiaryUserId,
      status: change.next.status,
    }));
    statements.push(
      ctx.env.DB.prepare(
        `UPDATE bank_transactions SET purpose = j.value->>'purpose', category = j.value->>'category', principal_or_income = j.value->>'principal_or_income',
           responsible_user_id = j.value->>'responsible_user_id', responsible_name = j.value->>'responsible_name', notes = j.value->>'notes',
           beneficiary_user_id = j.value->>'beneficiary_user_id', status = j.value->>'status', rule_id = ?2, updated_at = ?3
         FROM json_each(?1) AS j
         WHERE bank_transactions.id = j.value->>'id' AND bank_transactions.workspace_id = ?4 AND bank_transactions.updated_at = j.value->>'updated_at'
           AND NOT EXISTS (SELECT 1 FROM bank_reconciliations r WHERE r.id = bank_transactions.reconciliation_id AND r.status = 'locked')
         RETURNING bank_transactions.id`,
      ).bind(JSON.stringify(rows), rule.id, now, access.workspaceId),
    );
    const audits = chunk.map(({ tx, change }) => {
      const metadata: Record<string, string | null> = { ruleId: rule.id, rule: rule.name };
      for (const f of change.fields) {
        metadata[`before.${f.field}`] = f.before;
        metadata[`after.${f.field}`] = f.after;
      }
      const row = auditRow({ action: "banking.rule_filled", metadata });
      return { id: row.id, target: tx.id, metadata: row.metadata };
    });
    // Only for the rows the UPDATE above really changed (it names the rule and carries this moment).
    statements.push(
      ctx.env.DB.prepare(
        `INSERT INTO audit_log (id, workspace_id, actor_user_id, action, target_type, target_id, outcome, ip, user_agent, metadata, created_at)
         SELECT j.value->>'id', ?2, ?3, 'banking.rule_filled', 'bank_transaction', j.value->>'target', 'success', ?4, ?5, j.value->>'metadata', ?6
         FROM json_each(?1) AS j
         WHERE EXISTS (SELECT 1 FROM bank_transactions t WHERE t.id = j.value->>'target' AND t.rule_id = ?7 AND t.updated_at = ?6)`,
      ).bind(JSON.stringify(audits), access.workspaceId, access.userId, ctx.ip, ctx.userAgent.slice(0, 512), now, rule.id),
    );
  }
  const results = await ctx.env.DB.batch(statements);
  // The rows each update returned: D1's `changes` also counts what triggers wrote (migration 0029).
  const changed = results.filter((_, i) => i % 2 === 0).reduce((sum, r) => sum + (r.results?.length ?? 0), 0);
  await auditBanking(ctx, access, "banking.rule_applied", { type: "bank_rule", id: rule.id }, { name: rule.name, changed, locked: preview.locked, overwrite });
  return { changed, locked: preview.locked, kept: preview.kept };
}
