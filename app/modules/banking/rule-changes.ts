import { defaultSide, isCategory, namesBeneficiary } from "./categories";
import type { PrincipalOrIncome } from "./constants";
import type { RuleActions, RuleCondition } from "./rules";

/**
 * What a rule would change in a transaction already in the books (issue 16), pure so that the preview, the
 * apply and the tests share it. A rule never changes a locked transaction, and never replaces what a
 * person wrote unless the person asks (`overwrite`). A field is the rule's to fill when it is empty, or
 * when a rule wrote it and no person has changed it since: the transaction still names that rule (every
 * edit by a person clears `rule_id`), the rule still writes exactly that value, and it does not come
 * before this one in the order (on import the first matching rule wins, so an earlier rule's work stays).
 */

export const RULE_FIELDS = ["purpose", "category", "principalOrIncome", "responsibleParty", "notes"] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

/** The parts of a transaction a rule reads and writes. */
export interface RuleTarget {
  id: string;
  accountId: string;
  postedOn: string;
  description: string;
  amountMinor: number;
  purpose: string | null;
  category: string | null;
  principalOrIncome: PrincipalOrIncome | null;
  responsibleUserId: string | null;
  responsibleName: string | null;
  notes: string | null;
  beneficiaryUserId: string | null;
  status: string;
  ruleId: string | null;
  locked: boolean;
  /** Split transactions carry their categories and sides in their parts: a rule leaves those alone. */
  split: boolean;
}

export interface OrderedRule {
  id: string;
  position: number;
  actions: RuleActions;
}

export interface FieldChange {
  field: RuleField;
  before: string | null;
  after: string | null;
}

export interface PlannedChange {
  fields: FieldChange[];
  /** The transaction's columns after the rule (all of them, changed or not). */
  next: Pick<RuleTarget, "purpose" | "category" | "principalOrIncome" | "responsibleUserId" | "responsibleName" | "notes" | "beneficiaryUserId" | "status">;
}

type Value = string | null;

/** The value a rule writes into a field, or undefined when it leaves the field alone. */
export function ruleValue(actions: RuleActions, field: RuleField): Value | undefined {
  switch (field) {
    case "purpose":
      return actions.purpose || undefined;
    case "notes":
      return actions.note || undefined;
    case "category":
      return actions.category && isCategory(actions.category) ? actions.category : undefined;
    case "principalOrIncome":
      return actions.principalOrIncome ?? (actions.category && isCategory(actions.category) ? defaultSide(actions.category) : undefined);
    case "responsibleParty":
      return actions.responsibleParty ? partyKey(actions.responsibleParty.userId ?? null, actions.responsibleParty.name) : undefined;
  }
}

/** A party compared by who it is: a member by id, anyone else by name. */
function partyKey(userId: string | null, name: string | null): Value {
  if (userId) return `user:${userId}`;
  return name ? `name:${name}` : null;
}

function current(tx: RuleTarget, field: RuleField): Value {
  if (field === "responsibleParty") return partyKey(tx.responsibleUserId, tx.responsibleName);
  return tx[field] ?? null;
}

/** What the person sees of a value: the party's name rather than its key. */
function shown(tx: Pick<RuleTarget, "responsibleName">, field: RuleField, value: Value): Value {
  if (field !== "responsibleParty" || value === null) return value;
  return tx.responsibleName;
}

export function planRuleChange(rule: OrderedRule, tx: RuleTarget, options: { madeBy?: OrderedRule; overwrite?: boolean } = {}): PlannedChange | null {
  if (tx.locked) return null;
  const fields: FieldChange[] = [];
  const next: PlannedChange["next"] = {
    purpose: tx.purpose,
    category: tx.category,
    principalOrIncome: tx.principalOrIncome,
    responsibleUserId: tx.responsibleUserId,
    responsibleName: tx.responsibleName,
    notes: tx.notes,
    beneficiaryUserId: tx.beneficiaryUserId,
    status: tx.status,
  };
  const madeBy = options.madeBy && tx.ruleId === options.madeBy.id ? options.madeBy : undefined;
  const free = (field: RuleField) => {
    const value = current(tx, field);
    if (value === null || options.overwrite) return true;
    return madeBy !== undefined && (madeBy.id === rule.id || madeBy.position >= rule.position) && ruleValue(madeBy.actions, field) === value;
  };
  for (const field of RULE_FIELDS) {
    if (tx.split && (field === "category" || field === "principalOrIncome")) continue;
    const value = ruleValue(rule.actions, field);
    if (value === undefined || value === current(tx, field) || !free(field)) continue;
    if (field === "responsibleParty") {
      const party = rule.actions.responsibleParty!;
      next.responsibleUserId = party.userId ?? null;
      next.responsibleName = party.name;
      fields.push({ field, before: shown(tx, field, current(tx, field)), after: party.name });
      continue;
    }
    if (field === "category" && !namesBeneficiary(isCategory(value) ? value : null)) next.beneficiaryUserId = null;
    (next as Record<string, Value>)[field] = value;
    fields.push({ field, before: current(tx, field), after: value });
  }
  if (fields.length === 0) return null;
  if (tx.status === "unreviewed" && next.purpose) next.status = "accounted";
  return { fields, next };
}

/**
 * Why a "matches" pattern cannot be used, or null when it compiles: the form's first check (compiling runs nothing).
 * The server decides with RE2's syntax and bounds (description-pattern.ts), which also refuses look-arounds and
 * back-references.
 */
export function patternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, "i");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The part of a bank's description that stays the same from one month to the next: the longest run of
 * words without digits (dates, check and reference numbers change), taken from the text itself so that
 * "contains" finds it again. "POS 0914 SAFEWAY STORE #1234" gives "SAFEWAY STORE".
 */
export function stablePart(description: string): string {
  const words = [...description.matchAll(/\S+/g)];
  let best: { start: number; end: number } | null = null;
  let run: { start: number; end: number } | null = null;
  for (const word of words) {
    const stable = !/\d/.test(word[0]) && /\p{L}/u.test(word[0]);
    if (!stable) {
      run = null;
      continue;
    }
    const start = word.index;
    const end = word.index + word[0].length;
    run = run ? { start: run.start, end } : { start, end };
    if (!best || run.end - run.start > best.end - best.start) best = { ...run };
  }
  const text = best ? description.slice(best.start, best.end) : description.trim();
  return text.length > 100 ? text.slice(0, 100).trim() : text;
}

export interface RuleDraft {
  name: string;
  conditions: RuleCondition[];
  actions: RuleActions;
}

/** "Create a rule from this transaction": its description's stable part and its account, and what it says now. */
export function draftFromTransaction(tx: {
  accountId: string;
  description: string;
  purpose: string | null;
  category: string | null;
  principalOrIncome: string | null;
  responsibleParty: { userId?: string; name: string } | null;
  notes: string | null;
}): RuleDraft {
  const part = stablePart(tx.description);
  const actions: RuleActions = {};
  if (tx.purpose) actions.purpose = tx.purpose;
  if (tx.category && isCategory(tx.category)) actions.category = tx.category;
  const side = tx.principalOrIncome === "principal" || tx.principalOrIncome === "income" ? tx.principalOrIncome : undefined;
  // The side is kept only when it is not what the category gives anyway.
  if (side && !(actions.category && defaultSide(actions.category) === side)) actions.principalOrIncome = side;
  if (tx.responsibleParty)
    actions.responsibleParty = { ...(tx.responsibleParty.userId ? { userId: tx.responsibleParty.userId } : {}), name: tx.responsibleParty.name };
  if (tx.notes) actions.note = tx.notes;
  return {
    name: part.slice(0, 100),
    conditions: [
      { field: "description", op: "contains", value: part },
      { field: "account", accountId: tx.accountId },
    ],
    actions,
  };
}
