/** The law the instrument says governs it, else the jurisdiction whose statutes it cites most. */
import { isJurisdiction } from "./text-structure";

const PLACE = String.raw`(England and Wales|[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2})`;
const GOVERNED_BY = new RegExp(
  String.raw`(?:governed by|construed (?:under|in accordance with)|determined under|proper law of [^.;]*?\bshall be)[^.;]*?\blaws?\s+of\s+(?:the\s+)?(?:State\s+of\s+|Commonwealth\s+of\s+|District\s+of\s+)?${PLACE}`,
  "g",
);
const LAWS_OF = new RegExp(String.raw`\blaws?\s+of\s+(?:the\s+)?(?:State|Commonwealth)\s+of\s+${PLACE}`, "g");
/** A notary's or witness's certificate ("under PENALTY OF PERJURY under the laws of the State of California"): not the instrument's law. */
const CERTIFICATE = /perjury|notary|acknowledged before|sworn|certif(?:y|ies)/i;
const STATE_CODE =
  /\b([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:(?:Probate|Estates|Civil|Family|Property|Trust)\s+Code|Statutes|(?:Power of Attorney|Trust|Trust Code|Uniform Trust Code)\s+Act)\b/g;
/** Statute abbreviations only one jurisdiction uses. */
const CITATIONS: [RegExp, string][] = [
  [/\bRCW\b/g, "Washington"],
  [/\bILCS\b/g, "Illinois"],
  [/\b(?:EPTL|SCPA)\b|Estates, Powers and Trusts Law|Surrogate's Court Procedure Act/g, "New York"],
  [/\bTrustee Act (?:1925|2000)\b|\bInheritance Tax Act 1984\b/g, "England and Wales"],
];

const sentenceAround = (text: string, index: number) => {
  const start = Math.max(text.lastIndexOf(".", index), text.lastIndexOf("\n\n", index), 0);
  const end = text.indexOf(".", index);
  return text.slice(start, end < 0 ? undefined : end);
};

export function findGoverningLaw(text: string): string | null {
  for (const pattern of [GOVERNED_BY, LAWS_OF]) {
    for (const match of text.matchAll(pattern)) {
      if (!CERTIFICATE.test(sentenceAround(text, match.index ?? 0))) return match[1];
    }
  }
  const counts = new Map<string, number>();
  const count = (place: string, n = 1) => counts.set(place, (counts.get(place) ?? 0) + n);
  for (const match of text.matchAll(STATE_CODE)) if (isJurisdiction(match[1])) count(match[1]);
  for (const [pattern, place] of CITATIONS) {
    const n = text.match(pattern)?.length ?? 0;
    if (n) count(place, n);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}
