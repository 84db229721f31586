/**
 * The rule packs: one JSON file per jurisdiction, reviewed like code, checked against one schema when this
 * module loads so a mistyped pack fails the tests (and the first request) instead of computing a wrong date.
 */
import { z } from "zod";
import { TRUST_EVENT_TYPES, TRUST_TYPES } from "../event-types";
import ca from "./packs/ca.json";
import fl from "./packs/fl.json";
import gbEws from "./packs/gb-ews.json";
import ny from "./packs/ny.json";
import tx from "./packs/tx.json";
import us from "./packs/us.json";

export { TRUST_EVENT_TYPES, TRUST_TYPES };
export type TrustEventType = (typeof TRUST_EVENT_TYPES)[number];

export type TrustType = (typeof TRUST_TYPES)[number];

export const JURISDICTIONS = ["US", "CA", "TX", "FL", "NY", "GB-EWS"] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

// Citations must point at the legislature's or the government's own text, not a commercial copy.
const OFFICIAL_HOSTS = [
  "leginfo.legislature.ca.gov",
  "statutes.capitol.texas.gov",
  "www.leg.state.fl.us",
  "www.nysenate.gov",
  "www.legislation.gov.uk",
  "www.gov.uk",
  "www.law.cornell.edu",
];

const eventType = z.enum(TRUST_EVENT_TYPES);
const trustType = z.enum(TRUST_TYPES);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const offsetSchema = z
  .object({
    amount: z.number().int().min(0).max(1200),
    unit: z.enum(["days", "months"]),
    direction: z.enum(["after", "before"]),
  })
  .strict();

/** Conditions are data so the verdicts can say which one failed; every one present must hold. */
const conditionsSchema = z
  .object({
    trustTypesIn: z.array(trustType).min(1).optional(),
    trustTypesNotIn: z.array(trustType).min(1).optional(),
    minBeneficiaries: z.number().int().positive().optional(),
    requiresEvent: eventType.optional(),
    /** The trust must be irrevocable on the triggering event's day (for periodic rules: at some point). */
    irrevocableOnly: z.boolean().optional(),
    /** Texas: no duty if an accounting was delivered in this many months before the triggering event. */
    noAccountingWithinMonthsBeforeEvent: z.number().int().positive().optional(),
    requiresFlag: z.enum(["estateTaxReturnRequired"]).optional(),
    /** Listed so the page can say the duty does not exist here (New York's periodic account). */
    noStatutoryDuty: z.boolean().optional(),
  })
  .strict();

/** Another event that starts the same clock, optionally only for some trust types. */
const triggerSpecSchema = z
  .object({
    event: eventType,
    trustTypesIn: z.array(trustType).min(1).optional(),
    trustTypesNotIn: z.array(trustType).min(1).optional(),
  })
  .strict();

const monthDay = z.object({ month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) }).strict();

const periodicSchema = z
  .object({
    /** Where the first period starts: the day the trust became irrevocable, or a fixed day each year. */
    anchor: z.discriminatedUnion("kind", [z.object({ kind: z.literal("irrevocable_since") }).strict(), monthDay.extend({ kind: z.literal("fixed") }).strict()]),
    everyMonths: z.number().int().min(1).max(120),
    /** A fixed due day after the period ends (31 January after the UK tax year), instead of an offset. */
    dueOn: monthDay.optional(),
  })
  .strict();

export const ruleSchema = z
  .object({
    id: z.string().regex(/^[a-z]{2}-[a-z0-9.-]+$/),
    jurisdiction: z.enum(JURISDICTIONS),
    duty: z.string().regex(/^[a-z-]+$/),
    citation: z.string().min(3),
    sourceUrl: z
      .string()
      .url()
      .refine((url) => url.startsWith("https://") && OFFICIAL_HOSTS.includes(new URL(url).host), "not an official source"),
    trigger: z.union([eventType, z.literal("annual"), z.literal("tax-calendar")]),
    alsoTriggeredBy: z.array(triggerSpecSchema).optional(),
    periodic: periodicSchema.optional(),
    kind: z.enum(["deadline", "period_ends", "content"]),
    linkedRuleId: z.string().optional(),
    offset: offsetSchema.nullable(),
    dayCount: z.enum(["calendar", "business"]),
    weekendRule: z.enum(["next_business_day", "none"]),
    weekendCitation: z.string().min(3).optional(),
    appliesIf: conditionsSchema,
    actor: z.enum(["trustee", "successor_trustee", "settlor", "beneficiary"]),
    recipients: z.string().regex(/^[a-z-]+$/),
    severity: z.enum(["high", "medium", "low"]),
    reminderLeadDays: z.array(z.number().int().positive()),
    lastReviewed: isoDate,
    titleKey: z.string(),
    explanationKey: z.string(),
  })
  .strict()
  .superRefine((rule, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${rule.id}: ${message}` });
    if (rule.titleKey !== `rules.${rule.id}.title`) problem("titleKey must be rules.<id>.title");
    if (rule.explanationKey !== `rules.${rule.id}.explanation`) problem("explanationKey must be rules.<id>.explanation");
    if (rule.weekendRule === "next_business_day" && !rule.weekendCitation) problem("a rolling rule cites why it rolls");
    // Rolling a "do it before" deadline forward would make it late.
    if (rule.weekendRule === "next_business_day" && rule.offset?.direction === "before") problem("a 'before' deadline cannot roll forward");
    if (rule.kind === "content") {
      if (!rule.linkedRuleId || rule.offset) problem("a content rule has a linkedRuleId and no offset");
    } else if (rule.trigger === "annual" && !rule.periodic) problem("an annual rule needs periodic");
    if (rule.trigger !== "annual" && rule.periodic) problem("periodic only on annual rules");
    if (rule.periodic?.dueOn && rule.offset) problem("a fixed due day replaces the offset");
    if (rule.trigger === "tax-calendar" && rule.offset) problem("tax calendar dates come from the tax module");
  });

export type Rule = z.infer<typeof ruleSchema>;
export type RuleConditions = Rule["appliesIf"];
export type TriggerSpec = NonNullable<Rule["alsoTriggeredBy"]>[number];

export const packSchema = z
  .object({ jurisdiction: z.enum(JURISDICTIONS), rules: z.array(ruleSchema).min(1) })
  .strict()
  .superRefine((pack, ctx) => {
    for (const rule of pack.rules) {
      if (rule.jurisdiction !== pack.jurisdiction) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${rule.id} is filed in the ${pack.jurisdiction} pack` });
      }
    }
  });
export type RulePack = z.infer<typeof packSchema>;

/** The raw files, exported so the tests can validate each one by name. */
export const RAW_PACKS: Record<string, unknown> = { "ca.json": ca, "tx.json": tx, "fl.json": fl, "ny.json": ny, "gb-ews.json": gbEws, "us.json": us };

function loadPacks(): Map<Jurisdiction, RulePack> {
  const packs = new Map<Jurisdiction, RulePack>();
  const ids = new Set<string>();
  for (const [file, raw] of Object.entries(RAW_PACKS)) {
    const result = packSchema.safeParse(raw);
    if (!result.success) throw new Error(`Rule pack ${file} is invalid: ${result.error.message}`);
    const pack = result.data;
    if (packs.has(pack.jurisdiction)) throw new Error(`Two packs for ${pack.jurisdiction}`);
    for (const rule of pack.rules) {
      if (ids.has(rule.id)) throw new Error(`Rule id ${rule.id} is used twice`);
      ids.add(rule.id);
    }
    packs.set(pack.jurisdiction, pack);
  }
  // A content rule describes another rule's output, which must exist.
  for (const pack of packs.values()) {
    for (const rule of pack.rules) {
      if (rule.linkedRuleId && !ids.has(rule.linkedRuleId)) throw new Error(`${rule.id} links to unknown ${rule.linkedRuleId}`);
    }
  }
  return packs;
}

export const RULE_PACKS: ReadonlyMap<Jurisdiction, RulePack> = loadPacks();

export function isJurisdiction(code: string): code is Jurisdiction {
  return (JURISDICTIONS as readonly string[]).includes(code);
}

export function allRules(): Rule[] {
  return [...RULE_PACKS.values()].flatMap((pack) => pack.rules);
}
