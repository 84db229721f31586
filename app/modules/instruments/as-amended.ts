/** One consolidated reading per instrument family: the instrument, its amendments in date order, the current terms and what changed. */
import type { ComplianceRequirement, Party } from "~/modules/documents/analysis/schema";
import type { DocumentType } from "~/modules/documents/schema";
import { type Change, changesOf } from "./changes";
import { type AppliedEdit, applyAmendment, type InstrumentText, originalTerms, readTerms, type Term } from "./consolidate";
import { readEdits } from "./edits";

export interface AmendmentStep {
  documentId: string;
  title: string;
  date: string | null;
  edits: Omit<AppliedEdit, "before" | "after">[];
}

export interface TrustAsAmended {
  instrument: { documentId: string; title: string; date: string | null };
  amendments: AmendmentStep[];
  /** Every term, deleted ones included (marked), in the order the trust now reads. */
  terms: Term[];
  parties: Party[];
  duties: ComplianceRequirement[];
  governingLaw: string | null;
  changes: Change[];
}

const byDate = (a: InstrumentText, b: InstrumentText) => (a.date ?? "9999").localeCompare(b.date ?? "9999");

export function consolidate(instrument: InstrumentText, amendments: InstrumentText[], type: DocumentType = "trust"): TrustAsAmended {
  let terms = originalTerms(instrument);
  let reading = readTerms(terms, type);
  const steps: AmendmentStep[] = [];
  const changes: Change[] = [];
  for (const amendment of [...amendments].sort(byDate)) {
    const { terms: next, applied } = applyAmendment(terms, amendment, readEdits(amendment.text));
    const nextReading = readTerms(next, type);
    changes.push(...changesOf({ amendment, edits: applied, beforeTerms: terms, afterTerms: next, before: reading, after: nextReading }, instrument));
    steps.push({
      documentId: amendment.documentId,
      title: amendment.title,
      date: amendment.date,
      edits: applied.map(({ before: _b, after: _a, ...edit }) => edit),
    });
    terms = next;
    reading = nextReading;
  }
  return {
    instrument: { documentId: instrument.documentId, title: instrument.title, date: instrument.date },
    amendments: steps,
    terms,
    parties: reading.parties,
    duties: reading.duties,
    governingLaw: reading.governingLaw,
    changes,
  };
}
