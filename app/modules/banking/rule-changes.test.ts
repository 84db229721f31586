import { describe, expect, it } from "vitest";
import { draftFromTransaction, patternProblem, planRuleChange, stablePart, type OrderedRule, type RuleTarget } from "./rule-changes";
import { createRuleSchema, minorToInput, moveRuleSchema, ruleFormSchema, ruleToForm } from "./rule-form";
import { firstMatchingRule, ruleMatches } from "./rules";

const t = (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key);

const tx = (over: Partial<RuleTarget> = {}): RuleTarget => ({
  id: "t1",
  accountId: "a1",
  postedOn: "2026-09-10",
  description: "PG&E WEB ONLINE 0910",
  amountMinor: -18422,
  purpose: null,
  category: null,
  principalOrIncome: null,
  responsibleUserId: null,
  responsibleName: null,
  notes: null,
  beneficiaryUserId: null,
  status: "unreviewed",
  ruleId: null,
  locked: false,
  split: false,
  ...over,
});

const utilities: OrderedRule = { id: "r2", position: 2, actions: { purpose: "Electricity for Cedar Crest", category: "utilities" } };

describe("rule matching", () => {
  it("every condition must hold; descriptions ignore case; amounts compare in minor units", () => {
    const subject = { accountId: "a1", postedOn: "2026-09-10", description: "PG&E WEB ONLINE", amountMinor: -18422 };
    expect(ruleMatches([{ field: "description", op: "contains", value: "pg&e" }], subject)).toBe(true);
    expect(ruleMatches([{ field: "description", op: "equals", value: "pg&e web online " }], subject)).toBe(true);
    expect(ruleMatches([{ field: "description", op: "matches", value: "^PG.E\\b" }], subject)).toBe(true);
    expect(ruleMatches([{ field: "amount", op: "between", valueMinor: -20000, toMinor: -10000 }], subject)).toBe(true);
    expect(ruleMatches([{ field: "amount", op: "less", valueMinor: -18422 }], subject)).toBe(false);
    expect(
      ruleMatches(
        [
          { field: "description", op: "contains", value: "PG&E" },
          { field: "account", accountId: "a2" },
        ],
        subject,
      ),
    ).toBe(false);
    expect(ruleMatches([{ field: "date", from: "2026-09-01", to: "2026-09-10" }], subject)).toBe(true);
    expect(ruleMatches([{ field: "date", from: "2026-09-11" }], subject)).toBe(false);
  });

  it("the first rule in order wins", () => {
    const rules = [
      { id: "a", name: "A", conditions: [{ field: "description" as const, op: "contains" as const, value: "WEB" }], actions: {} },
      { id: "b", name: "B", conditions: [{ field: "description" as const, op: "contains" as const, value: "PG&E" }], actions: {} },
    ];
    expect(firstMatchingRule(rules, { accountId: "a1", postedOn: "2026-09-10", description: "PG&E WEB", amountMinor: 1 })?.id).toBe("a");
  });
});

describe("what a rule changes in a past transaction", () => {
  it("fills empty fields, the side from the category, and counts the transaction accounted for", () => {
    const change = planRuleChange(utilities, tx());
    expect(change?.fields).toEqual([
      { field: "purpose", before: null, after: "Electricity for Cedar Crest" },
      { field: "category", before: null, after: "utilities" },
      { field: "principalOrIncome", before: null, after: "income" },
    ]);
    expect(change?.next).toMatchObject({ status: "accounted", category: "utilities", principalOrIncome: "income" });
  });

  it("never touches a locked transaction, even when asked to replace", () => {
    expect(planRuleChange(utilities, tx({ locked: true }), { overwrite: true })).toBeNull();
  });

  it("keeps what a person wrote unless asked", () => {
    const written = tx({ purpose: "Gas and electricity", category: "repairs", principalOrIncome: "principal" });
    expect(planRuleChange(utilities, written)).toBeNull();
    expect(planRuleChange(utilities, written, { overwrite: true })?.fields.map((f) => f.field)).toEqual(["purpose", "category", "principalOrIncome"]);
  });

  it("replaces a later rule's work, never an earlier one's, and only the values that rule still writes", () => {
    const later: OrderedRule = { id: "r3", position: 3, actions: { purpose: "Utilities", category: "utilities" } };
    const earlier: OrderedRule = { id: "r1", position: 1, actions: { purpose: "Utilities" } };
    const byLater = tx({ purpose: "Utilities", category: "utilities", principalOrIncome: "income", ruleId: "r3" });
    expect(planRuleChange(utilities, byLater, { madeBy: later })?.fields).toEqual([
      { field: "purpose", before: "Utilities", after: "Electricity for Cedar Crest" },
    ]);
    const byEarlier = tx({ purpose: "Utilities", ruleId: "r1" });
    expect(planRuleChange(utilities, byEarlier, { madeBy: earlier })?.fields.map((f) => f.field)).toEqual(["category", "principalOrIncome"]);
    // The later rule no longer writes "Utilities": someone else did, so it stays.
    const edited = { ...later, actions: { purpose: "Power" } };
    expect(planRuleChange(utilities, byLater, { madeBy: edited })?.fields ?? []).toEqual([]);
  });

  it("leaves a split transaction's category and side to its parts; a member is named by id", () => {
    const rule: OrderedRule = { id: "r", position: 1, actions: { category: "utilities", responsibleParty: { userId: "u1", name: "Eleanor" } } };
    const change = planRuleChange(rule, tx({ split: true }));
    expect(change?.fields).toEqual([{ field: "responsibleParty", before: null, after: "Eleanor" }]);
    expect(change?.next).toMatchObject({ responsibleUserId: "u1", responsibleName: "Eleanor", status: "unreviewed" });
  });

  it("a category that names no beneficiary clears the beneficiary", () => {
    const change = planRuleChange(utilities, tx({ category: "distribution", beneficiaryUserId: "b1" }), { overwrite: true });
    expect(change?.next.beneficiaryUserId).toBeNull();
  });
});

describe("rules from a transaction", () => {
  it("takes the longest run of words without digits, as it stands in the text", () => {
    expect(stablePart("POS 0914 SAFEWAY STORE #1234")).toBe("SAFEWAY STORE");
    expect(stablePart("ACH DEPOSIT VANGUARD DIV 0902")).toBe("ACH DEPOSIT VANGUARD DIV");
    expect(stablePart("CHECK 1043")).toBe("CHECK");
    expect(stablePart("12345")).toBe("12345");
    expect(stablePart("Miete  Wohnung   Mai")).toBe("Miete  Wohnung   Mai");
  });

  it("prefills conditions (stable text, account) and actions (what the transaction says now)", () => {
    const draft = draftFromTransaction({
      accountId: "a1",
      description: "POS 0914 SAFEWAY STORE #1234",
      purpose: "Groceries",
      category: "repairs",
      principalOrIncome: "income",
      responsibleParty: { userId: "u1", name: "Eleanor" },
      notes: null,
    });
    expect(draft.conditions).toEqual([
      { field: "description", op: "contains", value: "SAFEWAY STORE" },
      { field: "account", accountId: "a1" },
    ]);
    // The side is the category's own, so the rule leaves it to the category.
    expect(draft.actions).toEqual({ purpose: "Groceries", category: "repairs", responsibleParty: { userId: "u1", name: "Eleanor" } });
    expect(ruleMatches(draft.conditions, { accountId: "a1", postedOn: "2026-10-14", description: "POS 1014 SAFEWAY STORE #1234", amountMinor: 1 })).toBe(true);
  });
});

describe("rule validation", () => {
  const valid = { name: "Utilities", conditions: [{ field: "description", op: "contains", value: "PG&E" }], actions: { category: "utilities" } };
  const issues = (body: unknown) => {
    const result = createRuleSchema(t).safeParse(body);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message.split(" ")[0]}`);
  };

  it("accepts a rule and refuses what cannot work, each with its sentence", () => {
    expect(issues(valid)).toEqual([]);
    expect(issues({ ...valid, conditions: [{ field: "description", op: "matches", value: "(unclosed" }] })).toEqual([
      "conditions.0.value: rules.validation.patternInvalid",
    ]);
    expect(patternProblem("(unclosed")).toMatch(/./);
    expect(issues({ ...valid, conditions: [{ field: "amount", op: "between", valueMinor: 500, toMinor: 100 }] })).toEqual([
      "conditions.0.toMinor: rules.validation.betweenOrder",
    ]);
    expect(issues({ ...valid, conditions: [{ field: "amount", op: "between", valueMinor: 500 }] })).toEqual([
      "conditions.0.toMinor: rules.validation.betweenTo",
    ]);
    expect(issues({ ...valid, conditions: [] })).toEqual(["conditions: rules.validation.conditionRequired"]);
    expect(issues({ ...valid, actions: {} })).toEqual(["actions: rules.validation.actionRequired"]);
    expect(issues({ ...valid, actions: { purpose: "  " } })).toEqual(["actions: rules.validation.actionRequired"]);
    expect(issues({ ...valid, actions: { category: "yachts" } })).toEqual(["actions.category: validation.categoryInvalid"]);
    expect(issues({ ...valid, conditions: [{ field: "date", from: "2026-10-01", to: "2026-09-01" }] })).toEqual([
      "conditions.0.to: rules.validation.dateOrder",
    ]);
    expect(issues({ ...valid, conditions: [{ field: "colour", value: "red" }] })).toEqual(["conditions.0.field: rules.validation.fieldInvalid"]);
    expect(moveRuleSchema(t).safeParse({ direction: "up", position: 2 }).success).toBe(false);
    expect(moveRuleSchema(t).safeParse({ position: 2 }).success).toBe(true);
  });

  it("the page's form reads amounts as a person types them, in the named account's currency, and round-trips a rule", () => {
    const accounts = [
      { id: "usd", currency: "USD" },
      { id: "jpy", currency: "JPY" },
    ];
    const form = ruleFormSchema(t, accounts, [{ userId: "u1", name: "Eleanor" }]).safeParse({
      name: "Rent",
      conditions: [
        { kind: "amount.between", value: "1,200.00", to: "2500" },
        { kind: "account", value: "usd" },
      ],
      party: "Eleanor",
      category: "rent",
    });
    expect(form.success && form.data).toEqual({
      name: "Rent",
      conditions: [
        { field: "amount", op: "between", valueMinor: 120000, toMinor: 250000 },
        { field: "account", accountId: "usd" },
      ],
      actions: { category: "rent", responsibleParty: "u1" },
    });
    const yen = ruleFormSchema(t, accounts).safeParse({
      name: "Yen",
      conditions: [
        { kind: "amount.greater", value: "1500" },
        { kind: "account", value: "jpy" },
      ],
      note: "x",
    });
    expect(yen.success && yen.data.conditions[0]).toEqual({ field: "amount", op: "greater", valueMinor: 1500 });
    const bad = ruleFormSchema(t, accounts).safeParse({ name: "Bad", conditions: [{ kind: "description.matches", value: "[" }], purpose: "x" });
    expect(bad.success).toBe(false);
    expect(minorToInput(-123405, "USD")).toBe("-1234.05");
    expect(
      ruleToForm(
        { name: "Rent", conditions: [{ field: "amount", op: "between", valueMinor: 120000, toMinor: 250000 }], actions: { purpose: "Rent" } },
        accounts,
      ).conditions,
    ).toEqual([{ kind: "amount.between", value: "1200.00", to: "2500.00" }]);
  });
});
