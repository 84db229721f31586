import { z } from "zod";
import { CATEGORY_IDS } from "./categories";
import { PRINCIPAL_OR_INCOME } from "./constants";
import { minorDigits, parseAmountInput } from "./money";
import { patternProblem } from "./rule-changes";
import type { RuleActions, RuleCondition } from "./rules";
import { isoDay, minor } from "./validation";
import { unknownVariant } from "~/platform/union-error";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export const MAX_CONDITIONS = 20;

/** One condition as the API takes it (rules.ts RuleCondition); checked as a whole by `checkCondition`. */
const conditionSchema = (t: Translate) =>
  z.discriminatedUnion(
    "field",
    [
      z
        .object({
          field: z.literal("description"),
          op: z.enum(["contains", "equals", "matches"], { errorMap: () => ({ message: t("rules.validation.opInvalid") }) }),
          value: z
            .string({ required_error: t("rules.validation.textRequired") })
            .trim()
            .min(1, t("rules.validation.textRequired"))
            .max(200, t("rules.validation.textTooLong")),
        })
        .strict(),
      z
        .object({
          field: z.literal("amount"),
          op: z.enum(["equals", "less", "greater", "between"], { errorMap: () => ({ message: t("rules.validation.opInvalid") }) }),
          valueMinor: minor(t),
          toMinor: minor(t).optional(),
        })
        .strict(),
      z
        .object({
          field: z.literal("account"),
          accountId: z
            .string({ required_error: t("rules.validation.accountRequired") })
            .min(1)
            .max(100),
        })
        .strict(),
      z.object({ field: z.literal("date"), from: isoDay(t).optional(), to: isoDay(t).optional() }).strict(),
    ],
    { errorMap: unknownVariant(t("rules.validation.fieldInvalid")) },
  );

function checkCondition(t: Translate, c: z.infer<ReturnType<typeof conditionSchema>>, add: (path: string, message: string) => void) {
  if (c.field === "description" && c.op === "matches") {
    const problem = patternProblem(c.value);
    if (problem) add("value", t("rules.validation.patternInvalid", { pattern: c.value, reason: problem }));
  }
  if (c.field === "amount" && c.op === "between") {
    if (c.toMinor === undefined) add("toMinor", t("rules.validation.betweenTo"));
    else if (c.valueMinor > c.toMinor) add("toMinor", t("rules.validation.betweenOrder"));
  }
  if (c.field === "amount" && c.op !== "between" && c.toMinor !== undefined) add("toMinor", t("rules.validation.toOnlyBetween"));
  if (c.field === "date") {
    if (!c.from && !c.to) add("from", t("rules.validation.dateRange"));
    else if (c.from && c.to && c.from > c.to) add("to", t("rules.validation.dateOrder"));
  }
}

const conditionsSchema = (t: Translate) =>
  z
    .array(conditionSchema(t), { required_error: t("rules.validation.conditionRequired"), invalid_type_error: t("rules.validation.conditionRequired") })
    .min(1, t("rules.validation.conditionRequired"))
    .max(MAX_CONDITIONS, t("rules.validation.tooManyConditions", { max: MAX_CONDITIONS }))
    .superRefine((list, context) =>
      list.forEach((c, i) => checkCondition(t, c, (path, message) => context.addIssue({ code: "custom", path: [i, path], message }))),
    )
    // Checked above: "between" has its upper bound, the others none.
    .transform((list) => list as RuleCondition[]);

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullable()
    .optional()
    .transform((s) => s || undefined);

/** `responsibleParty`: a member's user id or any other party's name, as on a transaction; or `{ userId?, name }` as GET answers it. */
const partySchema = (t: Translate) =>
  z
    .union([
      z.string().trim().max(200, t("validation.partyTooLong")),
      z.object({ userId: z.string().optional(), name: z.string().trim().max(200, t("validation.partyTooLong")) }).strict(),
    ])
    .nullable()
    .optional()
    .transform((p) => (p == null ? undefined : typeof p === "string" ? p || undefined : p.userId || p.name || undefined));

const actionsSchema = (t: Translate) =>
  z
    .object(
      {
        purpose: optionalText(500, t("validation.purposeTooLong")),
        category: z
          .enum(CATEGORY_IDS as [string, ...string[]], { errorMap: () => ({ message: t("validation.categoryInvalid") }) })
          .nullable()
          .optional()
          .transform((c) => c ?? undefined),
        responsibleParty: partySchema(t),
        principalOrIncome: z
          .enum(PRINCIPAL_OR_INCOME, { errorMap: () => ({ message: t("validation.sideInvalid") }) })
          .nullable()
          .optional()
          .transform((s) => s ?? undefined),
        note: optionalText(4000, t("validation.notesTooLong")),
      },
      { required_error: t("rules.validation.actionRequired"), invalid_type_error: t("rules.validation.actionRequired") },
    )
    .strict()
    .refine((a) => Object.values(a).some((v) => v !== undefined), t("rules.validation.actionRequired"));

const nameSchema = (t: Translate) =>
  z
    .string({ required_error: t("rules.validation.nameRequired") })
    .trim()
    .min(1, t("rules.validation.nameRequired"))
    .max(100, t("rules.validation.nameTooLong"));

/** POST /api/banking/rules */
export const createRuleSchema = (t: Translate) => z.object({ name: nameSchema(t), conditions: conditionsSchema(t), actions: actionsSchema(t) }).strict();

/** PATCH /api/banking/rules/{id}: any of the three. */
export const updateRuleSchema = (t: Translate) =>
  z.object({ name: nameSchema(t).optional(), conditions: conditionsSchema(t).optional(), actions: actionsSchema(t).optional() }).strict();

/** POST /api/banking/rules/preview: a rule not saved yet (or a saved one's new version, named by `id`). */
export const previewRuleSchema = (t: Translate) =>
  z
    .object({
      id: z.string().max(100).optional(),
      name: z.string().max(100).optional(),
      conditions: conditionsSchema(t),
      actions: actionsSchema(t),
      overwrite: z.boolean({ invalid_type_error: t("rules.validation.overwriteInvalid") }).optional(),
    })
    .strict();

/** POST /api/banking/rules/{id}/apply */
export const applyRuleSchema = (t: Translate) =>
  z.object({ overwrite: z.boolean({ invalid_type_error: t("rules.validation.overwriteInvalid") }).optional() }).strict();

/** POST /api/banking/rules/{id}/move: one step up or down, or to a place (1 is first). */
export const moveRuleSchema = (t: Translate) =>
  z
    .object({
      direction: z.enum(["up", "down"], { errorMap: () => ({ message: t("rules.validation.moveInvalid") }) }).optional(),
      position: z
        .number({ invalid_type_error: t("rules.validation.moveInvalid") })
        .int(t("rules.validation.moveInvalid"))
        .min(1)
        .max(10_000)
        .optional(),
    })
    .strict()
    .refine((m) => (m.direction === undefined) !== (m.position === undefined), t("rules.validation.moveInvalid"));

export type RuleInput = z.infer<ReturnType<typeof createRuleSchema>>;
export type RuleActionsInput = RuleInput["actions"];

// ── The page's form (Conform): amounts typed as a person writes money, one row per condition. ──

export const CONDITION_KINDS = [
  "description.contains",
  "description.equals",
  "description.matches",
  "amount.equals",
  "amount.less",
  "amount.greater",
  "amount.between",
  "account",
  "date",
] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];

// Types rather than interfaces: Conform's field names want an index signature.
export type ConditionRow = {
  kind: ConditionKind;
  value?: string;
  to?: string;
};

export type RuleFormValue = {
  name?: string;
  conditions?: ConditionRow[];
  purpose?: string;
  category?: string;
  party?: string;
  side?: string;
  note?: string;
};

/** What the form gives the API: a rule's body. */
export type RuleFormOutput = z.output<ReturnType<typeof ruleFormSchema>>;

/**
 * Amounts in the form are read in the currency of the account the rule names, else the trust's first
 * account's; a responsible party typed as a member's name is that member (by id), anything else an outside party.
 */
export function ruleFormSchema(t: Translate, accounts: { id: string; currency: string }[], members: { userId: string; name: string }[] = []) {
  return z
    .object({
      name: nameSchema(t),
      conditions: z
        .array(z.object({ kind: z.enum(CONDITION_KINDS), value: z.string().trim().optional(), to: z.string().trim().optional() }))
        .min(1, t("rules.validation.conditionRequired"))
        .max(MAX_CONDITIONS, t("rules.validation.tooManyConditions", { max: MAX_CONDITIONS })),
      purpose: z.string().trim().max(500, t("validation.purposeTooLong")).optional(),
      category: z.string().optional(),
      party: z.string().trim().max(200, t("validation.partyTooLong")).optional(),
      side: z.string().optional(),
      note: z.string().trim().max(4000, t("validation.notesTooLong")).optional(),
    })
    .transform((form, context) => {
      const accountId = form.conditions.find((c) => c.kind === "account")?.value;
      const currency = accounts.find((a) => a.id === accountId)?.currency ?? accounts[0]?.currency ?? "USD";
      const conditions: RuleCondition[] = [];
      form.conditions.forEach((row, i) => {
        const fail = (field: "value" | "to", key: string, values?: Record<string, unknown>) =>
          context.addIssue({ code: "custom", path: ["conditions", i, field], message: t(key, values) });
        const [field, op] = row.kind.split(".") as [string, string | undefined];
        if (field === "description") {
          if (!row.value) return fail("value", "rules.validation.textRequired");
          const problem = op === "matches" ? patternProblem(row.value) : null;
          if (problem) return fail("value", "rules.validation.patternInvalid", { pattern: row.value, reason: problem });
          conditions.push({ field: "description", op: op as "contains", value: row.value.slice(0, 200) });
        } else if (field === "amount") {
          const from = row.value ? parseAmountInput(row.value, currency) : null;
          if (from === null) return fail("value", "validation.amountInvalid");
          if (op !== "between") return void conditions.push({ field: "amount", op: op as "equals", valueMinor: from });
          const to = row.to ? parseAmountInput(row.to, currency) : null;
          if (to === null) return fail("to", "rules.validation.betweenTo");
          if (from > to) return fail("to", "rules.validation.betweenOrder");
          conditions.push({ field: "amount", op: "between", valueMinor: from, toMinor: to });
        } else if (field === "account") {
          if (!row.value) return fail("value", "rules.validation.accountRequired");
          conditions.push({ field: "account", accountId: row.value });
        } else {
          if (!row.value && !row.to) return fail("value", "rules.validation.dateRange");
          if (row.value && row.to && row.value > row.to) return fail("to", "rules.validation.dateOrder");
          conditions.push({ field: "date", ...(row.value ? { from: row.value } : {}), ...(row.to ? { to: row.to } : {}) });
        }
      });
      const actions = {
        ...(form.purpose ? { purpose: form.purpose } : {}),
        ...(form.category ? { category: form.category } : {}),
        ...(form.party ? { responsibleParty: members.find((m) => m.name === form.party)?.userId ?? form.party } : {}),
        ...(form.side ? { principalOrIncome: form.side } : {}),
        ...(form.note ? { note: form.note } : {}),
      };
      if (Object.keys(actions).length === 0) context.addIssue({ code: "custom", path: ["purpose"], message: t("rules.validation.actionRequired") });
      return { name: form.name, conditions, actions };
    });
}

/** Minor units back to what a person would type ("-1234.50"). */
export function minorToInput(value: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  return digits === 0 ? `${sign}${abs}` : `${sign}${Math.floor(abs / 10 ** digits)}.${String(abs % 10 ** digits).padStart(digits, "0")}`;
}

/** A saved rule (or a draft) as the form's default value. */
export function ruleToForm(
  rule: { name: string; conditions: RuleCondition[]; actions: RuleActions },
  accounts: { id: string; currency: string }[],
): RuleFormValue {
  const accountId = rule.conditions.find((c) => c.field === "account");
  const currency =
    (accountId?.field === "account" ? accounts.find((a) => a.id === accountId.accountId)?.currency : undefined) ?? accounts[0]?.currency ?? "USD";
  return {
    name: rule.name,
    conditions: rule.conditions.map((c): ConditionRow => {
      switch (c.field) {
        case "description":
          return { kind: `description.${c.op}`, value: c.value };
        case "amount":
          return {
            kind: `amount.${c.op}`,
            value: minorToInput(c.valueMinor, currency),
            ...(c.op === "between" ? { to: minorToInput(c.toMinor, currency) } : {}),
          };
        case "account":
          return { kind: "account", value: c.accountId };
        case "date":
          return { kind: "date", value: c.from ?? "", to: c.to ?? "" };
      }
    }),
    purpose: rule.actions.purpose ?? "",
    category: rule.actions.category ?? "",
    party: rule.actions.responsibleParty?.name ?? "",
    side: rule.actions.principalOrIncome ?? "",
    note: rule.actions.note ?? "",
  };
}
