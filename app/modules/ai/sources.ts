import type { DocumentAnalysis } from "~/modules/documents/analysis/schema";
import { locateQuote, type Passage, type Span, splitPassages } from "./passages";

/** A document the asker may read, with its current text and stored analysis, ready for answering. */
export interface SourceDocument {
  id: string;
  title: string;
  type: string;
  content: string;
  analysis: DocumentAnalysis | null;
  spans: Span[];
}

export function sourceDocument(row: { id: string; title: string; type: string; content: string | null; analysis: unknown }): SourceDocument {
  const content = row.content ?? "";
  return { id: row.id, title: row.title, type: row.type, content, analysis: (row.analysis as DocumentAnalysis | null) ?? null, spans: splitPassages(content) };
}

export function passageOf(document: SourceDocument, span: Span): Passage {
  return { documentId: document.id, documentTitle: document.title, start: span.start, end: span.end, text: document.content.slice(span.start, span.end) };
}

/** The exact sentence an analysis quotes, located in the text; null when it is not found word for word. */
export function quotePassage(document: SourceDocument, quote: string | null | undefined): Passage | null {
  const span = locateQuote(document.content, quote);
  return span ? passageOf(document, span) : null;
}

function fold(text: string) {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Each document's passages folded once, however many names are looked up in it (legal checks ask many). */
const foldedSpans = new WeakMap<SourceDocument, string[]>();

function foldedPassages(document: SourceDocument): string[] {
  let folded = foldedSpans.get(document);
  if (!folded) {
    folded = document.spans.map((span) => fold(document.content.slice(span.start, span.end)));
    foldedSpans.set(document, folded);
  }
  return folded;
}

/**
 * The passage that mentions a name together with one of `near` (e.g. the role's word), else the
 * first passage with the name, else the first passage with one of `near`.
 */
export function passageMentioning(document: SourceDocument, name: string | null, near: string[] = []): Passage | null {
  const folded = foldedPassages(document);
  const needle = name ? fold(name) : null;
  const nearFolded = near.map(fold);
  const hasNear = (text: string) => nearFolded.some((word) => text.includes(word));
  let index = needle ? folded.findIndex((text) => text.includes(needle) && hasNear(text)) : -1;
  if (index === -1 && needle) index = folded.findIndex((text) => text.includes(needle));
  if (index === -1 && nearFolded.length) index = folded.findIndex(hasNear);
  return index === -1 ? null : passageOf(document, document.spans[index]);
}

/** Numbered sources of an answer: the same passage cited twice keeps its number. */
export class CitationList {
  readonly passages: Passage[] = [];

  add(passage: Passage | null | undefined): number | null {
    if (!passage) return null;
    const found = this.passages.findIndex((p) => p.documentId === passage.documentId && p.start === passage.start && p.end === passage.end);
    if (found !== -1) return found + 1;
    this.passages.push(passage);
    return this.passages.length;
  }
}
