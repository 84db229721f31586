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
  /** A model engine's reading of the document as edits; without it the edits are read from the text. */
  edits?: Edit[];
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

// "ARTICLE FIRST: My Executor shall …" on one line, the article's paragraphs on the lines below it without blank lines
// (a DOCX paragraph per line): the label is the article's heading, so its terms know their article.
const INLINE_ARTICLE = /^(ARTICLE|Article)\s+([IVXLC]+|\d+|[A-Z][A-Za-z]+(?:-[A-Za-z]+)?)\s*[:.]\s+(?=["“]?[A-Z(])/;

// "ARTICLE 2" on one line and its title "BENEFICIARIES" in capitals on the next: one heading, so the number is kept.
const BARE_ARTICLE = /^(?:ARTICLE|Article)\s+(?:[IVXLC]+|\d+|[A-Z][A-Za-z]+(?:-[A-Za-z]+)?)\.?$/;
const CAPITALS_TITLE = /^(?=.*[A-Z]{3})[A-Z][A-Z0-9 ,'’&()-]{2,80}$/;

function withArticleHeadings(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  for (let i = 0; i < lines.length - 1; i++) {
    if (BARE_ARTICLE.test(lines[i].trim()) && CAPITALS_TITLE.test(lines[i + 1].trim())) {
      lines[i] = `${lines[i].trim().replace(/\.$/, "")} — ${lines[i + 1].trim()}`;
      lines.splice(i + 1, 1);
    }
  }
  return lines
    .map((line, i) => {
      const match = INLINE_ARTICLE.exec(line.trim());
      const previous = lines[i - 1]?.trim() ?? "";
      const rest = match ? line.trim().slice(match[0].length) : "";
      // "ARTICLE I. PURPOSE AND BENEFICIARIES" is a heading already: only a line that goes on in sentence case is split.
      if (!match || articleNumber(match[2]) === null || !/[a-z]/.test(rest) || (previous && !/[.:;"”)]$/.test(previous))) return line;
      return `\n${match[1]} ${match[2]}\n\n${rest}`;
    })
    .join("\n");
}

/** "Article Ii" (title case of "ARTICLE II") → "Article II". */
const romanCase = (label: string | null) =>
  label?.replace(/\b(Article|Part) ([IVXLC][ivxlc]+)\b/g, (_, kind: string, n: string) => `${kind} ${n.toUpperCase()}`) ?? null;

let counter = 0;
function toTerms(text: string, source: Term["source"], status: TermStatus, inheritedPart: string | null = null): Term[] {
  const { clauses } = parseClauses(withArticleHeadings(text));
  return clauses.map((clause) => {
    const part = clause.part ?? inheritedPart;
    const articleLabel = part?.split(" — ")[0] ?? null;
    const article = articleLabel && /^Article /.test(articleLabel) ? articleNumber(articleLabel.split(" ")[1] ?? "") : null;
    const numbered = /(?:Section|item) ([\w.]+)$/.exec(clause.reference ?? "");
    return {
      ...clause,
      part: romanCase(part),
      reference: romanCase(clause.reference ?? (article !== null ? articleLabel : null)),
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

/** The lettered label a term starts with ("(b) Distribution. …", "B. Reports. …"), as "(b)"; else null. */
function paragraphLabel(body: string): string | null {
  const match = /^\(?([a-z])[.)]\s/i.exec(body);
  return match ? `(${match[1].toLowerCase()})` : null;
}

/** The terms an edit's target names (a section, an article, a lettered paragraph, or a section within an article). */
function targeted(terms: Term[], target: Target): Term[] {
  const found = targetedTerms(terms, target);
  // "Article 6(a)", "Paragraph B of Article V": the paragraph is a term of its own when the instrument sets it apart.
  const paragraph = target.paragraph ? found.filter((term) => paragraphLabel(term.body) === target.paragraph) : [];
  return paragraph.length === 1 ? paragraph : found;
}

const plainHeading = (text: string | null | undefined) =>
  (text ?? "")
    .replace(/^Article [^—]+— /, "")
    .trim()
    .toLowerCase();

function targetedTerms(terms: Term[], target: Target): Term[] {
  const live = terms.filter((term) => term.status !== "deleted");
  if (target.heading) {
    const heading = target.heading.toLowerCase();
    return live.filter((term) => plainHeading(term.title) === heading || plainHeading(term.part) === heading);
  }
  if (target.section !== null) {
    const inArticle = live.filter((term) => term.section === target.section && (target.article === null || term.article === target.article));
    if (inArticle.length) return inArticle.slice(0, 1);
    // "Section 2" of an article numbered 2.x: its first-level section.
    if (target.article !== null) return live.filter((term) => term.article === target.article && term.section?.split(".")[1] === target.section).slice(0, 1);
    return [];
  }
  return target.article !== null ? live.filter((term) => inArticle(term, target.article!)) : [];
}

/** A term of an article: by its heading, or by its decimal number when the heading was not kept ("Section 2.01" is Article 2's). */
function inArticle(term: Term, article: number): boolean {
  if (term.article !== null) return term.article === article;
  return term.section !== null && term.section.includes(".") && Number(term.section.split(".")[0]) === article;
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

/** Where a lettered paragraph ("(c)") runs in a term's body: from its label (where a paragraph can start) to the next one. */
function paragraphRange(body: string, paragraph: string): { start: number; end: number } | null {
  const label = paragraph.replace(/[()]/g, "");
  const starts = new RegExp(String.raw`(?:^|\n|[.:;]\s+)(\(${label.replace(/[^a-z0-9]/gi, "")}\))\s`, "g");
  const found = starts.exec(body);
  const start = found ? found.index + found[0].indexOf(found[1]) : body.indexOf(paragraph);
  if (start === -1) return null;
  const nextLabel = /^[a-z]$/.test(label) ? `(${String.fromCharCode(label.charCodeAt(0) + 1)})` : null;
  const end = nextLabel && body.indexOf(nextLabel, start) !== -1 ? body.indexOf(nextLabel, start) : body.length;
  return { start, end };
}

function replaceParagraph(body: string, paragraph: string, words: string): string | null {
  const range = paragraphRange(body, paragraph);
  if (!range) return null;
  const { start, end } = range;
  const replacement = words.startsWith(paragraph) ? words : `${paragraph} ${words}`;
  return `${body.slice(0, start)}${replacement}${end < body.length ? " " : ""}${body.slice(end)}`.trim();
}

/** Where struck words are in a term: inside the named paragraph when the edit names one, else their first place. */
function struckAt(body: string, struck: string, paragraph: string | null | undefined): number {
  const range = paragraph ? paragraphRange(body, paragraph) : null;
  const from = range?.start ?? 0;
  const exact = body.indexOf(struck, from);
  const at = exact !== -1 ? exact : body.toLowerCase().indexOf(struck.toLowerCase(), from);
  if (at !== -1 && (!range || at < range.end)) return at;
  return body.includes(struck) ? body.indexOf(struck) : body.toLowerCase().indexOf(struck.toLowerCase());
}

const POSITIONS = ["first", "second", "third", "fourth", "fifth"];
const COUNTS = ["one", "two", "three", "four", "five"];
const contentWords = (text: string) =>
  new Set((text.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((word) => !/^(?:shall|must|that|this|with|from|have|which|under|such|each|upon)$/.test(word)));

/**
 * The sentences of a target that a partial replace rewrites: by position ("the first two sentences of Article SIXTH")
 * or, for a named part ("the special instruction in paragraph 3 concerning accountings"), the run of as many sentences
 * as the new words have that shares most words with them. Null when no sentence clearly is the one meant.
 */
function replacePart(hits: Term[], part: string, words: string): { term: Term; body: string } | null {
  const fresh = splitSentences(words.trim());
  const positional = /^(first|second|third|fourth|fifth|last|final)(?:\s+(\w+))?\s+sentences?$/i.exec(part.trim());
  for (const term of positional ? hits.slice(0, 1) : hits) {
    const sentences = splitSentences(term.body);
    if (positional) {
      const count = positional[2] ? COUNTS.indexOf(positional[2].toLowerCase()) + 1 : 1;
      const first = /last|final/i.test(positional[1]) ? sentences.length - count : POSITIONS.indexOf(positional[1].toLowerCase());
      if (count < 1 || first < 0 || first + count > sentences.length) return null;
      // The paragraph's own label ("B.") stays in front of its new first sentence.
      const label = first === 0 ? (/^(?:\(?[a-z]\)|[A-Za-z]\.)\s/.exec(term.body)?.[0] ?? "") : "";
      if (label && fresh.length && !fresh[0].startsWith(label.trim())) fresh[0] = `${label}${fresh[0]}`;
      return { term, body: [...sentences.slice(0, first), ...fresh, ...sentences.slice(first + count)].join(" ") };
    }
  }
  if (positional) return null;
  const wanted = contentWords(words);
  let best: { term: Term; at: number; score: number; sentences: string[] } | null = null;
  for (const term of hits) {
    const sentences = splitSentences(term.body);
    for (let at = 0; at + fresh.length <= sentences.length; at++) {
      const have = contentWords(sentences.slice(at, at + fresh.length).join(" "));
      const score = [...wanted].filter((word) => have.has(word)).length / Math.max(wanted.size, 1);
      if (!best || score > best.score) best = { term, at, score, sentences };
    }
  }
  if (!best || best.score < 0.4) return null;
  const { term, at, sentences } = best;
  return { term, body: [...sentences.slice(0, at), ...fresh, ...sentences.slice(at + fresh.length)].join(" ") };
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
        // A new "Article III-A" goes after Article III but is not part of it.
        article: term.article ?? (edit.target && !/(?:-[A-Za-z]|\d[A-Za-z])$/.test(edit.target.label) ? edit.target.article : null),
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
      // A named paragraph may be a term of its own: look there first.
      const label = edit.target?.paragraph;
      const ordered = label ? [...hits.filter((term) => term.body.trimStart().startsWith(label)), ...hits] : hits;
      const hit =
        ordered.find((term) => term.body.includes(edit.struck ?? "\u0000")) ??
        ordered.find((term) => term.body.toLowerCase().includes((edit.struck ?? "").toLowerCase()));
      if (!hit || !edit.struck) {
        record.applied = false;
        continue;
      }
      const at = struckAt(hit.body, edit.struck, edit.target?.paragraph);
      const updated = rewrite(hit, `${hit.body.slice(0, at)}${edit.text ?? ""}${hit.body.slice(at + edit.struck.length)}`, edit.sourceText);
      current = current.map((term) => (term === hit ? updated : term));
      record.before = [hit];
      record.after = [updated.id];
      continue;
    }
    // Replace: some sentences of a term, a paragraph within a term, one section, or a whole article (its new sections paired by number).
    if (edit.part) {
      const partial = replacePart(hits, edit.part, (edit.text ?? "").replace(/\s+/g, " "));
      if (!partial) {
        record.applied = false;
        continue;
      }
      const updated = rewrite(partial.term, partial.body, edit.sourceText);
      current = current.map((term) => (term === partial.term ? updated : term));
      record.before = [partial.term];
      record.after = [updated.id];
      continue;
    }
    if (edit.target?.paragraph && hits.length === 1) {
      const words = (edit.text ?? "").replace(/\s+/g, " ").trim();
      const own = paragraphLabel(hits[0].body) === edit.target.paragraph;
      // The whole term is the paragraph: its label stays, whether or not the new words repeat it.
      const label = own ? /^\S+/.exec(hits[0].body)![0] : null;
      const body = own ? (paragraphLabel(words) ? words : `${label} ${words}`) : replaceParagraph(hits[0].body, edit.target.paragraph, words);
      if (body) {
        const updated = rewrite(hits[0], body, edit.sourceText);
        current = current.map((term) => (term === hits[0] ? updated : term));
        record.after = [updated.id];
        continue;
      }
    }
    const fresh = toTerms(edit.text ?? "", source, "added", hits[0].part);
    // Several numbered sections in place of one ("deleting clause 7.1 and substituting: 7.1 … 7.2 …") pair by number below.
    const several = fresh.length > 1 && fresh.every((term) => term.section !== null) && fresh.some((term) => term.section === edit.target?.section);
    if (edit.target?.section !== null && fresh.length >= 1 && hits.length === 1 && !several) {
      // One section restated: its words may come with or without its number and heading.
      const words = fresh.length === 1 ? fresh[0].body : (edit.text ?? "").trim();
      const updated = { ...rewrite(hits[0], words, edit.sourceText), title: fresh.length === 1 ? (fresh[0].title ?? hits[0].title) : hits[0].title };
      current = current.map((term) => (term === hits[0] ? updated : term));
      record.after = [updated.id];
      continue;
    }
    const paired = fresh.map((term) => {
      // Pairs by number or heading; an article of one unnumbered paragraph is rewritten in place.
      const old = hits.length === 1 && fresh.length === 1 ? hits[0] : hits.find((candidate) => key(candidate) !== null && key(candidate) === key(term));
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
