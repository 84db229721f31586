/** The law the instrument says governs it, else the state whose code it cites most. */
const PLACE = String.raw`([A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2})`;
const GOVERNED_BY = new RegExp(String.raw`governed by[^.;]*?\blaws?\s+of\s+(?:the\s+)?(?:State\s+of\s+|Commonwealth\s+of\s+|District\s+of\s+)?${PLACE}`);
const LAWS_OF = new RegExp(String.raw`\blaws?\s+of\s+(?:the\s+)?(?:State|Commonwealth)\s+of\s+${PLACE}`);
const STATE_CODE = /\b([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:Probate|Estates|Civil|Family)\s+Code\b/g;

export function findGoverningLaw(text: string): string | null {
  const stated = GOVERNED_BY.exec(text) ?? LAWS_OF.exec(text);
  if (stated) return stated[1];
  const counts = new Map<string, number>();
  for (const match of text.matchAll(STATE_CODE)) counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}
