/**
 * Name matching for bank payees against the conflicts register.
 *
 * Bank descriptions are noisy ("ZELLE TO MICHAEL CHEN 0412", "HARTWELL ROBERT J"), so both sides are
 * reduced to bare tokens before comparing. Families share surnames, so a shared surname alone is never
 * a match: it is reported as "weak" so the UI can say "similar name" without raising a flag.
 */

export type MatchStrength = "exact" | "strong" | "weak" | "none";

export interface NameMatch {
  match: boolean;
  /** "exact": the same tokens; "strong": a match with a nickname, a middle name or extra words; "weak": a shared surname only. */
  strength: MatchStrength;
}

/** Groups of interchangeable first names. A nickname may sit in two groups (Steve: Stephen and Steven). */
const NICKNAME_GROUPS: readonly (readonly string[])[] = [
  ["robert", "bob", "bobby", "rob", "robbie", "bert"],
  ["william", "bill", "billy", "will", "willie", "liam"],
  ["elizabeth", "liz", "lizzie", "beth", "betty", "eliza", "libby"],
  ["margaret", "maggie", "meg", "peggy", "marge", "margie"],
  ["daniel", "dan", "danny"],
  ["katherine", "kate", "katie", "kathy", "kat"],
  ["catherine", "cathy", "cate", "kate", "katie"],
  ["kathleen", "kathy", "kate"],
  ["james", "jim", "jimmy", "jamie"],
  ["michael", "mike", "mikey", "mick"],
  ["thomas", "tom", "tommy"],
  ["susan", "sue", "susie", "suzy"],
  ["richard", "rick", "ricky", "rich", "dick"],
  ["charles", "charlie", "chuck", "chas"],
  ["joseph", "joe", "joey"],
  ["anthony", "tony"],
  ["stephen", "steve", "stevie"],
  ["steven", "steve", "stevie"],
  ["christopher", "chris", "kit"],
  ["christine", "chris", "christy", "tina"],
  ["matthew", "matt"],
  ["nicholas", "nick", "nicky"],
  ["edward", "ed", "eddie", "ted", "ned"],
  ["john", "jack", "johnny"],
  ["patricia", "pat", "patty", "trish"],
  ["patrick", "pat", "paddy"],
  ["jennifer", "jen", "jenny"],
  ["andrew", "andy", "drew"],
  ["alexander", "alex", "al", "sandy"],
  ["alexandra", "alex", "sandra", "sandy"],
  ["samuel", "sam", "sammy"],
  ["samantha", "sam", "sammy"],
  ["benjamin", "ben", "benny"],
  ["gregory", "greg"],
  ["lawrence", "larry"],
  ["gerald", "jerry"],
  ["david", "dave", "davey"],
  ["donald", "don", "donnie"],
  ["ronald", "ron", "ronnie"],
  ["kenneth", "ken", "kenny"],
  ["peter", "pete"],
  ["abigail", "abby", "abbie"],
  ["rebecca", "becky", "becca"],
  ["deborah", "debbie", "deb"],
  ["eleanor", "ellie", "nell", "nora"],
  ["sophia", "sophie"],
  ["victoria", "vicky", "tori"],
  ["timothy", "tim", "timmy"],
];

const NICKNAMES: ReadonlyMap<string, ReadonlySet<number>> = (() => {
  const map = new Map<string, Set<number>>();
  NICKNAME_GROUPS.forEach((group, index) => {
    for (const name of group) map.set(name, (map.get(name) ?? new Set<number>()).add(index));
  });
  return map;
})();

/** Whether two first-name tokens name the same person (equal, or in one nickname group). */
export function sameFirstName(a: string, b: string): boolean {
  if (a === b) return true;
  const ga = NICKNAMES.get(a);
  const gb = NICKNAMES.get(b);
  if (!ga || !gb) return false;
  for (const g of ga) if (gb.has(g)) return true;
  return false;
}

// Words that carry no identity: honorifics, generational suffixes, business forms, "the".
const HONORIFICS = ["mr", "mrs", "ms", "miss", "mx", "dr", "prof", "rev", "hon", "sir", "dame"];
const SUFFIXES = ["jr", "sr", "ii", "iii", "iv", "esq", "md", "phd", "cpa"];
const BUSINESS_FORMS = ["inc", "incorporated", "llc", "ltd", "limited", "corp", "corporation", "co", "company", "lp", "llp", "pllc", "pc", "plc", "lc"];
const STOP_WORDS = new Set([...HONORIFICS, ...SUFFIXES, ...BUSINESS_FORMS, "the"]);
const BUSINESS_WORDS = new Set(BUSINESS_FORMS);

// Bank-description noise, removed as phrases before punctuation goes (they need "#", "*", digits).
const NOISE: readonly RegExp[] = [
  /\bzelle\s+(?:payment|pmt|transfer)?\s*(?:to|from)\b/g,
  /\b(?:online|internet|mobile|web)\s+(?:banking\s+)?(?:transfer|xfer|pmt|payment)\s*(?:to|from)?\b/g,
  /\b(?:transfer|xfer)\s+(?:to|from)\b/g,
  /\bbill\s*pay(?:ment)?\s*(?:to)?\b/g,
  /\b(?:ach|ppd|ccd|web)\s+(?:debit|credit|pmt|payment|id)\b/g,
  /\b(?:debit|credit)\s+card\s+(?:purchase|payment|refund)\b/g,
  /\bpos\s+(?:purchase|debit|withdrawal)\b/g,
  /\brecurring\s+(?:payment|purchase)\b/g,
  /\b(?:check|chk|ck)\s*#?\s*\d+/g,
  /\b(?:ref|reference|conf|confirmation|trace|id|txn|trn)\s*(?:no|number)?\s*[#:.]?\s*[a-z0-9]*\d[a-z0-9]*/g,
  /\b(?:paypal|sq|sp|tst)\s*\*/g,
  /\b(?:zelle|venmo|paypal|cash\s*app|ach|pos)\b/g,
  /\b(?:card|acct|account)\s*(?:ending(?:\s+in)?)?\s*[x*#.]*\d{2,}/g,
  /(?:\bx+|x{2,}|[*#.…]+)\d{2,}/g, // masked card or account numbers: XXXX1234, X1234, *1234, ...1234
  /\b(?:on\s+)?\d{1,4}[/-]\d{1,2}(?:[/-]\d{2,4})?\b/g, // dates: 01/15, 2024-01-15, on 1/15/24
];

/** Lower case, accents off (NFKD), "&" as a word; everything else that is not a letter, digit or space goes. */
function basic(s: string): string {
  return s
    .normalize("NFKD")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/&/g, " and ")
    .replace(/['’`]/g, "") // O'Brien -> obrien
    .replace(/\.(?=\p{L})/gu, "") // L.L.C. -> llc, but "CHEN...1234" keeps its name apart from the digits
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/\s+/g, " ");
}

function stripOnce(s: string): string {
  let t = s
    .normalize("NFKD")
    .toLowerCase()
    .replace(/\p{M}+/gu, "");
  for (const re of NOISE) t = t.replace(re, " ");
  const tokens = basic(t)
    .split(" ")
    .filter((w) => w !== "" && !/\d/.test(w) && !/^x{2,}$/.test(w) && !STOP_WORDS.has(w));
  // "Hartwell & Co" leaves a dangling "and" once "co" is gone.
  while (tokens.length > 0 && tokens[tokens.length - 1] === "and") tokens.pop();
  while (tokens.length > 0 && tokens[0] === "and") tokens.shift();
  return tokens.join(" ");
}

/**
 * The bare name: lower case, no accents, punctuation, honorifics, suffixes, business forms, "The" or bank noise.
 * Applied until nothing changes, so it is idempotent. A name made only of such words ("The Co") is kept as
 * its plain lower-case form rather than vanishing.
 */
export function normaliseName(s: string): string {
  let current = s;
  for (let i = 0; i < 20; i++) {
    const next = stripOnce(current);
    if (next === current) break;
    current = next;
  }
  return current === "" ? basic(s) : current;
}

/** The tokens of the bare name, in order. */
export function nameTokens(s: string): string[] {
  const n = normaliseName(s);
  return n === "" ? [] : n.split(" ");
}

/** Whether the raw name carries a business form (LLC, Inc, & Co…), before normalising takes it off. */
export function looksLikeBusiness(s: string): boolean {
  return basic(s)
    .split(" ")
    .some((w) => BUSINESS_WORDS.has(w));
}

const isInitial = (w: string) => w.length === 1;

function multisetEqual(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((w, i) => w === y[i]);
}

function positions(tokens: string[], test: (w: string) => boolean): number[] {
  const out: number[] = [];
  tokens.forEach((w, i) => {
    if (test(w)) out.push(i);
  });
  return out;
}

/**
 * Whether the first and last names sit together in the candidate: "robert hartwell", "robert j hartwell",
 * "robert james hartwell" (one unknown middle name, natural order only) or "hartwell robert [j]" (the
 * bank's LAST FIRST, with nothing but initials or the target's own middle names between).
 */
function personTogether(candidate: string[], first: string, last: string, middles: Set<string>): boolean {
  const firsts = positions(candidate, (w) => sameFirstName(w, first));
  const lasts = positions(candidate, (w) => w === last);
  for (const f of firsts) {
    for (const l of lasts) {
      if (f === l) continue;
      const between = candidate.slice(Math.min(f, l) + 1, Math.max(f, l));
      const unknown = between.filter((w) => !isInitial(w) && !middles.has(w)).length;
      if (unknown === 0 || (f < l && unknown === 1)) return true;
    }
  }
  return false;
}

/**
 * Whether a payee or bank description (candidate) names the registered person or business (target).
 * A person needs both the first (or a nickname of it) and the last name; a business needs every word.
 * `business` forces the business rule; otherwise it applies when the target carries a business form.
 */
export function matchesName(candidate: string, target: string, options: { business?: boolean } = {}): NameMatch {
  const c = nameTokens(candidate);
  const t = nameTokens(target);
  if (c.length === 0 || t.length === 0) return { match: false, strength: "none" };
  if (multisetEqual(c, t)) return { match: true, strength: "exact" };

  const business = options.business ?? looksLikeBusiness(target);
  const significant = t.filter((w) => !isInitial(w));
  const words = significant.length > 0 ? significant : t;

  if (business || words.length === 1) {
    if (words.every((w) => c.includes(w))) return { match: true, strength: "strong" };
    return { match: false, strength: words.some((w) => w.length > 1 && c.includes(w)) ? "weak" : "none" };
  }

  const first = words[0];
  const last = words[words.length - 1];
  const middles = new Set(words.slice(1, -1));
  if (personTogether(c, first, last, middles)) return { match: true, strength: "strong" };
  return { match: false, strength: c.includes(last) ? "weak" : "none" };
}

/** The best of several matches (a name and its aliases). */
export function bestMatch(matches: NameMatch[]): NameMatch {
  const rank: Record<MatchStrength, number> = { none: 0, weak: 1, strong: 2, exact: 3 };
  return matches.reduce<NameMatch>((best, m) => (rank[m.strength] > rank[best.strength] ? m : best), { match: false, strength: "none" });
}
