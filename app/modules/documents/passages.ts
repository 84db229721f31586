/** A piece of the document's text, marked when it is a passage the analysis points to. */
export interface TextSegment {
  text: string;
  anchor?: string;
}

function normalise(text: string) {
  return text.replace(/\s+/g, " ").trim().toLowerCase();
}

/**
 * Finds each quoted passage in the document's text so the analysis can link to where it stands.
 * Whitespace differences are ignored; passages that are not found, or that overlap one found
 * earlier, get no anchor. Returns the text cut into segments and the anchor id of each quote.
 */
export function locatePassages(content: string, quotes: (string | null | undefined)[]): { segments: TextSegment[]; anchors: (string | null)[] } {
  // Map every non-space run so a match in the collapsed text can be traced back to the original.
  const collapsed: string[] = [];
  const origin: number[] = [];
  let lastSpace = true;
  for (let i = 0; i < content.length; i++) {
    const ch = content[i];
    if (/\s/.test(ch)) {
      if (!lastSpace) {
        collapsed.push(" ");
        origin.push(i);
      }
      lastSpace = true;
    } else {
      collapsed.push(ch.toLowerCase());
      origin.push(i);
      lastSpace = false;
    }
  }
  const haystack = collapsed.join("");
  const ranges: { start: number; end: number; anchor: string }[] = [];
  const anchors = quotes.map((quote, index) => {
    const needle = quote ? normalise(quote) : "";
    if (needle.length < 8) return null;
    const at = haystack.indexOf(needle);
    if (at === -1) return null;
    const start = origin[at];
    const end = origin[at + needle.length - 1] + 1;
    const existing = ranges.find((r) => r.start === start && r.end === end);
    if (existing) return existing.anchor;
    if (ranges.some((r) => start < r.end && end > r.start)) return null;
    const anchor = `passage-${index + 1}`;
    ranges.push({ start, end, anchor });
    return anchor;
  });
  ranges.sort((a, b) => a.start - b.start);
  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const range of ranges) {
    if (range.start > cursor) segments.push({ text: content.slice(cursor, range.start) });
    segments.push({ text: content.slice(range.start, range.end), anchor: range.anchor });
    cursor = range.end;
  }
  if (cursor < content.length) segments.push({ text: content.slice(cursor) });
  return { segments, anchors };
}
