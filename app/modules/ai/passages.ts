import { locatePassages } from "~/modules/documents/passages";

/**
 * Passages of a document's text, always as character offsets into the current version's text
 * (`document_texts.content`, counted in UTF-16 code units as JavaScript strings are), so that a
 * citation can point at exactly the words it quotes: `/documents/{id}?passage={start}-{end}`.
 */
export interface Span {
  start: number;
  end: number;
}

export interface Passage extends Span {
  documentId: string;
  documentTitle: string;
  text: string;
}

export interface Citation {
  documentId: string;
  documentTitle: string;
  excerpt: string;
  url: string;
}

export const PASSAGE_MAX_CHARS = 700;
export const EXCERPT_MAX_CHARS = 400;

export function passageUrl(documentId: string, span: Span): string {
  return `/documents/${documentId}?passage=${span.start}-${span.end}`;
}

/** Reads `?passage=120-340`; null unless it is a non-empty range inside a text of `length` characters. */
export function parsePassageParam(value: string | null | undefined, length: number): Span | null {
  const match = /^(\d{1,9})-(\d{1,9})$/.exec(value ?? "");
  if (!match) return null;
  const start = Number(match[1]);
  const end = Number(match[2]);
  if (!(start < end) || end > length) return null;
  return { start, end };
}

/** Cuts at a word boundary and marks the cut; the excerpt always starts where the passage starts. */
export function excerptOf(text: string, max = EXCERPT_MAX_CHARS): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${cut.slice(0, space > max * 0.6 ? space : max).replace(/[\s,;:]+$/, "")}…`;
}

export function toCitation(passage: Passage): Citation {
  return {
    documentId: passage.documentId,
    documentTitle: passage.documentTitle,
    excerpt: excerptOf(passage.text),
    url: passageUrl(passage.documentId, passage),
  };
}

function trimmed(content: string, start: number, end: number): Span | null {
  while (start < end && /\s/.test(content[start])) start++;
  while (end > start && /\s/.test(content[end - 1])) end--;
  return end > start ? { start, end } : null;
}

/**
 * Cuts a text into passages: paragraphs (split at blank lines), and paragraphs longer than `max`
 * into runs of whole sentences (a single over-long sentence is cut at a space).
 */
export function splitPassages(content: string, max = PASSAGE_MAX_CHARS): Span[] {
  const spans: Span[] = [];
  const paragraph = /\n[ \t]*\n/g;
  let cursor = 0;
  const pushParagraph = (from: number, to: number) => {
    const span = trimmed(content, from, to);
    if (!span) return;
    if (span.end - span.start <= max) {
      spans.push(span);
      return;
    }
    // Sentence ends inside the paragraph.
    const ends: number[] = [];
    const sentence = /[.;:!?。；！？](?=\s|$)/g;
    sentence.lastIndex = span.start;
    for (let m = sentence.exec(content); m && m.index < span.end; m = sentence.exec(content)) ends.push(m.index + 1);
    let start = span.start;
    let lastEnd = start;
    const flush = (to: number) => {
      const piece = trimmed(content, start, to);
      if (piece) spans.push(piece);
      start = to;
      lastEnd = to;
    };
    for (const end of [...ends, span.end]) {
      if (end - start <= max) {
        lastEnd = end;
        continue;
      }
      if (lastEnd > start) flush(lastEnd);
      // A sentence longer than max on its own: cut at spaces.
      while (end - start > max) {
        const window = content.slice(start, start + max);
        const space = window.lastIndexOf(" ");
        flush(start + (space > max / 2 ? space : max));
      }
      lastEnd = end;
    }
    if (span.end > start) flush(span.end);
  };
  for (let m = paragraph.exec(content); m; m = paragraph.exec(content)) {
    pushParagraph(cursor, m.index);
    cursor = m.index + m[0].length;
  }
  pushParagraph(cursor, content.length);
  return spans;
}

/** The passage (from `splitPassages`) that contains a character position. */
export function passageAround(content: string, spans: Span[], at: number): Span | null {
  return spans.find((s) => at >= s.start && at < s.end) ?? null;
}

/** Where a quote stands in the text, whitespace differences ignored (as the analysis links do). */
export function locateQuote(content: string, quote: string | null | undefined): Span | null {
  if (!quote) return null;
  const { segments, anchors } = locatePassages(content, [quote]);
  if (!anchors[0]) return null;
  let offset = 0;
  for (const segment of segments) {
    if (segment.anchor === anchors[0]) return { start: offset, end: offset + segment.text.length };
    offset += segment.text.length;
  }
  return null;
}

// ---- Words ---------------------------------------------------------------------------------

const STOP_WORDS = new Set(
  (
    "a an and are as at be been being but by can could did do does doing for from had has have having he her hers him his how i if in into is it its " +
    "me my no nor not of on or our ours she should so some such than that the their theirs them then there these they this those to too under until up very " +
    "was we were what when where which while who whom why will with would you your yours about above after again against all am any because before below " +
    "between both down during each few further here just more most once only other own same over through off out s t don now tell show give list please " +
    "explain say says said document documents doc docs file files anything something thing things know want need mean means find let lets get " +
    // a few of Spanish, French and German, so that their questions do not match on grammar words
    "el la los las de del y o que en un una es por para con se su sus qué cuál quién quiénes cómo " +
    "le les des du et ou est une pour dans par sur qui quel quelle quels quelles comment " +
    "der die das den dem des und oder ist sind ein eine einer für mit von zu im wer was wie welche welcher"
  ).split(" "),
);

function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** A light English stemmer: enough for "trustees" to meet "trustee" and "deadlines" "deadline". */
export function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("sses")) return word.slice(0, -2);
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) word = word.slice(0, -1);
  if (word.endsWith("ing") && word.length > 5) return word.slice(0, -3);
  if (word.endsWith("ed") && word.length > 4) return word.slice(0, -2);
  return word;
}

/** The words of a text, folded (lower case, no accents). */
export function words(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The content words of a question, stemmed, without duplicates; at most 16. */
export function queryTerms(question: string): string[] {
  const terms: string[] = [];
  for (const word of words(question.slice(0, 1000))) {
    if (STOP_WORDS.has(word) || (word.length < 2 && !/\d/.test(word))) continue;
    const term = stem(word);
    if (!terms.includes(term)) terms.push(term);
    if (terms.length >= 16) break;
  }
  return terms;
}

/** The question's content words as written (for FTS5, whose porter tokenizer stems them itself). */
export function searchWords(question: string): string[] {
  const seen: string[] = [];
  for (const word of words(question.slice(0, 1000))) {
    if (STOP_WORDS.has(word) || (word.length < 2 && !/\d/.test(word))) continue;
    if (!seen.includes(word)) seen.push(word);
    if (seen.length >= 12) break;
  }
  return seen;
}

/** An FTS5 query that matches any of the words (each quoted, so nothing in them is an operator). */
export function anyWordFtsQuery(question: string): string | null {
  const list = searchWords(question);
  return list.length ? list.map((w) => `"${w}"`).join(" OR ") : null;
}

function isCjk(term: string): boolean {
  return /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(term);
}

export interface ScoredSpan extends Span {
  score: number;
}

/**
 * Ranks passages by the question's terms: each matched term counts its rarity among the passages
 * (idf), and passages that match more of the question gain on top. Terms in Chinese or Japanese,
 * which have no spaces, match as substrings.
 */
export function scorePassages(content: string, spans: Span[], terms: string[]): ScoredSpan[] {
  if (!terms.length) return spans.map((s) => ({ ...s, score: 0 }));
  const bags = spans.map((span) => {
    const text = content.slice(span.start, span.end);
    const folded = fold(text);
    return { folded, stems: new Set(words(text).map(stem)) };
  });
  const has = (bag: { folded: string; stems: Set<string> }, term: string) => (isCjk(term) ? bag.folded.includes(term) : bag.stems.has(term));
  const n = spans.length;
  const idf = terms.map((term) => {
    const df = bags.reduce((count, bag) => count + (has(bag, term) ? 1 : 0), 0);
    return df ? Math.log(1 + n / df) : 0;
  });
  return spans.map((span, i) => {
    let score = 0;
    let matched = 0;
    terms.forEach((term, j) => {
      if (idf[j] && has(bags[i], term)) {
        score += idf[j];
        matched++;
      }
    });
    const coverage = matched / terms.length;
    // Very short passages (headings, signature lines) say little on their own.
    const shortPenalty = span.end - span.start < 40 ? 0.5 : 1;
    return { ...span, score: score * (1 + coverage) * shortPenalty };
  });
}
