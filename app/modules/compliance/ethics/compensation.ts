/**
 * What the instrument allows a trustee as compensation, read from its clause texts.
 *
 * Only what the words say plainly is read; anything else is "unknown" with the sentence kept, so the
 * checks ask for review instead of guessing a limit. With no clause at all the UTC §708(a) default
 * (reasonable compensation) applies in law, but the result is "unknown" with no source so the UI can
 * say that no clause was found.
 */
import { CARDINAL_WORDS } from "~/modules/documents/analysis/text-structure";

export interface ClauseText {
  heading: string | null;
  body: string;
}

export type CompensationKind = "none" | "reasonable" | "percent" | "fixed" | "unknown";

export interface TrusteeCompensation {
  kind: CompensationKind;
  /** In percent: 1 means 1% of the trust's value a year. */
  percentPerYear?: number;
  fixedCentsPerYear?: number;
  /** The sentence the answer was read from. */
  sourceText: string | null;
}

// "paid" or "receive" would catch distributions ("shall be paid $5,000 per year"), so only words of pay.
const ABOUT_PAY = /\b(?:compensat\w*|remunerat\w*|fees?|commissions?|salary|stipend)\b|\bfor\s+(?:its|his|her|their|such)\s+services\b/i;
// Sentences about paying agents, attorneys or advisers the trustee hires.
const HIRING = /\b(?:employ|retain|engage|hire)\w*\b/i;
const OTHER_FIDUCIARY = /\b(?:protector|advis[eo]r|guardian|executor|personal representative|custodian|agent)\b/i;
const TRUSTEE = /\btrustees?\b/i;

const NONE = [
  /\bwithout\s+(?:any\s+)?(?:compensation|remuneration|fees?|commissions?|pay)\b/i,
  /\b(?:shall|will)\s+not\s+(?:be\s+entitled\s+to\s+|receive\s+|be\s+paid\s+|charge\s+)(?:any\s+)?(?:compensation|remuneration|fees?|commissions?)\b/i,
  /\bno\s+(?:trustee\s+)?(?:compensation|remuneration|fees?|commissions?)\s+shall\b/i,
  /\bno\s+(?:individual\s+)?trustee\s+shall\s+(?:receive|be\s+entitled\s+to|be\s+paid|charge)\s+(?:any\s+)?(?:compensation|remuneration|fees?|commissions?)\b/i,
  /\b(?:not\s+be\s+entitled\s+to|waives?)\s+(?:any\s+)?(?:compensation|remuneration|fees?|commissions?)\b/i,
];
// "without compensation other than an annual fee of $5,000" is not "none".
const EXCEPT = /\b(?:other\s+than|except|save\s+for|apart\s+from|but\s+may\s+receive)\b(?!\s+(?:reimbursement|(?:for|of)\s+(?:reasonable\s+)?expenses))/i;
const REASONABLE =
  /\b(?:reasonable|customary|usual|fair)\b[^.;]{0,40}\b(?:compensation|remuneration|fees?|commissions?)\b|\b(?:compensation|fees?)\b[^.;]{0,40}\b(?:reasonable|customary)\b/i;
const PERCENT_DIGITS = /(?:(\d+)\s*\/\s*(\d+)|(\d*\.\d+|\d+))\s*(?:%|percent\b|per\s*cent\b)/i;
const PERCENT_WORD = /\b(?:percent|per\s*cent)\b/i;
const DOLLARS = /\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?/;
const DOLLAR_WORD = /\bdollars?\b/i;

type Period = { perYear: number } | null;

/** How many times a year the stated amount is paid, or null when the text does not say. */
function period(sentence: string): Period {
  if (/\b(?:annual(?:ly)?|per\s+(?:year|annum)|a\s+year|each\s+(?:calendar\s+|fiscal\s+)?year|every\s+year|yearly)\b/i.test(sentence)) return { perYear: 1 };
  if (/\b(?:quarterly|per\s+(?:calendar\s+)?quarter|each\s+(?:calendar\s+)?quarter)\b/i.test(sentence)) return { perYear: 4 };
  if (/\b(?:monthly|per\s+month|a\s+month|each\s+month)\b/i.test(sentence)) return { perYear: 12 };
  return null;
}

// "a"/"an" count one ("a hundred"); "hundred" is a scale, handled apart.
const UNITS: Record<string, number> = { zero: 0, a: 1, an: 1, ...CARDINAL_WORDS };
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000, million: 1_000_000 };
const FRACTIONS: Record<string, number> = {
  half: 2,
  halves: 2,
  third: 3,
  thirds: 3,
  quarter: 4,
  quarters: 4,
  fourth: 4,
  fourths: 4,
  fifth: 5,
  fifths: 5,
  eighth: 8,
  eighths: 8,
  tenth: 10,
  tenths: 10,
  hundredth: 100,
  hundredths: 100,
};
const NUMBER_WORDS = new Set([...Object.keys(UNITS), ...Object.keys(SCALES), ...Object.keys(FRACTIONS), "and", "of"]);

/** "three thousand five hundred" -> 3500; null when a word is not a cardinal. */
function cardinal(words: string[]): number | null {
  if (words.length === 0) return null;
  if (words.length === 1 && (words[0] === "a" || words[0] === "an")) return 1;
  let total = 0;
  let group = 0;
  for (const w of words) {
    // "a hundred", "a one percent": the article adds nothing.
    if (w === "a" || w === "an") continue;
    if (w in UNITS) group += UNITS[w];
    else if (w === "hundred") group = (group || 1) * 100;
    else if (w in SCALES) {
      total += (group || 1) * SCALES[w];
      group = 0;
    } else if (w !== "and") return null;
  }
  return total + group;
}

/** A term: "two", "one half", "three quarters", "a half", "half". */
function term(words: string[]): number | null {
  if (words.length === 0) return null;
  const last = words[words.length - 1];
  if (last in FRACTIONS) {
    const count = words.length === 1 ? 1 : cardinal(words.slice(0, -1));
    return count === null ? null : count / FRACTIONS[last];
  }
  return cardinal(words);
}

/** "one and one-half" = 1.5, "three-quarters of one" = 0.75, "one-half of one" = 0.5. */
export function parseNumberWords(phrase: string): number | null {
  const words = phrase
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((w) => w !== "");
  while (words.length > 0 && (words[0] === "of" || words[0] === "and")) words.shift();
  if (words.length === 0) return null;
  const of = words.indexOf("of");
  if (of > 0) {
    const left = parseNumberWords(words.slice(0, of).join(" "));
    const right = parseNumberWords(words.slice(of + 1).join(" "));
    return left === null || right === null ? null : left * right;
  }
  // "one and one half": split on an "and" that is followed by a fraction term, not "one hundred and five".
  const and = words.findIndex((w, i) => w === "and" && i > 0 && words.slice(i + 1).some((x) => x in FRACTIONS));
  if (and > 0) {
    const left = term(words.slice(0, and));
    const right = term(words.slice(and + 1));
    return left === null || right === null ? null : left + right;
  }
  return term(words);
}

/** The number words just before `index` in `text` ("equal to three-quarters of one| percent"). */
function wordsBefore(text: string, index: number): string {
  const before = text
    .slice(0, index)
    .toLowerCase()
    .split(/[\s-]+/);
  const taken: string[] = [];
  for (let i = before.length - 1; i >= 0; i--) {
    const w = before[i].replace(/[^a-z]/g, "");
    if (w === "" && i === before.length - 1) continue;
    if (!NUMBER_WORDS.has(w)) break;
    taken.unshift(w);
  }
  return taken.join(" ");
}

function percentIn(sentence: string): number | null {
  const digits = PERCENT_DIGITS.exec(sentence);
  if (digits) return digits[3] !== undefined ? Number(digits[3]) : Number(digits[1]) / Number(digits[2]);
  const word = PERCENT_WORD.exec(sentence);
  return word ? parseNumberWords(wordsBefore(sentence, word.index)) : null;
}

function centsIn(sentence: string): number | null {
  const digits = DOLLARS.exec(sentence);
  if (digits) return Number(digits[1].replace(/,/g, "")) * 100 + Number(digits[2] ?? "0");
  const word = DOLLAR_WORD.exec(sentence);
  if (!word) return null;
  const n = parseNumberWords(wordsBefore(sentence, word.index));
  return n === null ? null : Math.round(n * 100);
}

/** One sentence's answer, or null when it says nothing about a trustee's pay. */
function classify(sentence: string): TrusteeCompensation | null {
  const source = sentence.trim();
  if (NONE.some((re) => re.test(sentence)) && !EXCEPT.test(sentence)) return { kind: "none", sourceText: source };
  const pct = percentIn(sentence);
  if (pct !== null) {
    // A share of income (not of value) cannot be checked against the trust's value.
    const ofIncome = /\bincome\b/i.test(sentence) && !/\b(?:value|principal|assets|estate|corpus)\b/i.test(sentence);
    const per = period(sentence);
    if (ofIncome || pct <= 0 || pct > 100) return { kind: "unknown", sourceText: source };
    // A percentage fee with no period stated is read as yearly, as trustee fee schedules are written.
    return { kind: "percent", percentPerYear: round4(pct * (per?.perYear ?? 1)), sourceText: source };
  }
  const cents = centsIn(sentence);
  if (cents !== null) {
    const per = period(sentence);
    // "$5,000" with no period could be once or each year: not a limit we can check.
    if (!per) return { kind: "unknown", sourceText: source };
    return { kind: "fixed", fixedCentsPerYear: cents * per.perYear, sourceText: source };
  }
  if (REASONABLE.test(sentence)) return { kind: "reasonable", sourceText: source };
  if (/\b(?:compensat|remunerat)\w*/i.test(sentence)) return { kind: "unknown", sourceText: source };
  return null;
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** Split at sentence ends, not at "$5,000.00", "1.5%" or "U.S.". */
function sentences(body: string): string[] {
  return body
    .replace(/\s+/g, " ")
    .split(/(?<=[.;:])\s+(?=[A-Z(])/)
    .filter((s) => s.trim() !== "");
}

/**
 * What the trust terms allow a trustee as compensation. A definite answer (none, percent, fixed) in the
 * first sentence that gives one wins over "reasonable", which wins over "unknown".
 */
export function trusteeCompensation(terms: ClauseText[]): TrusteeCompensation {
  const found: TrusteeCompensation[] = [];
  for (const clause of terms) {
    const headingAboutPay = clause.heading !== null && ABOUT_PAY.test(clause.heading);
    for (const s of sentences(clause.body)) {
      // Pay of a protector or an agent is not the trustee's; a pay clause's own sentences need not say "trustee".
      if ((OTHER_FIDUCIARY.test(s) && !TRUSTEE.test(s)) || HIRING.test(s)) continue;
      if (!headingAboutPay && !TRUSTEE.test(s) && !/\bserve\s+without\b/i.test(s)) continue;
      if (!headingAboutPay && !ABOUT_PAY.test(s)) continue;
      const answer = classify(s);
      if (answer) found.push(answer);
    }
  }
  return (
    found.find((f) => f.kind === "none" || f.kind === "percent" || f.kind === "fixed") ??
    found.find((f) => f.kind === "reasonable") ??
    found[0] ?? { kind: "unknown", sourceText: null }
  );
}
