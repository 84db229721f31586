/**
 * The trust as amended: the instrument's clauses with each amendment's edits applied in date order. Every clause
 * (a "term") knows which document its words now come from and what it replaced; the consolidated text is read by
 * the same rules as a single document, so parties, offices, shares and duties describe the current terms.
 */
import { findDuties } from "~/modules/documents/analysis/duties";
import { findGoverningLaw } from "~/modules/documents/analysis/governing-law";
import { findPartyMentions, type PartyMention } from "~/modules/documents/analysis/parties";
import type { ComplianceRequirement, Party } from "~/modules/documents/analysis/schema";
import { type Clause, parseClauses, type Sentence, splitSentences } from "~/modules/documents/analysis/text-structure";
import type { DocumentType } from "~/modules/documents/schema";
import { type Edit, readEdits } from "./edits";
import { articleNumber, sectionKey, type Target } from "./references";

export interface InstrumentText {
  documentId: string;
  title: string;
  /** The document's own date (YYYY-MM-DD), when known. */
  date: string | null;
  text: string;
}

export type TermStatus = "original" | "amended" | "added" | "deleted";

/** One clause of the trust as amended. */
export interface Term extends Clause {
  id: string;
  article: number | null;
  section: string | null;
  status: TermStatus;
  /** The document whose words this term now has. */
  source: { documentId: string; title: string; date: string | null };
  /** Earlier wordings, oldest first, each with the document it came from. */
  replaced: { documentId: string; title: string; body: string }[];
  /** The amendment's words that changed this term. */
  changedBy: string | null;
  /** For a deleted term: the document that removed it. */
  deletedBy?: { documentId: string; title: string; date: string | null };
}

export interface AppliedEdit extends Edit {
  documentId: string;
  /** False when the target could not be found in the trust as it then read. */
  applied: boolean;
  /** Terms this edit wrote, and those it replaced or removed (as they were before). */
  after: string[];
  before: Term[];
}

/** A reading of the terms at one point: what the analysis rules find in them. */
export interface TermsReading {
  parties: Party[];
  mentions: PartyMention[];
  duties: ComplianceRequirement[];
  governingLaw: string | null;
}

const SIGNATURE_LIKE =
  /^(?:IN WITNESS|WITNESS WHEREOF|Acknowledged|Subscribed|Signed|[A-Z][\w.'’ -]+,\s+(?:Settlor|Grantor|Trustor|Trustee|Co-Trustee|Testator|Witness))/;

let counter = 0;
function toTerms(text: string, source: Term["source"], status: TermStatus, inheritedPart: string | null = null): Term[] {
  const { clauses } = parseClauses(text);
  return clauses.map((clause) => {
    const part = clause.part ?? inheritedPart;
    const articleLabel = part?.split(" — ")[0] ?? null;
    const article = articleLabel && /^Article /.test(articleLabel) ? articleNumber(articleLabel.split(" ")[1] ?? "") : null;
    const numbered = /(?:Section|item) ([\w.]+)$/.exec(clause.reference ?? "");
    return {
      ...clause,
      part,
      reference: clause.reference ?? (article !== null ? articleLabel : null),
      id: `t${++counter}`,
      article,
      section: numbered && !/^Schedule|^Exhibit/.test(clause.reference ?? "") ? sectionKey(numbered[1]) : null,
      status,
      source,
      replaced: [],
      changedBy: null,
    };
  });
}

/** The terms an edit's target names (a section, an article, or a section within an article). */
function targeted(terms: Term[], target: Target): Term[] {
  const live = terms.filter((term) => term.status !== "deleted");
  if (target.section !== null) {
    const inArticle = live.filter((term) => term.section === target.section && (target.article === null || term.article === target.article));
    if (inArticle.length) return inArticle.slice(0, 1);
    // "Section 2" of an article numbered 2.x: its first-level section.
    if (target.article !== null) return live.filter((term) => term.article === target.article && term.section?.split(".")[1] === target.section).slice(0, 1);
    return [];
  }
  return target.article !== null ? live.filter((term) => term.article === target.article) : [];
}

/** Where new terms go: after the target article's last term, else before the signatures. */
function insertionPoint(terms: Term[], target: Target | null): number {
  if (target?.article != null || target?.section) {
    const article = target.article ?? Number(target.section?.split(".")[0]);
    const last = terms
      .map((term, i) => (term.article === article || term.section?.split(".")[0] === String(article) ? i : -1))
      .filter((i) => i !== -1)
      .pop();
    if (last !== undefined) return last + 1;
  }
  const signatures = terms.findIndex((term) => SIGNATURE_LIKE.test(term.body) || /^Schedule|^Exhibit/.test(term.reference ?? ""));
  return signatures === -1 ? terms.length : signatures;
}

const key = (term: Term) => term.section ?? term.title?.toLowerCase() ?? null;

function replaceParagraph(body: string, paragraph: string, words: string): string | null {
  const start = body.indexOf(paragraph);
  if (start === -1) return null;
  const letter = paragraph.replace(/[()]/g, "");
  const nextLabel = /^[a-z]$/.test(letter) ? `(${String.fromCharCode(letter.charCodeAt(0) + 1)})` : null;
  const end = nextLabel && body.indexOf(nextLabel, start) !== -1 ? body.indexOf(nextLabel, start) : body.length;
  const replacement = words.startsWith(paragraph) ? words : `${paragraph} ${words}`;
  return `${body.slice(0, start)}${replacement}${end < body.length ? " " : ""}${body.slice(end)}`.trim();
}

/** Applies one amendment's edits to the terms (a new array; earlier terms are never mutated). */
export function applyAmendment(terms: Term[], amendment: InstrumentText, edits: Edit[] = readEdits(amendment.text)): { terms: Term[]; applied: AppliedEdit[] } {
  let current = terms.map((term) => ({ ...term }));
  const source = { documentId: amendment.documentId, title: amendment.title, date: amendment.date };
  const applied: AppliedEdit[] = [];
  const rewrite = (term: Term, body: string, changedBy: string): Term => ({
    ...term,
    id: `t${++counter}`,
    body,
    status: "amended",
    source,
    replaced: [...term.replaced, { documentId: term.source.documentId, title: term.source.title, body: term.body }],
    changedBy,
  });
  const remove = (term: Term, changedBy: string): Term => ({ ...term, status: "deleted", changedBy, deletedBy: source });

  for (const edit of edits) {
    const record: AppliedEdit = { ...edit, documentId: amendment.documentId, applied: true, after: [], before: [] };
    applied.push(record);
    if (edit.kind === "ratify") continue;
    if (edit.kind === "restate_all") {
      const fresh = toTerms(edit.text ?? "", source, "added");
      const previous = current.filter((term) => term.status !== "deleted");
      const restated = fresh.map((term) => {
        const old = previous.find((candidate) => key(candidate) !== null && key(candidate) === key(term));
        if (!old) return term;
        return old.body === term.body
          ? { ...old, source }
          : { ...rewrite(old, term.body, edit.sourceText), reference: term.reference, title: term.title, part: term.part };
      });
      const kept = new Set(restated.map((term) => (term.replaced.length || term.status !== "added" ? key(term) : null)));
      record.before = previous;
      record.after = restated.map((term) => term.id);
      current = [...restated, ...previous.filter((term) => !kept.has(key(term))).map((term) => remove(term, edit.sourceText))];
      continue;
    }
    if (edit.kind === "new_provision" || edit.kind === "add") {
      const fresh = toTerms(edit.text ?? "", source, "added").map((term) => ({
        ...term,
        title: term.title ?? edit.title ?? null,
        changedBy: edit.sourceText,
        article: term.article ?? edit.target?.article ?? null,
        section: term.section ?? edit.target?.section ?? null,
        reference: term.reference ?? edit.target?.label ?? (edit.at ? `${amendment.title}, ${edit.at}` : amendment.title),
      }));
      const at = insertionPoint(current, edit.target);
      current.splice(at, 0, ...fresh);
      record.after = fresh.map((term) => term.id);
      continue;
    }
    const hits = edit.target ? targeted(current, edit.target) : [];
    if (!hits.length) {
      record.applied = false;
      continue;
    }
    record.before = hits.map((term) => ({ ...term }));
    if (edit.kind === "delete") {
      current = current.map((term) => (hits.includes(term) ? remove(term, edit.sourceText) : term));
      continue;
    }
    if (edit.kind === "strike_insert") {
      const hit =
        hits.find((term) => term.body.includes(edit.struck ?? "\u0000")) ??
        hits.find((term) => term.body.toLowerCase().includes((edit.struck ?? "").toLowerCase()));
      if (!hit || !edit.struck) {
        record.applied = false;
        continue;
      }
      const at = hit.body.includes(edit.struck) ? hit.body.indexOf(edit.struck) : hit.body.toLowerCase().indexOf(edit.struck.toLowerCase());
      const updated = rewrite(hit, `${hit.body.slice(0, at)}${edit.text ?? ""}${hit.body.slice(at + edit.struck.length)}`, edit.sourceText);
      current = current.map((term) => (term === hit ? updated : term));
      record.before = [hit];
      record.after = [updated.id];
      continue;
    }
    // Replace: a paragraph within a term, one section, or a whole article (its new sections paired by number).
    if (edit.target?.paragraph && hits.length === 1) {
      const body = replaceParagraph(hits[0].body, edit.target.paragraph, edit.text ?? "");
      if (body) {
        const updated = rewrite(hits[0], body, edit.sourceText);
        current = current.map((term) => (term === hits[0] ? updated : term));
        record.after = [updated.id];
        continue;
      }
    }
    const fresh = toTerms(edit.text ?? "", source, "added", hits[0].part);
    if (edit.target?.section !== null && fresh.length >= 1 && hits.length === 1) {
      // One section restated: its words may come with or without its number and heading.
      const words = fresh.length === 1 ? fresh[0].body : (edit.text ?? "").trim();
      const updated = { ...rewrite(hits[0], words, edit.sourceText), title: fresh.length === 1 ? (fresh[0].title ?? hits[0].title) : hits[0].title };
      current = current.map((term) => (term === hits[0] ? updated : term));
      record.after = [updated.id];
      continue;
    }
    const paired = fresh.map((term) => {
      const old = hits.find((candidate) => key(candidate) !== null && key(candidate) === key(term));
      const withArticle = { ...term, article: term.article ?? edit.target?.article ?? null, changedBy: edit.sourceText };
      return old ? { ...rewrite(old, term.body, edit.sourceText), title: term.title ?? old.title, reference: term.reference ?? old.reference } : withArticle;
    });
    const pairedKeys = new Set(paired.filter((term) => term.replaced.length).map(key));
    const removed = hits.filter((term) => !pairedKeys.has(key(term))).map((term) => remove(term, edit.sourceText));
    const at = current.indexOf(hits[0]);
    current = [
      ...current.slice(0, at).filter((term) => !hits.includes(term)),
      ...paired,
      ...removed,
      ...current.slice(at).filter((term) => !hits.includes(term)),
    ];
    record.after = paired.map((term) => term.id);
  }
  return { terms: current, applied };
}

/** The instrument's own clauses, before any amendment. */
export function originalTerms(instrument: InstrumentText): Term[] {
  return toTerms(instrument.text, { documentId: instrument.documentId, title: instrument.title, date: instrument.date }, "original");
}

/** Reads the live terms with the single-document rules; each sentence's clause is its term. */
export function readTerms(terms: Term[], type: DocumentType = "trust"): TermsReading {
  const live = terms.filter((term) => term.status !== "deleted");
  const sentences: Sentence[] = live.flatMap((term) => splitSentences(term.body).map((text) => ({ text, clause: term })));
  const text = live.map((term) => term.body).join("\n\n");
  const { parties, mentions } = findPartyMentions(text, sentences, type);
  return { parties, mentions, duties: findDuties(sentences), governingLaw: findGoverningLaw(text) };
}
