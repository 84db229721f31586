/**
 * Which documents belong together: an instrument (a trust or a will) and the documents that amend it (amendments,
 * restatements, codicils, decantings). Read from the documents' own headings, titles and analysed settlors, so
 * that the trust as amended, the cross-document checks and drafting group the same way.
 */
import { fold, nameKey } from "~/modules/ai/legal/normalise";
import type { DocumentAnalysis } from "~/modules/documents/analysis/schema";

/** What grouping needs of a document: its title, type, text and analysis. */
export interface FamilyDocument {
  id: string;
  title: string;
  type: string;
  content: string;
  analysis: Pick<DocumentAnalysis, "parties" | "instrumentDate" | "documentType"> | null;
}

const INSTRUMENT_TYPES = new Set(["trust", "will"]);

export function isInstrumentType(document: FamilyDocument): boolean {
  return INSTRUMENT_TYPES.has(document.type) || INSTRUMENT_TYPES.has(document.analysis?.documentType ?? "");
}

function headingOf(document: FamilyDocument): string {
  // The first non-empty line, found without splitting (or copying) the whole text.
  const match = /\S[^\n]*/.exec(document.content);
  const line = match?.[0].trim();
  return line && line.length <= 200 ? line : "";
}

const AMENDING = /\b(amendments?|amended|restatement|restated|codicils?|decanting|decanted)\b/i;

/** An amendment, restatement, codicil or decanting: says so in its heading or title. */
export function isAmendment(document: FamilyDocument): boolean {
  return AMENDING.test(headingOf(document)) || AMENDING.test(document.title);
}

/** "FIRST AMENDMENT TO THE HARTWELL FAMILY REVOCABLE LIVING TRUST" → "hartwell family revocable living trust". */
export function trustNameKey(heading: string): string {
  return fold(heading)
    .replace(/^.*?\b(?:amendments?|restatement|codicil|decanting)\s+(?:to|of|from)\s+/, "")
    .replace(/\b(?:amended and restated|restated)\b/g, " ")
    .replace(/\bdated\b.*$/, "")
    .replace(/^\s*the\s+/, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function collapse(text: string): string {
  return fold(text).replace(/[^\p{L}\p{N}]+/gu, " ");
}

function settlorKeys(document: FamilyDocument): string[] {
  return (document.analysis?.parties ?? []).filter((p) => p.role === "settlor" || p.role === "testator").map((p) => nameKey(p.name));
}

const dated = (d: FamilyDocument) => d.analysis?.instrumentDate ?? "9999";

/** How an amendment was matched to its instrument: a person said so, its heading names it, or the settlors agree. */
export type LinkedBy = "person" | "heading" | "settlors";

export interface InstrumentFamily<T extends FamilyDocument> {
  base: T;
  /** Oldest first (by the analysed date; undated last). */
  amendments: T[];
  /** For each amendment, how it was matched, and whether more than one instrument could have been meant. */
  links: Map<string, { by: LinkedBy; ambiguous: boolean }>;
}

/** What people confirmed: amendment id → the instrument it amends, or null for "none of these documents". */
export type ConfirmedLinks = ReadonlyMap<string, string | null>;

/**
 * Every instrument with the documents that amend it. A person's confirmation decides; otherwise an amendment belongs
 * to the instrument whose name it repeats near its top (after "amendment to"), or failing that to the one with the
 * same settlors; when more than one fits, the first is taken and the link is marked ambiguous (the page then asks).
 * An amendment that matches no instrument the viewer may read stays out (it is then no family's).
 */
export function groupInstruments<T extends FamilyDocument>(documents: T[], confirmed: ConfirmedLinks = new Map()): InstrumentFamily<T>[] {
  const instruments = documents.filter(isInstrumentType);
  const amending = (d: T) => (confirmed.has(d.id) ? confirmed.get(d.id) !== null : isAmendment(d));
  const groups = instruments
    .filter((d) => !amending(d) && !confirmed.has(d.id))
    .map((base) => ({ base, key: trustNameKey(headingOf(base)), amendments: [] as T[], links: new Map<string, { by: LinkedBy; ambiguous: boolean }>() }));
  for (const amendment of instruments.filter(amending)) {
    const target = confirmed.get(amendment.id);
    if (target) {
      const group = groups.find((g) => g.base.id === target);
      group?.amendments.push(amendment);
      group?.links.set(amendment.id, { by: "person", ambiguous: false });
      continue;
    }
    const { byHeading, bySettlors } = candidateGroups(groups, amendment);
    const matches = byHeading.length ? byHeading : bySettlors;
    const group = matches[0];
    group?.amendments.push(amendment);
    group?.links.set(amendment.id, { by: byHeading.length ? "heading" : "settlors", ambiguous: matches.length > 1 });
  }
  return groups.map(({ base, amendments, links }) => ({ base, links, amendments: amendments.sort((a, b) => dated(a).localeCompare(dated(b))) }));
}

function candidateGroups<G extends { base: FamilyDocument; key: string }>(groups: G[], amendment: FamilyDocument): { byHeading: G[]; bySettlors: G[] } {
  const top = collapse(amendment.content.slice(0, 2000));
  const ownKey = trustNameKey(headingOf(amendment));
  const byHeading = groups.filter((g) => g.key.length >= 8 && (g.key === ownKey || top.includes(g.key)));
  const settlors = settlorKeys(amendment);
  const bySettlors = settlors.length ? groups.filter((g) => settlorKeys(g.base).some((k) => settlors.includes(k))) : [];
  return { byHeading, bySettlors };
}

/** The family a document belongs to (as its instrument or one of its amendments), or null. */
export function familyOf<T extends FamilyDocument>(documents: T[], documentId: string, confirmed?: ConfirmedLinks): InstrumentFamily<T> | null {
  return groupInstruments(documents, confirmed).find((g) => g.base.id === documentId || g.amendments.some((a) => a.id === documentId)) ?? null;
}

/** Whether a document reads as amending another (by its heading or title, or because a person said so). */
export function readsAsAmendment(document: FamilyDocument, confirmed: ConfirmedLinks = new Map()): boolean {
  return confirmed.has(document.id) ? confirmed.get(document.id) !== null : isAmendment(document);
}
