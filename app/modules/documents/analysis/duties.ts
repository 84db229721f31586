/** Duties: who must do what, by when, under which law (its citation). */
import type { ComplianceRequirement, ImportantDate } from "./schema";
import type { Sentence } from "./text-structure";

const MAX_DUTIES = 150;

const CITATION = new RegExp(
  [
    String.raw`(?:[A-Z][a-z]+\s+){0,2}(?:Probate|Estates|Civil|Family|Government|Revenue and Taxation|Tax|Trust|Health and Safety|Internal Revenue)\s+Code,?\s+(?:sections?|§§?)\s*\d+(?:\.\d+)*(?:\([a-z0-9]+\))*(?:\s*(?:through|to|and|-|–)\s*\d+(?:\.\d+)*)?`,
    String.raw`\d+\s+U\.S\.C\.\s*§+\s*\d+[\w.()-]*`,
    String.raw`(?:IRC|I\.R\.C\.)\s*(?:section|§)\s*\d+[\w()]*`,
  ].join("|"),
  "g",
);

export function findCitations(text: string): string[] {
  return [...text.matchAll(CITATION)].map((match) => match[0].replace(/[.,]+$/, "").trim());
}

const OBLIGATION =
  /\b(shall|must|is required to|are required to|agrees? to)\s+(?!(?:be|have|not|never|serve as|serve without|act as|become|terminate|forfeit|remain|receive|lapse|pass|vest|continue|apply|include|mean|constitute)\b)([a-z])/g;

const DUE_PATTERNS: RegExp[] = [
  /\bwithin\s+[^.;]{0,40}?\(?\d+\)?\s*(?:calendar\s+|business\s+)?(?:days?|weeks?|months?|years?)\b/i,
  /\bon or before\s+[A-Z][a-z]+\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4}|\s+of each (?:year|calendar year))?/,
  /\bno later than\s+[^,.;]+/i,
  /\bat least\s+(?:annually|quarterly|monthly|once (?:a|each|every) (?:year|quarter|month))/i,
  /\b(?:annually|quarterly|monthly|each year|every year)\b/i,
  /\bupon (?:written )?request\b/i,
];

/** When a duty is due, as the document says it, or null. */
function findDue(sentence: string, subjectStart: number): string | null {
  for (const pattern of DUE_PATTERNS) {
    const match = pattern.exec(sentence);
    if (!match) continue;
    const start = match.index;
    let end = start + match[0].length;
    if (/^within/i.test(match[0])) {
      // "within 60 days after this trust, or any portion of it, becomes irrevocable, the trustee shall"
      const rest = sentence.slice(end);
      const tail = /^\s+(?:after|of|from|following|before)\b/i.test(rest) ? (start < subjectStart ? subjectStart - end : rest.search(/[,.;]/)) : 0;
      end += Math.max(tail, 0);
    }
    return sentence.slice(start, end).replace(/[\s,;]+$/, "");
  }
  return null;
}

const DETERMINERS = /^(?:the|each|any|every|an|a|my|our|such|said)\s+/i;

export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20))}…`;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "File the returns, on or before April 15 of each year, and …" → "file the returns, and …" */
function withoutDue(duty: string, due: string): string {
  const rest = duty
    .replace(due, "")
    .replace(/\s+,/g, ",")
    .replace(/,\s*,/g, ",")
    .replace(/\s{2,}/g, " ")
    .replace(/[\s,]+$/, "")
    .trim();
  return shorten(rest.charAt(0).toLowerCase() + rest.slice(1), 140);
}

function findDuty(sentence: Sentence): ComplianceRequirement | null {
  const match = new RegExp(OBLIGATION.source).exec(sentence.text);
  if (!match) return null;
  const before = sentence.text.slice(0, match.index);
  const subjectRaw = before.split(/,\s*/).pop()!.trim();
  const subjectStart = before.length - subjectRaw.length - (before.length - before.trimEnd().length);
  const subject = subjectRaw.split(/\s+/).slice(-4).join(" ").replace(DETERMINERS, "");
  const responsibleParty = subject && !/^(it|this|that|which|who)$/i.test(subject) ? capitalise(subject) : null;
  const duty = capitalise(
    sentence.text
      .slice(match.index + match[1].length)
      .trim()
      .replace(/\.$/, "")
      .replace(/\band (?:shall|must) /g, "and "),
  );
  return {
    duty: shorten(duty, 320),
    responsibleParty,
    due: findDue(sentence.text, subjectStart),
    citation: findCitations(sentence.text)[0] ?? null,
    reference: sentence.clause.reference,
    sourceText: sentence.text,
  };
}

export function findDuties(sentences: Sentence[]): ComplianceRequirement[] {
  return sentences
    .map(findDuty)
    .filter((duty): duty is ComplianceRequirement => duty !== null)
    .slice(0, MAX_DUTIES);
}

/** A duty with a deadline is also a date to keep ("upon request" is not one). */
export function dutyDeadlines(duties: ComplianceRequirement[]): ImportantDate[] {
  return duties
    .filter((duty) => duty.due && !/^upon/i.test(duty.due))
    .map((duty) => ({ date: null, description: `${capitalise(duty.due!)}: ${withoutDue(duty.duty, duty.due!)}`, sourceText: duty.sourceText }));
}
