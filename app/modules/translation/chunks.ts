/**
 * Long texts are translated in parts so that each request stays small (a model's input limit, a
 * Worker's time) and the page can show progress. Parts follow paragraphs; a paragraph longer than
 * a part is split between sentences, and a sentence longer than a part between words.
 */

/** The longest part sent in one request (characters). */
export const CHUNK_MAX = 1500;
/** The most the translate endpoint takes in one request (a part plus room for long words). */
export const CHUNK_LIMIT = 4000;
/** The most a page translates in one go; a longer document is translated up to here (the page says so). */
export const SOURCE_MAX = 150_000;

export interface Chunk {
  text: string;
  /** What joins this part to the next one: a paragraph break, a space (same paragraph), or nothing at the end. */
  after: "\n\n" | " " | "";
}

function splitLong(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const space = window.lastIndexOf(" ");
    const cut = space > max / 2 ? space : max;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** A paragraph as pieces of at most `max` characters, cut between sentences when it can. */
function splitParagraph(paragraph: string, max: number): string[] {
  if (paragraph.length <= max) return [paragraph];
  const sentences = paragraph.split(/(?<=[.!?;:。！？；])\s+/).flatMap((s) => (s.length > max ? splitLong(s, max) : [s]));
  const pieces: string[] = [];
  let current = "";
  for (const sentence of sentences) {
    if (current && current.length + 1 + sentence.length > max) {
      pieces.push(current);
      current = sentence;
    } else current = current ? `${current} ${sentence}` : sentence;
  }
  if (current) pieces.push(current);
  return pieces;
}

/** The text in parts of at most `max` characters; `joinTranslations` puts the translated parts back together. */
export function splitIntoChunks(text: string, max = CHUNK_MAX): Chunk[] {
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((p) => p.replace(/[ \t]+$/gm, "").replace(/^\n+|\n+$/g, ""))
    .filter((p) => p.trim() !== "");
  const chunks: Chunk[] = [];
  let current = "";
  const flush = () => {
    if (current) chunks.push({ text: current, after: "\n\n" });
    current = "";
  };
  for (const paragraph of paragraphs) {
    if (paragraph.length > max) {
      flush();
      const pieces = splitParagraph(paragraph, max);
      pieces.forEach((piece, i) => chunks.push({ text: piece, after: i < pieces.length - 1 ? " " : "\n\n" }));
      continue;
    }
    if (current && current.length + 2 + paragraph.length > max) flush();
    current = current ? `${current}\n\n${paragraph}` : paragraph;
  }
  flush();
  if (chunks.length) chunks[chunks.length - 1].after = "";
  return chunks;
}

/** The translated parts as one text, with the original's paragraph breaks. */
export function joinTranslations(chunks: Chunk[], translations: string[]): string {
  return chunks.map((chunk, i) => `${(translations[i] ?? "").trim()}${chunk.after}`).join("");
}

/** At most `max` characters, cut at the last paragraph break before the limit when there is one. */
export function limitSource(text: string, max = SOURCE_MAX): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  const cut = text.lastIndexOf("\n\n", max);
  return { text: text.slice(0, cut > max / 2 ? cut : max), truncated: true };
}
