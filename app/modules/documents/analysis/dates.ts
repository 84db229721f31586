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

/** Calendar dates with a stated year, as written; chrono runs only on sentences that may hold one. */
export function calendarDates(sentence: string): { iso: string; index: number }[] {
  if (!MAYBE_DATE.test(sentence)) return [];
  return chrono.strict
    .parse(sentence, new Date(Date.UTC(2000, 0, 1)))
    .filter((result) => result.start.isCertain("year") && result.start.isCertain("day"))
    .map((result) => ({ iso: iso(result.start.get("year")!, result.start.get("month")!, result.start.get("day")!), index: result.index }));
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

export function findInstrumentDate(sentences: Sentence[]): string | null {
  const withDates = sentences.map((sentence) => ({ sentence, dates: calendarDates(sentence.text) })).filter((entry) => entry.dates.length);
  const made = withDates.find((entry) => /\b(dated|is made|made on|made this|entered into|executed on|signed on)\b/i.test(entry.sentence.text));
  return (made ?? withDates[0])?.dates[0]?.iso ?? null;
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
