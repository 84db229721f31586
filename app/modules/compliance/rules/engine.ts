/**
 * The deadline engine: from a trust's facts and the rule packs of its jurisdictions, what is due in a
 * window, and for every rule whether it applies to this trust and why. Pure: no clock, no I/O, dates are
 * `YYYY-MM-DD` days. Federal tax dates are not recomputed here; the caller passes the tax module's
 * calendar items and they come back as due items (one source of truth).
 */
import { addDays, addMonths, format, getDaysInMonth } from "date-fns";
import { parseIsoDate } from "../../tax/business-days";
import type { TaxCalendarItem } from "../../tax/calendar";
import { PROFILE_CREATION_EVENT_ID } from "../creation-event";
import { addJurisdictionBusinessDays, nextJurisdictionBusinessDay } from "./holidays";
import { isJurisdiction, RULE_PACKS, type Rule, type TriggerSpec, type TrustEventType, type TrustType } from "./packs";

export type { Jurisdiction, TrustEventType, TrustType } from "./packs";

export interface TrustEvent {
  id: string;
  type: TrustEventType;
  occurredOn: string;
}

export interface TrustFacts {
  type: TrustType | null;
  /** e.g. ["CA"] or ["CA", "TX"]; "US" is always added. */
  jurisdictions: string[];
  beneficiaryCount: number;
  events: TrustEvent[];
  /** Days accountings were delivered: Texas' 12-month rule, and annual accounts marked done. */
  accountingDeliveredOn: string[];
  /** The profile's answer (true / false), or null while nobody has said: a rule that needs it then says so. */
  estateTaxReturnRequired?: boolean | null;
}

export type DueItemKind = "deadline" | "period_ends" | "content" | "no_fixed_date";
export type Severity = "high" | "medium" | "low";

export interface DueItem {
  /** Stable across recomputation: `${ruleId}:${eventId}`, `${ruleId}:${periodEnd}`, `${ruleId}:content` or `us-tax:${taxKey}`. */
  key: string;
  ruleId: string;
  duty: string;
  jurisdiction: string;
  titleKey: string;
  explanationKey: string;
  titleParams?: Record<string, string | number>;
  citation: string;
  sourceUrl: string;
  /** The same duty under other jurisdictions' rules, merged into this item (which has the earliest date). */
  also: { jurisdiction: string; citation: string; sourceUrl: string; ruleId: string }[];
  trigger: string;
  triggeredBy?: { eventId: string; occurredOn: string };
  /** Null when the law sets no fixed time. */
  statutoryDueOn: string | null;
  dueOn: string | null;
  rolled: boolean;
  actor: string;
  severity: Severity;
  reminderLeadDays: number[];
  kind: DueItemKind;
  /** An annual account: the delivered accounting that covers this period. */
  doneOn?: string;
  /** A content rule: the rule whose output it describes. */
  linkedRuleId?: string;
}

export interface RuleVerdict {
  ruleId: string;
  jurisdiction: string;
  titleKey: string;
  citation: string;
  sourceUrl: string;
  applies: boolean;
  reasonKey: string;
  /** `event` params are event types; their words are under `events.<type>`. */
  reasonParams?: Record<string, string | number>;
}

export interface DueWindow {
  from: string;
  to: string;
}

export interface DueItemsResult {
  items: DueItem[];
  verdicts: RuleVerdict[];
  unknownJurisdictions: string[];
}

const MAX_PERIODS = 50;
// Skipping periods before the window is bounded too (a trust older than a century is a data error).
const MAX_PERIOD_SCAN = 1500;
const SEVERITY_RANK: Record<Severity, number> = { high: 3, medium: 2, low: 1 };
const ENDS_REVOCABILITY: ReadonlySet<TrustEventType> = new Set(["became_irrevocable", "settlor_died"]);

function iso(date: Date): string {
  return format(date, "yyyy-MM-dd");
}

interface Reason {
  key: string;
  params?: Record<string, string | number>;
}

/** A due item before merging, with what decides the merge and the window. */
interface Draft {
  item: DueItem;
  mergeKey: string | null;
  inWindow: boolean;
  order: number;
}

interface Outcome {
  verdict: RuleVerdict;
  drafts: Draft[];
}

/** When the trust became irrevocable; a trust of an irrevocable type has been since its creation. */
interface Irrevocability {
  since: string | null;
  fromStart: boolean;
}

function irrevocability(facts: TrustFacts): Irrevocability {
  const first = (types: ReadonlySet<TrustEventType>) => facts.events.find((event) => types.has(event.type))?.occurredOn ?? null;
  const ended = first(ENDS_REVOCABILITY);
  if (facts.type === "revocable") return { since: ended, fromStart: false };
  // An unknown type is treated as irrevocable: listing a duty that may not apply is the safer mistake.
  const created = first(new Set<TrustEventType>(["trust_created"]));
  const since = created && ended ? (created < ended ? created : ended) : (created ?? ended);
  return { since, fromStart: true };
}

function irrevocableOn(state: Irrevocability, isoDate: string): boolean {
  return state.fromStart || (state.since !== null && isoDate >= state.since);
}

function typeAllowed(type: TrustType | null, typesIn?: TrustType[], typesNotIn?: TrustType[]): boolean {
  if (type === null) return true;
  return (!typesIn || typesIn.includes(type)) && !typesNotIn?.includes(type);
}

/** The conditions that do not depend on a particular event, checked first. */
function generalRefusal(rule: Rule, facts: TrustFacts): Reason | null {
  const conditions = rule.appliesIf;
  if (conditions.noStatutoryDuty) return { key: "reasons.notApplies.noStatutoryDuty" };
  if (conditions.requiresFlag && facts[conditions.requiresFlag] !== true) {
    // "The profile says no" and "nobody has said yet" are different answers to give.
    const unanswered = facts[conditions.requiresFlag] === undefined || facts[conditions.requiresFlag] === null;
    return { key: `reasons.notApplies.${unanswered ? "flagUnanswered" : "flag"}.${conditions.requiresFlag}` };
  }
  if (!typeAllowed(facts.type, conditions.trustTypesIn, conditions.trustTypesNotIn)) {
    return { key: "reasons.notApplies.trustType", params: { type: facts.type ?? "" } };
  }
  if (conditions.minBeneficiaries && facts.beneficiaryCount < conditions.minBeneficiaries) {
    return { key: "reasons.notApplies.tooFewBeneficiaries", params: { min: conditions.minBeneficiaries, count: facts.beneficiaryCount } };
  }
  if (conditions.requiresEvent && !facts.events.some((event) => event.type === conditions.requiresEvent)) {
    return { key: "reasons.notApplies.requiresEvent", params: { event: conditions.requiresEvent } };
  }
  return null;
}

function hasTypeGate(rule: Rule): boolean {
  const c = rule.appliesIf;
  return Boolean(c.trustTypesIn || c.trustTypesNotIn || c.irrevocableOnly || rule.alsoTriggeredBy?.some((t) => t.trustTypesIn || t.trustTypesNotIn));
}

interface DueDates {
  statutoryDueOn: string | null;
  dueOn: string | null;
  rolled: boolean;
}

const NO_DATE: DueDates = { statutoryDueOn: null, dueOn: null, rolled: false };

function rollIfAllowed(rule: Rule, statutory: string): DueDates {
  const dueOn = rule.weekendRule === "next_business_day" ? nextJurisdictionBusinessDay(statutory, rule.jurisdiction) : statutory;
  return { statutoryDueOn: statutory, dueOn, rolled: dueOn !== statutory };
}

function dueFromOffset(rule: Rule, base: string): DueDates {
  const offset = rule.offset;
  if (!offset) return NO_DATE;
  const sign = offset.direction === "after" ? 1 : -1;
  let statutory: string;
  if (offset.unit === "months")
    statutory = iso(addMonths(parseIsoDate(base), sign * offset.amount)); // clamps to month end
  else if (rule.dayCount === "business") statutory = addJurisdictionBusinessDays(base, sign * offset.amount, rule.jurisdiction);
  else statutory = iso(addDays(parseIsoDate(base), sign * offset.amount));
  return rollIfAllowed(rule, statutory);
}

function baseItem(rule: Rule): Omit<DueItem, "key" | "trigger" | "statutoryDueOn" | "dueOn" | "rolled" | "kind"> {
  return {
    ruleId: rule.id,
    duty: rule.duty,
    jurisdiction: rule.jurisdiction,
    titleKey: rule.titleKey,
    explanationKey: rule.explanationKey,
    citation: rule.citation,
    sourceUrl: rule.sourceUrl,
    also: [],
    actor: rule.actor,
    severity: rule.severity,
    reminderLeadDays: [...rule.reminderLeadDays],
  };
}

function verdictOf(rule: Rule, applies: boolean, reason: Reason): RuleVerdict {
  return {
    ruleId: rule.id,
    jurisdiction: rule.jurisdiction,
    titleKey: rule.titleKey,
    citation: rule.citation,
    sourceUrl: rule.sourceUrl,
    applies,
    reasonKey: reason.key,
    ...(reason.params ? { reasonParams: reason.params } : {}),
  };
}

function inRange(isoDate: string, window: DueWindow): boolean {
  return isoDate >= window.from && isoDate <= window.to;
}

/** Why an event rule applies: the event (from the profile's date when none was recorded), and the profile's answer it needs. */
function appliedReason(rule: Rule, facts: TrustFacts, event: TrustEvent, params: Record<string, string>): Reason {
  if (rule.appliesIf.requiresFlag) return { key: `reasons.applies.flag.${rule.appliesIf.requiresFlag}`, params };
  if (facts.type === null && hasTypeGate(rule)) return { key: "reasons.applies.typeUnknown", params };
  return { key: event.id === PROFILE_CREATION_EVENT_ID ? "reasons.applies.eventFromProfile" : "reasons.applies.event", params };
}

function evaluateEventRule(rule: Rule, facts: TrustFacts, window: DueWindow, order: number): Outcome {
  const general = generalRefusal(rule, facts);
  if (general) return { verdict: verdictOf(rule, false, general), drafts: [] };
  const triggers: TriggerSpec[] = [{ event: rule.trigger as TrustEventType }, ...(rule.alsoTriggeredBy ?? [])];
  const state = irrevocability(facts);
  const conditions = rule.appliesIf;
  let refusal: Reason = { key: "reasons.notApplies.noEvent", params: { event: rule.trigger } };
  let firstApplied: Reason | null = null;
  const byDay = new Map<string, { event: TrustEvent; rank: number }>();

  for (const event of facts.events) {
    const rank = triggers.findIndex((t) => t.event === event.type);
    if (rank < 0) continue;
    const trigger = triggers[rank];
    const params = { event: event.type, date: event.occurredOn };
    if (!typeAllowed(facts.type, trigger.trustTypesIn, trigger.trustTypesNotIn)) {
      refusal = { key: "reasons.notApplies.trustTypeForEvent", params: { ...params, type: facts.type ?? "" } };
      continue;
    }
    if (conditions.irrevocableOnly && !irrevocableOn(state, event.occurredOn)) {
      refusal = { key: "reasons.notApplies.revocableAtEvent", params };
      continue;
    }
    const months = conditions.noAccountingWithinMonthsBeforeEvent;
    if (months) {
      const since = iso(addMonths(parseIsoDate(event.occurredOn), -months));
      const recent = facts.accountingDeliveredOn.filter((d) => d > since && d <= event.occurredOn).sort();
      if (recent.length > 0) {
        refusal = { key: "reasons.notApplies.accountedRecently", params: { ...params, deliveredOn: recent[recent.length - 1], months } };
        continue;
      }
    }
    firstApplied ??= appliedReason(rule, facts, event, params);
    // One occurrence recorded twice (the death and the trust becoming irrevocable that day) is one duty.
    const seen = byDay.get(event.occurredOn);
    if (!seen || rank < seen.rank) byDay.set(event.occurredOn, { event, rank });
  }

  const drafts: Draft[] = [...byDay.values()].map(({ event }) => {
    const due = dueFromOffset(rule, event.occurredOn);
    const item: DueItem = {
      ...baseItem(rule),
      key: `${rule.id}:${event.id}`,
      trigger: event.type,
      triggeredBy: { eventId: event.id, occurredOn: event.occurredOn },
      ...due,
      kind: due.dueOn === null ? "no_fixed_date" : rule.kind,
    };
    // An undated duty stays on the list from its event on; a dated one while its date is in the window.
    const inWindow = due.dueOn === null ? event.occurredOn <= window.to : inRange(due.dueOn, window);
    return { item, mergeKey: `${rule.duty}|event:${event.id}`, inWindow, order };
  });
  return { verdict: firstApplied ? verdictOf(rule, true, firstApplied) : verdictOf(rule, false, refusal), drafts };
}

interface Period {
  start: string;
  end: string;
}

/** The first day with this month and day strictly after `after` (a missing 29 February becomes the 28th). */
function nextMonthDay(after: Date, month: number, day: number): Date {
  for (let year = after.getFullYear(); ; year++) {
    const candidate = new Date(year, month - 1, Math.min(day, getDaysInMonth(new Date(year, month - 1, 1))));
    if (candidate > after) return candidate;
  }
}

function evaluatePeriodicRule(rule: Rule, facts: TrustFacts, window: DueWindow, order: number): Outcome {
  const periodic = rule.periodic;
  const general = generalRefusal(rule, facts);
  if (general || !periodic) return { verdict: verdictOf(rule, false, general ?? { key: "reasons.notApplies.noStatutoryDuty" }), drafts: [] };
  const every = periodic.everyMonths;

  let base: Date;
  let firstIndex: number;
  let firstStart: string | null;
  let reason: Reason;
  if (periodic.anchor.kind === "irrevocable_since") {
    const state = irrevocability(facts);
    if (state.since === null) {
      const key = state.fromStart ? "reasons.notApplies.noAnchorDate" : "reasons.notApplies.stillRevocable";
      return { verdict: verdictOf(rule, false, { key }), drafts: [] };
    }
    base = parseIsoDate(state.since);
    firstIndex = 1;
    firstStart = state.since;
    reason = { key: facts.type === null ? "reasons.applies.typeUnknownPeriodic" : "reasons.applies.periodic", params: { since: state.since } };
  } else {
    const { month, day } = periodic.anchor;
    const created = facts.events.find((event) => event.type === "trust_created")?.occurredOn ?? null;
    // Without a creation day, start a little before the window; periods before it are not listed anyway.
    const from = created ? addDays(parseIsoDate(created), -1) : addMonths(parseIsoDate(window.from), -2 * every);
    base = nextMonthDay(from, month, day);
    firstIndex = 0;
    firstStart = created;
    reason = { key: "reasons.applies.periodicFixed", params: { month, day } };
  }

  const deliveries = rule.duty === "annual-account" ? [...facts.accountingDeliveredOn].sort() : [];
  let next = 0;
  const drafts: Draft[] = [];
  for (let n = firstIndex, scanned = 0; scanned < MAX_PERIOD_SCAN && drafts.length < MAX_PERIODS; n++, scanned++) {
    const end = iso(addMonths(base, n * every));
    const start = n === firstIndex && firstStart ? firstStart : iso(addDays(addMonths(base, (n - 1) * every), 1));
    if (start > window.to) break;
    // Deliveries match periods in order: the first one after a period starts, and before the next period
    // ends, is that period's account.
    while (next < deliveries.length && deliveries[next] < start) next++;
    let doneOn: string | undefined;
    if (next < deliveries.length && deliveries[next] <= iso(addMonths(base, (n + 1) * every))) doneOn = deliveries[next++];
    if (end < window.from) continue;
    const period: Period = { start, end };
    const due = periodic.dueOn ? rollIfAllowed(rule, iso(nextMonthDay(parseIsoDate(end), periodic.dueOn.month, periodic.dueOn.day))) : dueFromOffset(rule, end);
    const item: DueItem = {
      ...baseItem(rule),
      key: `${rule.id}:${period.end}`,
      titleParams: { periodStart: period.start, periodEnd: period.end },
      trigger: "annual",
      ...due,
      kind: due.dueOn === null ? "no_fixed_date" : rule.kind,
      ...(doneOn ? { doneOn } : {}),
    };
    drafts.push({ item, mergeKey: `${rule.duty}|period:${period.end}`, inWindow: true, order });
  }
  return { verdict: verdictOf(rule, true, reason), drafts };
}

/** Which jurisdiction's calendar a tax item belongs to: the state's own items are named after it. */
function taxItemJurisdiction(item: TaxCalendarItem): string {
  if (item.kind !== "state") return "US";
  return item.key.startsWith("FTB-") ? "CA" : (item.key.split("-")[0] ?? "US");
}

function evaluateTaxCalendarRule(rule: Rule, window: DueWindow, taxItems: TaxCalendarItem[] | undefined, order: number): Outcome {
  // Optional items (extensions, elections) are the trust's choice, not a duty; uncomputed ones carry a
  // placeholder date that must not be shown as the law's.
  const duties = (taxItems ?? []).filter((item) => item.computed && !item.optional);
  if (duties.length === 0) return { verdict: verdictOf(rule, false, { key: "reasons.notApplies.noTaxItems" }), drafts: [] };
  const drafts = duties.map((tax): Draft => {
    const item: DueItem = {
      ...baseItem(rule),
      key: `us-tax:${tax.key}`,
      duty: `tax:${tax.form}`,
      jurisdiction: taxItemJurisdiction(tax),
      // The tax module's texts live in its own namespace.
      titleKey: `tax:${tax.titleKey}`,
      explanationKey: `tax:${tax.prepareKey}`,
      ...(tax.titleParams ? { titleParams: { ...tax.titleParams } } : {}),
      citation: tax.citation,
      sourceUrl: tax.citationUrl,
      trigger: "tax-calendar",
      statutoryDueOn: tax.statutoryDueOn,
      dueOn: tax.dueOn,
      rolled: tax.rolled,
      kind: "deadline",
    };
    return { item, mergeKey: null, inWindow: inRange(tax.dueOn, window), order };
  });
  return { verdict: verdictOf(rule, true, { key: "reasons.applies.taxCalendar", params: { count: duties.length } }), drafts };
}

function compareDue(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** One item per duty and occasion: the earliest date wins, the other rules ride along in `also`. */
function merge(drafts: Draft[]): DueItem[] {
  const groups = new Map<string, Draft[]>();
  drafts.forEach((draft, index) => {
    const key = draft.mergeKey ?? `#${index}`;
    groups.set(key, [...(groups.get(key) ?? []), draft]);
  });
  const items: DueItem[] = [];
  for (const group of groups.values()) {
    if (!group.some((draft) => draft.inWindow)) continue;
    const [primary, ...others] = [...group].sort((a, b) => compareDue(a.item.dueOn, b.item.dueOn) || a.order - b.order);
    if (others.length === 0) {
      items.push(primary.item);
      continue;
    }
    const all = [primary, ...others].map((draft) => draft.item);
    items.push({
      ...primary.item,
      also: others.map(({ item }) => ({ jurisdiction: item.jurisdiction, citation: item.citation, sourceUrl: item.sourceUrl, ruleId: item.ruleId })),
      severity: all.reduce<Severity>((worst, item) => (SEVERITY_RANK[item.severity] > SEVERITY_RANK[worst] ? item.severity : worst), "low"),
      reminderLeadDays: [...new Set(all.flatMap((item) => item.reminderLeadDays))].sort((a, b) => b - a),
    });
  }
  return items.sort((a, b) => compareDue(a.dueOn, b.dueOn) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function validated(facts: TrustFacts, window: DueWindow): TrustFacts {
  for (const isoDate of [window.from, window.to, ...facts.accountingDeliveredOn, ...facts.events.map((e) => e.occurredOn)]) parseIsoDate(isoDate);
  if (window.from > window.to) throw new RangeError(`Window ends before it starts: ${window.from}..${window.to}`);
  // Events in date order, so "the first" means the earliest whatever order the caller stored them in.
  const events = [...facts.events].sort((a, b) => (a.occurredOn < b.occurredOn ? -1 : a.occurredOn > b.occurredOn ? 1 : a.id < b.id ? -1 : 1));
  return { ...facts, events };
}

export function dueItems(facts: TrustFacts, window: DueWindow, taxItems?: TaxCalendarItem[]): DueItemsResult {
  const checked = validated(facts, window);
  const codes = [...new Set([...facts.jurisdictions.map((code) => code.trim().toUpperCase()).filter(Boolean), "US"])];
  const known = codes.filter(isJurisdiction);
  const unknownJurisdictions = codes.filter((code) => !isJurisdiction(code));

  const outcomes = new Map<string, Outcome>();
  const contentRules: { rule: Rule; order: number }[] = [];
  let order = 0;
  for (const jurisdiction of known) {
    for (const rule of RULE_PACKS.get(jurisdiction)?.rules ?? []) {
      order++;
      if (rule.kind === "content") contentRules.push({ rule, order });
      else if (rule.trigger === "tax-calendar") outcomes.set(rule.id, evaluateTaxCalendarRule(rule, window, taxItems, order));
      else if (rule.trigger === "annual") outcomes.set(rule.id, evaluatePeriodicRule(rule, checked, window, order));
      else outcomes.set(rule.id, evaluateEventRule(rule, checked, window, order));
    }
  }
  // A content rule says what another rule's document must contain, so it follows that rule's verdict.
  for (const { rule, order: contentOrder } of contentRules) {
    const linked = rule.linkedRuleId ? outcomes.get(rule.linkedRuleId) : undefined;
    const linkedInWindow = linked?.drafts.some((draft) => draft.inWindow) ?? false;
    const params = { linkedTitleKey: linked?.verdict.titleKey ?? "" };
    if (!linked?.verdict.applies) {
      outcomes.set(rule.id, { verdict: verdictOf(rule, false, { key: "reasons.notApplies.linked", params }), drafts: [] });
      continue;
    }
    const item: DueItem = {
      ...baseItem(rule),
      key: `${rule.id}:content`,
      trigger: rule.trigger,
      ...NO_DATE,
      kind: "content",
      linkedRuleId: linked.verdict.ruleId,
    };
    outcomes.set(rule.id, {
      verdict: verdictOf(rule, true, { key: "reasons.applies.linked", params }),
      drafts: [{ item, mergeKey: null, inWindow: linkedInWindow, order: contentOrder }],
    });
  }

  const all = [...outcomes.values()];
  const verdicts = all.map((outcome) => outcome.verdict);
  // Verdicts in pack order, whatever order the content rules were settled in.
  const rank = new Map([...known].flatMap((j) => RULE_PACKS.get(j)?.rules ?? []).map((rule, index) => [rule.id, index]));
  verdicts.sort((a, b) => (rank.get(a.ruleId) ?? 0) - (rank.get(b.ruleId) ?? 0));
  return { items: merge(all.flatMap((outcome) => outcome.drafts)), verdicts, unknownJurisdictions };
}
