import type { ComplianceRequirement, Party, PartyRole } from "~/modules/documents/analysis/schema";
import { excerptOf, passageAround, passageUrl, type Passage } from "../passages";
import { passageMentioning, passageOf, quotePassage, type SourceDocument } from "../sources";
import { groupInstruments } from "~/modules/instruments/family";
import { deadlinesContradict, parseWrittenDate, sameDuty, sameName } from "./normalise";

/**
 * Cross-document checks over the stored analyses and texts: offline, deterministic rules that point
 * at places a trustee or lawyer should read twice. They are computed only over the documents given,
 * which are always the documents the viewer may read.
 */
export const FINDING_KINDS = [
  "successor_trustee_conflict",
  "trustee_conflict",
  "beneficiary_missing",
  "deadline_conflict",
  "date_conflict",
  "duty_unassigned",
] as const;
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

const SEVERITY: Record<FindingKind, Severity> = {
  successor_trustee_conflict: "high",
  trustee_conflict: "high",
  beneficiary_missing: "high",
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

function finding(kind: FindingKind, key: string, values: Record<string, string>, passages: (Passage | null)[]): Finding | null {
  const found = passages.filter((p): p is Passage => p !== null);
  if (found.length !== passages.length) return null;
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
function amendedTrusts(documents: SourceDocument[]) {
  return groupInstruments(documents.filter((d) => d.type === "trust" || d.analysis?.documentType === "trust")).filter((g) => g.amendments.length);
}

// ---- Parties ----------------------------------------------------------------------------------

function partiesOf(document: SourceDocument, role: PartyRole): Party[] {
  return (document.analysis?.parties ?? []).filter((p) => p.role === role).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

const names = (parties: Party[]) => parties.map((p) => p.name).join(", ");

function compareTrustees(base: SourceDocument, amendment: SourceDocument, role: "trustee" | "successor_trustee"): Finding | null {
  const inBase = partiesOf(base, role);
  const inAmendment = partiesOf(amendment, role);
  if (!inBase.length || !inAmendment.length) return null;
  const ordered = role === "successor_trustee";
  const differs = ordered
    ? inBase.length !== inAmendment.length || inBase.some((p, i) => !sameName(p.name, inAmendment[i].name))
    : inBase.some((p) => !inAmendment.some((q) => sameName(p.name, q.name))) || inAmendment.some((q) => !inBase.some((p) => sameName(p.name, q.name)));
  if (!differs) return null;
  // Point at the first name that differs in each.
  const baseParty =
    inBase.find((p, i) => (ordered ? !inAmendment[i] || !sameName(p.name, inAmendment[i].name) : !inAmendment.some((q) => sameName(p.name, q.name)))) ??
    inBase[0];
  const amendmentParty =
    inAmendment.find((q, i) => (ordered ? !inBase[i] || !sameName(q.name, inBase[i].name) : !inBase.some((p) => sameName(p.name, q.name)))) ?? inAmendment[0];
  const near = role === "successor_trustee" ? ["successor"] : ["trustee"];
  return finding(
    role === "successor_trustee" ? "successor_trustee_conflict" : "trustee_conflict",
    role === "successor_trustee" ? "successorTrusteeConflict" : "trusteeConflict",
    { base: base.title, amendment: amendment.title, baseNames: names(inBase), amendmentNames: names(inAmendment) },
    [passageMentioning(base, baseParty.name, near), passageMentioning(amendment, amendmentParty.name, near)],
  );
}

function compareBeneficiaries(base: SourceDocument, amendment: SourceDocument): Finding[] {
  const inBase = partiesOf(base, "beneficiary");
  const inAmendment = partiesOf(amendment, "beneficiary");
  if (!inBase.length || !inAmendment.length) return [];
  const findings: (Finding | null)[] = [];
  const missing = (from: SourceDocument, others: Party[], to: SourceDocument, theirs: Party[]) => {
    for (const party of others) {
      if (theirs.some((q) => sameName(party.name, q.name))) continue;
      const values: Record<string, string> = { name: party.name, presentIn: from.title, missingFrom: to.title, named: names(theirs) };
      if (party.share) values.share = party.share;
      findings.push(
        finding("beneficiary_missing", party.share ? "beneficiaryMissingShare" : "beneficiaryMissing", values, [
          passageMentioning(from, party.name, ["beneficiar"]),
          passageMentioning(to, theirs[0].name, ["beneficiar"]),
        ]),
      );
    }
  };
  missing(base, inBase, amendment, inAmendment);
  missing(amendment, inAmendment, base, inBase);
  return findings.filter((f): f is Finding => f !== null);
}

// ---- Duties and dates -------------------------------------------------------------------------

interface DutyAt {
  document: SourceDocument;
  duty: ComplianceRequirement;
}

function compareDeadlines(documents: SourceDocument[]): Finding[] {
  const duties: DutyAt[] = documents.flatMap((document) => (document.analysis?.complianceRequirements ?? []).map((duty) => ({ document, duty })));
  const findings: Finding[] = [];
  for (let i = 0; i < duties.length; i++) {
    for (let j = i + 1; j < duties.length; j++) {
      const a = duties[i];
      const b = duties[j];
      if (!sameDuty(a.duty, b.duty) || !deadlinesContradict(a.duty.due, b.duty.due)) continue;
      const found = finding(
        "deadline_conflict",
        a.document.id === b.document.id ? "deadlineConflictSame" : "deadlineConflict",
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
export function findInconsistencies(documents: SourceDocument[]): Finding[] {
  const findings: Finding[] = [];
  for (const { base, amendments } of amendedTrusts(documents)) {
    for (const amendment of amendments) {
      for (const role of ["successor_trustee", "trustee"] as const) {
        const found = compareTrustees(base, amendment, role);
        if (found) findings.push(found);
      }
      findings.push(...compareBeneficiaries(base, amendment));
      findings.push(...compareDates(base, amendment));
    }
    findings.push(...compareDeadlines([base, ...amendments]));
  }
  for (const document of documents) findings.push(...unassignedDuties(document));
  const unique = findings.filter((f, i) => findings.findIndex((g) => g.id === f.id) === i);
  return unique.sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || FINDING_KINDS.indexOf(a.kind) - FINDING_KINDS.indexOf(b.kind));
}
