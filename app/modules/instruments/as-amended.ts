/** One consolidated reading per instrument family: the instrument, its amendments in date order, the current terms and what changed. */
import type { ComplianceRequirement, Party } from "~/modules/documents/analysis/schema";
import { titleCase } from "~/modules/documents/analysis/text-structure";
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
  /** The trust's own name as its current terms give it ("shall be known as …"), else null. */
  name: string | null;
  amendments: AmendmentStep[];
  /** Every term, deleted ones included (marked), in the order the trust now reads. */
  terms: Term[];
  parties: Party[];
  duties: ComplianceRequirement[];
  governingLaw: string | null;
  changes: Change[];
}

// "shall be known as THE HARTWELL FAMILY TRUST", "known as the "Meredith A. Vance 2009 Irrevocable Trust."": a name ends in its kind.
const KNOWN_AS =
  /\b(?:known as|called)\s+(?:(The|THE)\s+|the\s+)?["“]?([A-Z0-9][^"”\n]{2,150}?\b(?:Trust|Settlement|Fund|Foundation|TRUST|SETTLEMENT|FUND|FOUNDATION))\b/;

/** The name the live terms give the trust, in the case people write it ("THE X TRUST" → "The X Trust"). */
export function instrumentName(terms: Term[]): string | null {
  for (const term of terms) {
    if (term.status === "deleted") continue;
    const match = KNOWN_AS.exec(term.body);
    if (!match) continue;
    const name = match[2] === match[2].toUpperCase() ? titleCase(match[2]) : match[2];
    return `${match[1] ? "The " : ""}${name}`;
  }
  return null;
}

const byDate = (a: InstrumentText, b: InstrumentText) => (a.date ?? "9999").localeCompare(b.date ?? "9999");

export function consolidate(instrument: InstrumentText, amendments: InstrumentText[], type: DocumentType = "trust"): TrustAsAmended {
  let terms = originalTerms(instrument);
  let reading = readTerms(terms, type);
  const steps: AmendmentStep[] = [];
  const changes: Change[] = [];
  for (const amendment of [...amendments].sort(byDate)) {
    const { terms: next, applied } = applyAmendment(terms, amendment, amendment.edits?.length ? amendment.edits : readEdits(amendment.text));
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
    name: instrumentName(terms),
    parties: reading.parties,
    duties: reading.duties,
    governingLaw: reading.governingLaw,
    changes,
  };
}
