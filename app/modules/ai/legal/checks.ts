import type { ComplianceRequirement } from "~/modules/documents/analysis/schema";
import { excerptOf, passageAround, passageUrl, type Passage } from "../passages";
import { passageMentioning, passageOf, quotePassage, type SourceDocument } from "../sources";
import { consolidate } from "~/modules/instruments/as-amended";
import { type Change, CHANGE_KINDS, type ChangeKind } from "~/modules/instruments/changes";
import { editsFromAnalysis } from "~/modules/instruments/edits";
import { type ConfirmedLinks, groupInstruments } from "~/modules/instruments/family";
import { deadlinesContradict, parseWrittenDate, sameDuty } from "./normalise";

/**
 * Cross-document checks over the stored analyses and texts: offline, deterministic rules that point
 * at places a trustee or lawyer should read twice. They are computed only over the documents given,
 * which are always the documents the viewer may read.
 */
export const FINDING_KINDS = [...CHANGE_KINDS, "deadline_conflict", "date_conflict", "duty_unassigned"] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];
export type Severity = "high" | "medium" | "low";

export interface FindingPassage {
  documentId: string;
  documentTitle: string;
  start: number;
  end: number;
  excerpt: string;
  url: string;
}

export interface Finding {
  id: string;
  kind: FindingKind;
  severity: Severity;
  /** Translation key (namespace "ai") and its values: the finding as one sentence. */
  message: { key: string; values: Record<string, string> };
  /** Where to read it: both places for findings between two documents, the one place otherwise. */
  passages: FindingPassage[];
}

/** High: who is in charge, who benefits and by how much, and whether the change could be made at all. */
const SEVERITY: Record<FindingKind, Severity> = {
  amendment_without_power: "high",
  trustee_changed: "high",
  successor_order_changed: "high",
  beneficiary_dropped: "high",
  share_changed: "high",
  shares_not_total: "high",
  beneficiary_added: "medium",
  duty_changed: "medium",
  governing_law_changed: "medium",
  deadline_conflict: "medium",
  date_conflict: "medium",
  duty_unassigned: "low",
};

const MAX_UNASSIGNED_PER_DOCUMENT = 10;

function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

function toFindingPassage(passage: Passage): FindingPassage {
  return {
    documentId: passage.documentId,
    documentTitle: passage.documentTitle,
    start: passage.start,
    end: passage.end,
    excerpt: excerptOf(passage.text, 300),
    url: passageUrl(passage.documentId, passage),
  };
}

/** A finding needs every passage it names, unless `someSuffice` (a change is worth telling even if one side is not located). */
function finding(kind: FindingKind, key: string, values: Record<string, string>, passages: (Passage | null)[], someSuffice = false): Finding | null {
  const found = passages.filter((p): p is Passage => p !== null);
  if (someSuffice ? !found.length : found.length !== passages.length) return null;
  return {
    id: `${kind}-${hash(`${key}|${JSON.stringify(values)}|${found.map((p) => `${p.documentId}:${p.start}`).join(",")}`)}`,
    kind,
    severity: SEVERITY[kind],
    message: { key: `finding.${key}`, values },
    passages: found.map(toFindingPassage),
  };
}

// ---- Which documents belong together --------------------------------------------------------

/** The trusts and their amendments among these documents (only families with an amendment are compared). */
function amendedTrusts(documents: SourceDocument[], links?: ConfirmedLinks) {
  return groupInstruments(
    documents.filter((d) => d.type === "trust" || d.analysis?.documentType === "trust"),
    links,
  ).filter((g) => g.amendments.length);
}

// ---- What each amendment changed (the trust as amended) ------------------------------------

const CHANGE_MESSAGE: Record<ChangeKind, string> = {
  trustee_changed: "trusteeChanged",
  successor_order_changed: "successorOrderChanged",
  beneficiary_added: "beneficiaryAdded",
  beneficiary_dropped: "beneficiaryDropped",
  share_changed: "shareChanged",
  shares_not_total: "sharesNotTotal",
  duty_changed: "dutyChanged",
  governing_law_changed: "governingLawChanged",
  amendment_without_power: "amendmentWithoutPower",
};

/** The message's variant: with the share it gave, or still holding a share elsewhere. */
function messageKey(change: Change): string {
  const key = CHANGE_MESSAGE[change.kind];
  if (change.kind === "beneficiary_added" && change.to) return `${key}Share`;
  if (change.kind === "beneficiary_dropped") return change.to ? `${key}Still` : change.from ? `${key}Share` : key;
  return key;
}

const asInstrumentText = (document: SourceDocument) => ({
  documentId: document.id,
  title: document.title,
  date: document.analysis?.instrumentDate ?? null,
  text: document.content,
  // A model engine's edits, when it gave them; otherwise the consolidation reads them from the text.
  edits: document.analysis?.edits?.length ? editsFromAnalysis(document.analysis.edits) : undefined,
});

/** The changes the amendments made, read from the trust as amended, each pointing at the words before and after. */
function changeFindings(base: SourceDocument, amendments: SourceDocument[]): Finding[] {
  const byId = new Map([base, ...amendments].map((document) => [document.id, document]));
  const { changes } = consolidate(asInstrumentText(base), amendments.map(asInstrumentText));
  const located = (quote: Change["before"]) => {
    const document = quote ? byId.get(quote.documentId) : undefined;
    return document && quote ? quotePassage(document, quote.text) : null;
  };
  return changes.flatMap((change) => {
    const amendment = byId.get(change.documentId);
    if (!amendment) return [];
    const values = { base: base.title, amendment: amendment.title, name: change.names[0] ?? "", from: change.from ?? "", to: change.to ?? "" };
    const passages = [change.before, change.after].filter((quote) => quote !== null).map(located);
    return finding(change.kind, messageKey(change), values, passages, true) ?? [];
  });
}

// ---- Deadlines --------------------------------------------------------------------------------

interface DutyAt {
  document: SourceDocument;
  duty: ComplianceRequirement;
}

/** One document giving the same duty two deadlines (between documents, a changed deadline is an amendment's change). */
function compareDeadlines(document: SourceDocument): Finding[] {
  const duties: DutyAt[] = (document.analysis?.complianceRequirements ?? []).map((duty) => ({ document, duty }));
  const findings: Finding[] = [];
  for (let i = 0; i < duties.length; i++) {
    for (let j = i + 1; j < duties.length; j++) {
      const a = duties[i];
      const b = duties[j];
      if (!sameDuty(a.duty, b.duty) || !deadlinesContradict(a.duty.due, b.duty.due)) continue;
      const found = finding(
        "deadline_conflict",
        "deadlineConflictSame",
        { duty: excerptOf(b.duty.duty, 160), first: a.document.title, firstDue: a.duty.due ?? "", second: b.document.title, secondDue: b.duty.due ?? "" },
        [quotePassage(a.document, a.duty.sourceText), quotePassage(b.document, b.duty.sourceText)],
      );
      if (found) findings.push(found);
    }
  }
  return findings;
}

// "… THE HARTWELL FAMILY TRUST dated March 14, 2019 …", within one line (a heading's own "Dated" below it is not a reference).
const REFERS_TO_DATE = /\b(?:trust|instrument|agreement|declaration)\b[^.;\n]{0,120}?\bdated\s+([a-z]+\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4})/gi;

function formatIso(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

function datedPassage(document: SourceDocument, iso: string): Passage | null {
  const stated = document.analysis?.importantDates.find((d) => d.date === iso && d.sourceText);
  return quotePassage(document, stated?.sourceText) ?? passageMentioning(document, null, ["dated"]);
}

function compareDates(base: SourceDocument, amendment: SourceDocument): Finding[] {
  const baseDate = base.analysis?.instrumentDate;
  if (!baseDate) return [];
  const findings: (Finding | null)[] = [];
  const content = amendment.content.slice(0, 5000);
  for (const match of content.matchAll(REFERS_TO_DATE)) {
    const referenced = parseWrittenDate(match[1]);
    if (!referenced || referenced === baseDate) continue;
    const at = (match.index ?? 0) + match[0].lastIndexOf(match[1]);
    const span = passageAround(amendment.content, amendment.spans, at);
    findings.push(
      finding("date_conflict", "dateReferenceConflict", { base: base.title, amendment: amendment.title, referenced: match[1], actual: formatIso(baseDate) }, [
        datedPassage(base, baseDate),
        span ? passageOf(amendment, span) : null,
      ]),
    );
    break;
  }
  const amendmentDate = amendment.analysis?.instrumentDate;
  if (amendmentDate && amendmentDate < baseDate) {
    findings.push(
      finding(
        "date_conflict",
        "amendmentBeforeTrust",
        { base: base.title, amendment: amendment.title, baseDate: formatIso(baseDate), amendmentDate: formatIso(amendmentDate) },
        [datedPassage(base, baseDate), datedPassage(amendment, amendmentDate)],
      ),
    );
  }
  return findings.filter((f): f is Finding => f !== null);
}

// "… shall be prepared and delivered …" with nobody named to do it.
const PASSIVE_DUTY =
  /\b(?:shall|must|will)\s+be\s+(?:prepared|filed|delivered|sent|provided|served|furnished|rendered|submitted|recorded|given|kept|maintained|obtained|completed|mailed|notified|reviewed|audited)\b/i;
const BY_SOMEONE =
  /\bby\s+(?:the\s+|a\s+|an\s+|any\s+|each\s+|its\s+|his\s+|her\s+)?(?:(?!(?:January|February|March|April|May|June|July|August|September|October|November|December)\b)[A-Z][a-z]+|trustee|settlor|agent|executor|beneficiar|guardian|accountant|attorney|co-trustee|successor)/;

function unassignedDuties(document: SourceDocument): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<number>();
  const add = (passage: Passage | null, text: string) => {
    if (!passage || seen.has(passage.start) || findings.length >= MAX_UNASSIGNED_PER_DOCUMENT) return;
    seen.add(passage.start);
    const found = finding("duty_unassigned", "dutyUnassigned", { document: document.title, duty: excerptOf(text, 160) }, [passage]);
    if (found) findings.push(found);
  };
  for (const duty of document.analysis?.complianceRequirements ?? []) {
    if (duty.responsibleParty && duty.responsibleParty.trim()) continue;
    add(quotePassage(document, duty.sourceText), duty.duty);
  }
  // Sentences the analysis did not take as duties because nobody is named in them.
  for (const span of document.spans) {
    const text = document.content.slice(span.start, span.end);
    for (const match of text.matchAll(/[^.;]+[.;]?/g)) {
      const sentence = match[0];
      if (!PASSIVE_DUTY.test(sentence) || BY_SOMEONE.test(sentence)) continue;
      const start = span.start + (match.index ?? 0) + (sentence.length - sentence.trimStart().length);
      const clean = sentence.trim();
      add(passageOf(document, { start, end: start + clean.length }), clean);
    }
  }
  return findings;
}

const ORDER: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

/** Every finding over these documents, most serious first. */
export function findInconsistencies(documents: SourceDocument[], links?: ConfirmedLinks): Finding[] {
  const findings: Finding[] = [];
  for (const { base, amendments } of amendedTrusts(documents, links)) {
    findings.push(...changeFindings(base, amendments));
    for (const amendment of amendments) findings.push(...compareDates(base, amendment));
  }
  for (const document of documents) findings.push(...compareDeadlines(document), ...unassignedDuties(document));
  const unique = findings.filter((f, i) => findings.findIndex((g) => g.id === f.id) === i);
  return unique.sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || FINDING_KINDS.indexOf(a.kind) - FINDING_KINDS.indexOf(b.kind));
}
