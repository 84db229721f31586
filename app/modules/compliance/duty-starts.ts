/**
 * What an instrument's relative deadline counts from: "within ninety (90) days after the death of the surviving
 * Settlor" from the last settlor's death, "within 60 days of the Settlor's death" from each death, "within sixty (60)
 * days after the end of each calendar year" from each December 31. Only what the trust's events record (or the
 * calendar gives) is a start; anything else leaves the duty undated. Pure.
 */
import { parseNumberWords } from "~/modules/documents/analysis/text-structure";

export interface EventFact {
  id: string;
  type: string;
  occurredOn: string;
  /** Whom it concerns ("Thomas J. Hartwell"): two records of one death are one death. */
  subject?: string | null;
}

export interface Span {
  amount: number;
  unit: "day" | "week" | "month";
  /** The words after "after / of / following / from": what it counts from. */
  event: string;
}

/** A day a deadline counts from, with what keys its item (an event's id, or a period's end). */
export interface Start {
  key: string;
  on: string;
}

const WITHIN =
  /\bwithin\s+(?:the\s+)?(.{1,40}?)\s*\b(calendar\s+|business\s+|working\s+|clear\s+)?(days?|weeks?|months?)\s+(?:after|of|following|from)\s+(.+)$/;

/** "within ninety (90) days after …", "within 60 days of …", "within nine months following …"; null otherwise. */
export function parseWithin(due: string): Span | null {
  const match = WITHIN.exec(due.toLowerCase());
  if (!match) return null;
  // Business days need a holiday calendar the instrument does not name: undated rather than guessed.
  if (match[2] && /business|working/.test(match[2])) return null;
  const amount = amountOf(match[1]!);
  if (amount === null) return null;
  const unit = match[3]!.startsWith("month") ? "month" : match[3]!.startsWith("week") ? "week" : "day";
  return { amount, unit, event: match[4]! };
}

/** "sixty (60)", "60", "ninety", "one hundred and twenty", "a"; the words win over the figure, as in reading a deed. */
function amountOf(text: string): number | null {
  const figure = /\((\d{1,4})\)/.exec(text)?.[1] ?? /^(\d{1,4})$/.exec(text.trim())?.[1];
  const words = text
    .replace(/\(\s*\d+\s*\)/g, " ")
    .replace(/\band\b/g, " ")
    .trim();
  const spelled = /^an?$/.test(words) ? 1 : words && !/\d/.test(words) ? parseNumberWords(words) : null;
  const amount = spelled ?? (figure ? Number(figure) : null);
  return amount !== null && amount > 0 && amount <= 1000 ? amount : null;
}

const SETTLOR = String.raw`(?:settlor|trustor|grantor)`;
const DEATH = /\b(?:death|deaths|dies|die|died|deceased|decease|passing)\b/;
// "the surviving Settlor", "the last surviving Grantor", "the survivor of the Settlors", "both Settlors".
const SURVIVING = new RegExp(
  String.raw`\b(?:surviving|last|second)\s+${SETTLOR}s?\b|\bsurvivor\s+of\s+(?:the\s+|both\s+)?(?:${SETTLOR}s|us|them)\b|\bboth\s+${SETTLOR}s\b|\blast\s+surviving\b`,
);
const FIRST = new RegExp(String.raw`\bfirst\s+${SETTLOR}\b|\bfirst\s+(?:of\s+(?:the|us)\s+)?(?:${SETTLOR}s\s+)?to\s+die\b|\bfirst\s+death\b`);
const SETTLOR_NAMED = new RegExp(String.raw`\b${SETTLOR}s?\b|${SETTLOR}['’]s\b|\bmy\s+(?:death|passing)\b|\bour\s+deaths?\b|\beither\s+of\s+us\b`);
// A death of someone else is no event the trust records.
const OTHER_PERSON = /\b(?:beneficiar(?:y|ies)|trustees?|spouse|child(?:ren)?|issue|heirs?|annuitant|descendants?)\b/;
const PERIOD_END = /\bend\s+of\s+(?:each|every)\s+(?:calendar\s+)?(year|quarter)\b/;
const TERMINATION = /\btermination\s+of\s+(?:the|this)\s+trust\b|\b(?:the|this)\s+trust\s+(?:terminates|is\s+terminated|shall\s+terminate)\b/;
const ACCEPTANCE = /\baccept(?:s|ing|ance\s+of)?\s+(?:the\s+|this\s+|its\s+)?(?:trust|trusteeship|office|appointment)\b/;
const ENDS_REVOCABILITY = ["settlor_died", "became_irrevocable"];

/** A day the calendar has (an event dated on a day that does not exist is skipped, never fatal to the whole list). */
export function isRealDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** The settlors' deaths in date order, one per person. */
function settlorDeaths(events: EventFact[]): EventFact[] {
  const seen = new Set<string>();
  return events
    .filter((e) => e.type === "settlor_died" && isRealDay(e.occurredOn))
    .sort((a, b) => a.occurredOn.localeCompare(b.occurredOn))
    .filter((e) => {
      const who = e.subject?.trim().toLowerCase() || e.id;
      if (seen.has(who)) return false;
      seen.add(who);
      return true;
    });
}

const ofType = (events: EventFact[], types: string[]): Start[] =>
  events.filter((e) => types.includes(e.type) && isRealDay(e.occurredOn)).map((e) => ({ key: e.id, on: e.occurredOn }));

/** Each period's last day from the year before the window (its deadline may fall inside) to the window's end. */
function periodEnds(kind: "year" | "quarter", window: { from: string; to: string }): Start[] {
  const starts: Start[] = [];
  for (let year = Number(window.from.slice(0, 4)) - 1; year <= Number(window.to.slice(0, 4)); year++) {
    if (kind === "year") starts.push({ key: String(year), on: `${year}-12-31` });
    else for (const [q, end] of ["03-31", "06-30", "09-30", "12-31"].entries()) starts.push({ key: `${year}-q${q + 1}`, on: `${year}-${end}` });
  }
  return starts;
}

/**
 * The days a deadline counts from, or null when its words name nothing the trust records (a beneficiary's
 * request). An empty list: a known event that has not happened yet (the surviving settlor is alive).
 */
export function startsOf(event: string, events: EventFact[], window: { from: string; to: string }, settlorCount: number): Start[] | null {
  const period = PERIOD_END.exec(event);
  if (period) return periodEnds(period[1] as "year" | "quarter", window);
  if (DEATH.test(event)) {
    const deaths = settlorDeaths(events);
    if (SURVIVING.test(event)) {
      // The surviving settlor's death is the last one: with two settlors, the second death, not the first.
      const last = deaths.at(-1);
      return last && deaths.length >= Math.max(1, settlorCount) ? [{ key: last.id, on: last.occurredOn }] : [];
    }
    if (FIRST.test(event)) return deaths.slice(0, 1).map((e) => ({ key: e.id, on: e.occurredOn }));
    if (!SETTLOR_NAMED.test(event) && OTHER_PERSON.test(event)) return null;
    // A settlor's death, or the trust becoming irrevocable (the event one records when the death is not).
    return ofType(events, ENDS_REVOCABILITY);
  }
  if (/\birrevocable\b/.test(event)) return ofType(events, ENDS_REVOCABILITY);
  if (TERMINATION.test(event)) return ofType(events, ["trust_terminated"]);
  if (ACCEPTANCE.test(event)) return ofType(events, ["trustee_accepted"]);
  return null;
}
