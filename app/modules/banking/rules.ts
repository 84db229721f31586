import type { Category } from "./categories";
import { descriptionMatches } from "./description-pattern";
import type { PrincipalOrIncome } from "./schema";

/** A rule's conditions; all of them must hold (issue 16). */
export type RuleCondition =
  | { field: "description"; op: "contains" | "equals" | "matches"; value: string }
  | { field: "amount"; op: "equals" | "less" | "greater"; valueMinor: number }
  | { field: "amount"; op: "between"; valueMinor: number; toMinor: number }
  | { field: "account"; accountId: string }
  | { field: "date"; from?: string; to?: string };

/** What a rule fills in. */
export interface RuleActions {
  purpose?: string;
  category?: Category;
  responsibleParty?: { userId?: string; name: string };
  principalOrIncome?: PrincipalOrIncome;
  note?: string;
}

export interface Rule {
  id: string;
  name: string;
  conditions: RuleCondition[];
  actions: RuleActions;
}

export interface RuleSubject {
  accountId: string;
  postedOn: string;
  description: string;
  amountMinor: number;
}

export function ruleMatches(conditions: RuleCondition[], subject: RuleSubject): boolean {
  return conditions.every((c) => {
    switch (c.field) {
      case "description": {
        const text = subject.description.toLowerCase();
        if (c.op === "contains") return text.includes(c.value.toLowerCase());
        if (c.op === "equals") return text.trim() === c.value.toLowerCase().trim();
        // A person's regular expression, in linear time (description-pattern.ts); one that cannot be used matches nothing.
        return descriptionMatches(c.value, subject.description);
      }
      case "amount":
        if (c.op === "between") return subject.amountMinor >= Math.min(c.valueMinor, c.toMinor) && subject.amountMinor <= Math.max(c.valueMinor, c.toMinor);
        if (c.op === "equals") return subject.amountMinor === c.valueMinor;
        if (c.op === "less") return subject.amountMinor < c.valueMinor;
        return subject.amountMinor > c.valueMinor;
      case "account":
        return subject.accountId === c.accountId;
      case "date":
        return (!c.from || subject.postedOn >= c.from) && (!c.to || subject.postedOn <= c.to);
    }
  });
}

/** The first rule, in order, whose conditions all hold: its id says who filled the fields in. */
export function firstMatchingRule<R extends Rule>(rules: readonly R[], subject: RuleSubject): R | null {
  return rules.find((r) => r.conditions.length > 0 && ruleMatches(r.conditions, subject)) ?? null;
}
