/**
 * The trust's own duties with a date the rules can work out: "within sixty (60) days after this trust … becomes
 * irrevocable" once the event is recorded, "on or before April 15 of each year" for each year. A duty that cites
 * a statute a rule pack already tracks is that rule's clause, not a second item. Pure.
 */
import { addDays, format } from "date-fns";
import type { ComplianceRequirement } from "~/modules/documents/analysis/schema";
import { parseIsoDate } from "~/modules/tax/business-days";

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

export interface EventFact {
  id: string;
  type: string;
  occurredOn: string;
}

const NUMBER = /\((\d{1,3})\)|\b(\d{1,3})\b/;
const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const IRREVOCABLE_EVENTS = ["settlor_died", "became_irrevocable"];

/** The statute section numbers a text cites ("California Probate Code section 16061.7" → "16061.7"). */
export function citedSections(text: string | null): string[] {
  return [...(text ?? "").matchAll(/(?:section|§+)\s*(\d+(?:\.\d+)*)/gi)].map((m) => m[1]!);
}

function isRealDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** A short, stable id from a duty's words, so its item keeps its status when the analysis is run again. */
export function dutySlug(text: string): string {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return (hash >>> 0).toString(36);
}

export function datedInstrumentDuties(
  duties: SourcedDuty[],
  events: EventFact[],
  window: { from: string; to: string },
  trackedSections: Set<string>,
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
    const within = /within\s+[a-z-]*\s*(?:\(\d+\)\s*)?(?:\d+\s*)?days?\s+after/.test(due) ? Number(NUMBER.exec(due)?.[1] ?? NUMBER.exec(due)?.[2]) : NaN;
    if (Number.isFinite(within) && /irrevocable|death|dies|deceased/.test(due)) {
      // An event dated on a day that does not exist is skipped, never fatal to the whole list.
      const dated = events.filter((e) => IRREVOCABLE_EVENTS.includes(e.type) && isRealDay(e.occurredOn));
      const seen = new Set<string>();
      for (const event of dated) {
        const dueOn = format(addDays(parseIsoDate(event.occurredOn), within), "yyyy-MM-dd");
        // A death and the trust becoming irrevocable the same day start one duty, not two (as the rule engine merges them).
        if (seen.has(dueOn)) continue;
        seen.add(dueOn);
        items.push({ ...base, key: `instrument:${id}:${event.id}`, dueOn });
      }
      if (dated.length === 0) undated.push(duty);
      continue;
    }
    const yearly = /on or before\s+([a-z]+)\s+(\d{1,2})(?:st|nd|rd|th)?\s+of each year/.exec(due);
    const month = yearly ? MONTHS.indexOf(yearly[1]!) : -1;
    if (yearly && month >= 0) {
      for (let year = Number(window.from.slice(0, 4)); year <= Number(window.to.slice(0, 4)); year++) {
        let dueOn = `${year}-${String(month + 1).padStart(2, "0")}-${yearly[2]!.padStart(2, "0")}`;
        // "February 29 of each year" falls on the 28th in other years; a day no month has is no date at all.
        if (!isRealDay(dueOn) && month === 1 && yearly[2] === "29") dueOn = `${year}-02-28`;
        if (!isRealDay(dueOn)) continue;
        if (dueOn >= window.from && dueOn <= window.to) items.push({ ...base, key: `instrument:${id}:${year}`, dueOn });
      }
      continue;
    }
    undated.push(duty);
  }
  return { items, undated };
}
