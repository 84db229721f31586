import { and, asc, eq, sql } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { memberships } from "~/modules/workspaces/schema";
import { listMembers } from "~/modules/workspaces/service.server";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";
import { auditBanking, requireManage, type BankingAccess } from "./access.server";
import { requireAccount } from "./accounts.server";
import type { Category } from "./categories";
import { descriptionPatternProblem } from "./description-pattern";
import type { RuleActionsInput, RuleInput } from "./rule-form";
import type { RuleActions, RuleCondition } from "./rules";
import { bankRules } from "./schema";

/** A rule as the API and the page show it. */
export interface RuleView {
  id: string;
  position: number;
  name: string;
  conditions: RuleCondition[];
  actions: RuleActions;
  createdAt: string;
}

type RuleRow = typeof bankRules.$inferSelect;

function toView(row: RuleRow): RuleView {
  return {
    id: row.id,
    position: row.position,
    name: row.name,
    conditions: row.conditions as RuleCondition[],
    actions: row.actions as RuleActions,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Rules are read by those who read every transaction (trustees, the lawyer, a granted member), not by a beneficiary. */
export function requireReadRules(access: BankingAccess): void {
  if (!access.readAll) throw new Refusal(403, "rules.errors.noAccess");
}

/** The workspace's rules in the order they are tried (the first that matches fills a transaction in). */
export async function listRules(db: Db, access: BankingAccess): Promise<RuleView[]> {
  requireReadRules(access);
  const rows = await db
    .select()
    .from(bankRules)
    .where(eq(bankRules.workspaceId, access.workspaceId))
    .orderBy(asc(bankRules.position), asc(bankRules.createdAt));
  return rows.map(toView);
}

/** The /trust-banking page's rules panel: the rules and the members a rule may name; null for those who may not read rules. */
export async function rulesPanelData(ctx: RequestContext, session: CurrentSession, access: BankingAccess) {
  if (!access.readAll) return null;
  const [rules, members] = await Promise.all([listRules(ctx.db, access), listMembers(ctx, session)]);
  return { rules, members: members.map((m) => ({ userId: m.userId, name: m.name, role: m.role })) };
}

/** The rule if it is in the caller's workspace; otherwise 404. */
export async function requireRule(db: Db, access: BankingAccess, id: string): Promise<RuleView> {
  const row = isUuid(id)
    ? await db
        .select()
        .from(bankRules)
        .where(and(eq(bankRules.id, id), eq(bankRules.workspaceId, access.workspaceId)))
        .get()
    : undefined;
  if (!row) throw new Refusal(404, "rules.errors.notFound");
  return toView(row);
}

/** Every "matches" pattern must run in linear time within its bound (description-pattern.ts), or the rule is refused. */
function checkPatterns(conditions: readonly RuleCondition[]) {
  conditions.forEach((c, i) => {
    if (c.field !== "description" || c.op !== "matches") return;
    const problem = descriptionPatternProblem(c.value);
    if (!problem) return;
    const key = problem.kind === "tooComplex" ? "rules.validation.patternTooComplex" : "rules.validation.patternInvalid";
    const values = { pattern: c.value, reason: problem.kind === "invalid" ? problem.reason : "" };
    throw new Refusal(400, key, values, { [`conditions.${i}.value`]: key });
  });
}

/**
 * What a rule's input means in this workspace: every account it names must be one of the workspace's
 * (another family's account is "not found", 404), and a responsible party given as a user id must be a
 * member (stored with their name, as a transaction stores it); any other text is an outside party's name.
 */
export async function resolveRule<T extends { conditions?: RuleCondition[]; actions?: RuleActionsInput }>(
  db: Db,
  access: BankingAccess,
  input: T,
): Promise<{ conditions?: RuleCondition[]; actions?: RuleActions }> {
  checkPatterns(input.conditions ?? []);
  for (const c of input.conditions ?? []) if (c.field === "account") await requireAccount(db, access, c.accountId);
  if (!input.actions) return { conditions: input.conditions };
  const { responsibleParty, category, ...rest } = input.actions;
  const actions: RuleActions = { ...rest, ...(category ? { category: category as Category } : {}) };
  if (responsibleParty) {
    if (isUuid(responsibleParty)) {
      const member = await db
        .select({ name: users.name })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.workspaceId, access.workspaceId), eq(memberships.userId, responsibleParty)))
        .get();
      if (!member) throw new Refusal(400, "validation.partyNotMember", undefined, { "actions.responsibleParty": "validation.partyNotMember" });
      actions.responsibleParty = { userId: responsibleParty, name: member.name };
    } else actions.responsibleParty = { name: responsibleParty };
  }
  return { conditions: input.conditions, actions };
}

export async function createRule(ctx: RequestContext, access: BankingAccess, input: RuleInput): Promise<{ id: string; position: number }> {
  requireManage(access);
  const { conditions, actions } = await resolveRule(ctx.db, access, input);
  const last = await ctx.db
    .select({ position: sql<number>`coalesce(max(${bankRules.position}), 0)` })
    .from(bankRules)
    .where(eq(bankRules.workspaceId, access.workspaceId))
    .get();
  const id = crypto.randomUUID();
  const position = (last?.position ?? 0) + 1;
  await ctx.db.insert(bankRules).values({
    id,
    workspaceId: access.workspaceId,
    position,
    name: input.name,
    conditions: conditions!,
    actions: actions!,
    createdBy: access.userId,
    createdAt: new Date(),
  });
  await auditBanking(
    ctx,
    access,
    "banking.rule_created",
    { type: "bank_rule", id },
    {
      name: input.name,
      conditions: JSON.stringify(conditions),
      actions: JSON.stringify(actions),
    },
  );
  return { id, position };
}

export async function updateRule(ctx: RequestContext, access: BankingAccess, id: string, input: Partial<RuleInput>): Promise<RuleView> {
  requireManage(access);
  const rule = await requireRule(ctx.db, access, id);
  const { conditions, actions } = await resolveRule(ctx.db, access, input);
  const changes = { ...(input.name !== undefined ? { name: input.name } : {}), ...(conditions ? { conditions } : {}), ...(actions ? { actions } : {}) };
  if (Object.keys(changes).length === 0) return rule;
  const updated = await ctx.db
    .update(bankRules)
    .set(changes)
    .where(and(eq(bankRules.id, rule.id), eq(bankRules.workspaceId, access.workspaceId)))
    .returning()
    .get();
  if (!updated) throw new Refusal(404, "rules.errors.notFound");
  const metadata: Record<string, string> = {};
  for (const key of Object.keys(changes) as (keyof typeof changes)[]) {
    metadata[`before.${key}`] = typeof rule[key] === "string" ? (rule[key] as string) : JSON.stringify(rule[key]);
    metadata[`after.${key}`] = typeof changes[key] === "string" ? (changes[key] as string) : JSON.stringify(changes[key]);
  }
  await auditBanking(ctx, access, "banking.rule_updated", { type: "bank_rule", id: rule.id }, metadata);
  return toView(updated);
}

/**
 * Deletes a rule. What it filled in stays, and still names it (the transactions list shows "a deleted
 * rule"): the books keep why a field says what it says.
 */
export async function deleteRule(ctx: RequestContext, access: BankingAccess, id: string): Promise<void> {
  requireManage(access);
  const rule = await requireRule(ctx.db, access, id);
  await ctx.db.delete(bankRules).where(and(eq(bankRules.id, rule.id), eq(bankRules.workspaceId, access.workspaceId)));
  await auditBanking(
    ctx,
    access,
    "banking.rule_deleted",
    { type: "bank_rule", id: rule.id },
    {
      name: rule.name,
      conditions: JSON.stringify(rule.conditions),
      actions: JSON.stringify(rule.actions),
    },
  );
}

/** Moves a rule one place up or down, or to a place (1 is first); the order is renumbered 1…n in one statement. */
export async function moveRule(ctx: RequestContext, access: BankingAccess, id: string, to: { direction?: "up" | "down"; position?: number }) {
  requireManage(access);
  const rule = await requireRule(ctx.db, access, id);
  const order = (await listRules(ctx.db, access)).map((r) => r.id);
  const from = order.indexOf(rule.id);
  const target = Math.max(0, Math.min(order.length - 1, to.position !== undefined ? to.position - 1 : to.direction === "up" ? from - 1 : from + 1));
  order.splice(from, 1);
  order.splice(target, 0, rule.id);
  // One bound parameter for the whole order, however many rules there are (D1 allows 100 per statement).
  await ctx.env.DB.prepare(
    `UPDATE bank_rules SET position = (SELECT j.key + 1 FROM json_each(?1) AS j WHERE j.value = bank_rules.id)
     WHERE workspace_id = ?2 AND id IN (SELECT value FROM json_each(?1))`,
  )
    .bind(JSON.stringify(order), access.workspaceId)
    .run();
  if (target !== from)
    await auditBanking(ctx, access, "banking.rule_moved", { type: "bank_rule", id: rule.id }, { "before.position": from + 1, "after.position": target + 1 });
  return { rules: await listRules(ctx.db, access) };
}
