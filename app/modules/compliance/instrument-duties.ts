/**
 * The trust's own duties with a date the rules can work out: "within sixty (60) days after this trust … becomes
 * irrevocable" once the event is recorded (duty-starts.ts says what a deadline counts from), "on or before April 15
 * of each year" for each year, and a yearly duty without a day ("annually", "each calendar year") by the end of each
 * calendar year. A duty that cites a statute a rule pack already tracks is that rule's clause, not a second item. Pure.
 */
import { addDays, addMonths, format } from "date-fns";
import type { ComplianceRequirement } from "~/modules/documents/analysis/schema";
import { parseIsoDate } from "~/modules/tax/business-days";
import { type EventFact, isRealDay, parseWithin, type Span, startsOf } from "./duty-starts";

export type { EventFact };

export interface InstrumentDutyItem {
  key: string;
  /** The document the duty's words are in, when known. */
  documentId?: string | null;
  title: string;
  dueOn: string;
  responsible: string | null;
  citation: string | null;
  reference: string | null;
  sourceText: string | null;
}

/** A duty of the trust as amended, with the document its words now come from (an amendment's, once it rewrote them). */
export interface SourcedDuty extends ComplianceRequirement {
  documentId?: string | null;
}

/** What the amended reading gives: its duties, and its terms to find which document each duty's sentence is in. */
export interface AmendedDutiesView {
  instrument: { documentId: string };
  duties: ComplianceRequirement[];
  terms: { body: string; status: string; source: { documentId: string } }[];
}

/** The trust's duties as amended (amendments add and replace them), each pointed at its own document. */
export function amendedDuties(view: AmendedDutiesView): SourcedDuty[] {
  const live = view.terms.filter((term) => term.status !== "deleted");
  return view.duties.map((duty) => {
    const sentence = duty.sourceText?.slice(0, 80);
    const term = sentence ? live.find((t) => t.body.includes(sentence)) : undefined;
    return { ...duty, documentId: term?.source.documentId ?? view.instrument.documentId };
  });
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
// "on or before April 15 of each year", "no later than March 1st of every calendar year".
const FIXED_YEARLY =
  /\b(?:on or before|no later than|not later than|by)\s+([a-z]+)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+of\s+(?:each|every)\s+(?:calendar\s+)?year\b/;
// "annually", "each calendar year", "every year", "once a year" (not "semi-annually", "every two years").
const YEARLY = /(?<![\w-])annually\b|\b(?:each|every|per)\s+(?:calendar\s+)?year\b|\bonce\s+(?:a|each|every|per|in\s+each)\s+(?:calendar\s+)?year\b|\byearly\b/;
// A yearly duty that names its own day or year we cannot place is left undated rather than put on December 31.
const OWN_DAY = new RegExp(`\\b(?:${MONTHS.filter((m) => m !== "may").join("|")}|anniversary|fiscal|tax\\s+year|taxable\\s+year)\\b`);

/** The statute section numbers a text cites ("California Probate Code section 16061.7" → "16061.7"). */
export function citedSections(text: string | null): string[] {
  return [...(text ?? "").matchAll(/(?:section|§+)\s*(\d+(?:\.\d+)*)/gi)].map((m) => m[1]!);
}

/** A short, stable id from a duty's words, so its item keeps its status when the analysis is run again. */
export function dutySlug(text: string): string {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return (hash >>> 0).toString(36);
}

const iso = (date: Date) => format(date, "yyyy-MM-dd");

function after(on: string, span: Span): string {
  const from = parseIsoDate(on);
  if (span.unit === "month") return iso(addMonths(from, span.amount));
  return iso(addDays(from, span.unit === "week" ? span.amount * 7 : span.amount));
}

/** Each year of the window, as `year → day` (null: no such day that year). */
function eachYear(window: { from: string; to: string }, dayOf: (year: number) => string | null): { year: number; dueOn: string }[] {
  const out: { year: number; dueOn: string }[] = [];
  for (let year = Number(window.from.slice(0, 4)); year <= Number(window.to.slice(0, 4)); year++) {
    const dueOn = dayOf(year);
    if (dueOn && dueOn >= window.from && dueOn <= window.to) out.push({ year, dueOn });
  }
  return out;
}

export function datedInstrumentDuties(
  duties: SourcedDuty[],
  events: EventFact[],
  window: { from: string; to: string },
  trackedSections: Set<string>,
  /** How many settlors the trust has: the surviving settlor's death is the last of them. */
  trust: { settlorCount?: number } = {},
): { items: InstrumentDutyItem[]; undated: ComplianceRequirement[] } {
  const items: InstrumentDutyItem[] = [];
  const undated: ComplianceRequirement[] = [];
  for (const duty of duties) {
    if (citedSections(`${duty.citation ?? ""} ${duty.duty}`).some((s) => trackedSections.has(s))) continue;
    const due = (duty.due ?? "").toLowerCase();
    const base = {
      title: duty.duty,
      responsible: duty.responsibleParty,
      citation: duty.citation,
      reference: duty.reference,
      sourceText: duty.sourceText,
      ...(duty.documentId ? { documentId: duty.documentId } : {}),
    };
    const id = dutySlug(duty.sourceText ?? duty.duty);
    const span = parseWithin(due);
    if (span) {
      const starts = startsOf(span.event, events, window, trust.settlorCount ?? 0) ?? [];
      // Period ends are listed for the window; events are listed whenever they happened.
      const periodic = /\bend\s+of\s+(?:each|every)\b/.test(span.event);
      const seen = new Set<string>();
      for (const start of starts) {
        const dueOn = after(start.on, span);
        if (periodic && (dueOn < window.from || dueOn > window.to)) continue;
        // A death and the trust becoming irrevocable the same day start one duty, not two (as the rule engine merges them).
        if (seen.has(dueOn)) continue;
        seen.add(dueOn);
        items.push({ ...base, key: `instrument:${id}:${start.key}`, dueOn });
      }
      if (seen.size === 0) undated.push(duty);
      continue;
    }
    const fixed = FIXED_YEARLY.exec(due);
    if (fixed) {
      const month = MONTHS.indexOf(fixed[1]!);
      const day = fixed[2]!.padStart(2, "0");
      const dated = eachYear(window, (year) => {
        const dueOn = `${year}-${String(month + 1).padStart(2, "0")}-${day}`;
        if (isRealDay(dueOn)) return dueOn;
        // "February 29 of each year" falls on the 28th in other years; a day no month has is no date at all.
        return month === 1 && day === "29" ? `${year}-02-28` : null;
      });
      for (const { year, dueOn } of month >= 0 ? dated : []) items.push({ ...base, key: `instrument:${id}:${year}`, dueOn });
      if (month < 0) undated.push(duty);
      continue;
    }
    if (YEARLY.test(due) && !OWN_DAY.test(due)) {
      // No day named: once in each calendar year, so by its last day (keyed by year, like the dated yearly duties).
      for (const { year, dueOn } of eachYear(window, (year) => `${year}-12-31`)) items.push({ ...base, key: `instrument:${id}:${year}`, dueOn });
      continue;
    }
    undated.push(duty);
  }
  // The same sentence in two clauses gives one key: one item, as the store's unique key would refuse a second (and fail the sync).
  const keys = new Set<string>();
  return { items: items.filter((item) => !keys.has(item.key) && keys.add(item.key)), undated };
}
