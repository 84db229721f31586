/** Where a quote sits in a text, spaces and line breaks aside (the analysis quotes with single spaces). */
export function spanOf(content: string, quote: string): { start: number; end: number } | null {
  const exact = content.indexOf(quote);
  if (exact >= 0) return { start: exact, end: exact + quote.length };
  const words = quote.split(/\s+/).filter(Boolean).slice(0, 60);
  if (words.length === 0) return null;
  const found = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s+")).exec(content);
  return found ? { start: found.index, end: found.index + found[0].length } : null;
}
