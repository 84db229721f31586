/** Dates: calendar dates through chrono-node, what each one marks, the instrument's own date, and ages that trigger events. */
import * as chrono from "chrono-node";
import type { ImportantDate } from "./schema";
import { type Clause, findNames, parseNumberWords, type Sentence } from "./text-structure";

const MAX_DATES = 150;

const MAYBE_DATE =
  /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2}\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b/i;

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
/** The attestation's "this 2nd day of May, 2019" / "the 15th day of June in the year 2020", which chrono does not read. */
const DAY_OF = /\b(\d{1,2})(?:st|nd|rd|th)?\s+day\s+of\s+([A-Z][a-z]+),?\s+(?:in\s+the\s+year\s+)?(\d{4})\b/g;

/** Calendar dates with a stated year, as written; chrono runs only on sentences that may hold one. */
export function calendarDates(sentence: string): { iso: string; index: number }[] {
  if (!MAYBE_DATE.test(sentence)) return [];
  const found = chrono.strict
    .parse(sentence, new Date(Date.UTC(2000, 0, 1)))
    .filter((result) => result.start.isCertain("year") && result.start.isCertain("day"))
    .map((result) => ({ iso: iso(result.start.get("year")!, result.start.get("month")!, result.start.get("day")!), index: result.index }));
  for (const match of sentence.matchAll(DAY_OF)) {
    const month = MONTHS.indexOf(match[2].toLowerCase()) + 1;
    const day = Number(match[1]);
    if (month && day >= 1 && day <= 31 && !found.some((f) => Math.abs(f.index - (match.index ?? 0)) < match[0].length)) {
      found.push({ iso: iso(Number(match[3]), month, day), index: match.index ?? 0 });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

export function describeDate(sentence: string, clause: Clause): string {
  if (/\b(dated|is made|made on|made this|entered into)\b/i.test(sentence)) return "Date of the instrument";
  if (/acknowledged|notar/i.test(sentence)) return "Acknowledged before a notary";
  if (/\b(signed|executed|in witness whereof)\b/i.test(sentence)) return "Signed";
  if (/\beffective\b/i.test(sentence)) return "Takes effect";
  if (/terminat|expire/i.test(sentence)) return "Ends";
  if (clause.title) return clause.title;
  return clause.reference ? `Mentioned in ${clause.reference}` : "Date mentioned in the document";
}

/** "under Trust Agreement dated June 1, 2018", "the Settlement made on 3 July 2008": another document's date, not this one's. */
function datesAnotherDocument(sentence: string, index: number): boolean {
  const before = sentence.slice(0, index);
  if (!/\b(?:dated|made(?:\s+on|\s+as\s+of)?|signed\s+on|executed\s+on)\s+$/i.test(before)) return false;
  // "Dated …", "SIGNED on …", and a heading's "TRUST AGREEMENT made April 22, 2003": the document's own date.
  if (/^\s*(?:dated|signed|executed|made)\b/i.test(before) || /^\s*(?!The\s)(?:[A-Z][A-Za-z'’-]*\s+){1,5}(?:dated|made)\b/.test(before)) return false;
  if (/\b(?:is|was|are|be|been|hereby)\s+(?:made|dated|signed|executed)(?:\s+and\s+entered\s+into)?(?:\s+on|\s+as\s+of)?\s+$/i.test(before)) return false;
  return !/\bthis\s+(?:[A-Za-z.'’-]+\s+){0,5}(?:dated|made(?:\s+on)?)\s+$/i.test(before);
}

/** The heading's date ("Dated: …", "Date: …"), the making ("is made on"), then the signing ("SIGNED on", "this 2nd day of May"). */
const OWN_DATE: RegExp[] = [
  /^(?:dated|date|effective date)\b\s*:?/i,
  /\b(?:is made|made on|made as of|made this|made and entered into|entered into)\b/i,
  /\b(?:signed|executed|in witness whereof|set my hand|day of)\b/i,
];

export function findInstrumentDate(sentences: Sentence[]): string | null {
  const withDates = sentences
    .map((sentence) => ({ sentence, dates: calendarDates(sentence.text).filter((d) => !datesAnotherDocument(sentence.text, d.index)) }))
    .filter((entry) => entry.dates.length);
  for (const signal of OWN_DATE) {
    const own = withDates.find((entry) => signal.test(entry.sentence.text));
    if (own) return own.dates[0].iso;
  }
  return withDates[0]?.dates[0]?.iso ?? sentences.map((sentence) => calendarDates(sentence.text)[0]).find(Boolean)?.iso ?? null;
}

const AGE = /\b(?:attains?|attaining|reach(?:es)?|reaching|turns?|turning)\s+(?:the\s+)?age\s+(?:of\s+)?([a-z]+(?:-[a-z]+)?\s+)?\(?(\d{1,3})?\)?/gi;

export function ageEvents(sentence: Sentence): ImportantDate[] {
  const events: ImportantDate[] = [];
  const person = findNames(sentence.text)[0]?.name;
  for (const match of sentence.text.matchAll(AGE)) {
    const age = match[2] ? Number(match[2]) : match[1] ? parseNumberWords(match[1]) : null;
    if (!age) continue;
    const who = person ? `${person} turns ${age}` : `A beneficiary turns ${age}`;
    events.push({ date: null, description: sentence.clause.title ? `${who} — ${sentence.clause.title}` : who, sourceText: sentence.text });
  }
  return events;
}

/**
 * The dates list: calendar dates (one entry per day, its events joined) in order, then the ages,
 * then the duties' deadlines.
 */
export function importantDates(sentences: Sentence[], ageDates: ImportantDate[], deadlines: ImportantDate[]): ImportantDate[] {
  const byDay = new Map<string, ImportantDate>();
  for (const sentence of sentences) {
    for (const found of calendarDates(sentence.text)) {
      const description = describeDate(sentence.text, sentence.clause);
      const entry = byDay.get(found.iso);
      if (!entry) byDay.set(found.iso, { date: found.iso, description, sourceText: sentence.text });
      else if (!entry.description.split("; ").includes(description)) entry.description += `; ${description}`;
    }
  }
  return [...[...byDay.values()].sort((a, b) => a.date!.localeCompare(b.date!)), ...ageDates, ...deadlines].slice(0, MAX_DATES);
}
