/**
 * Reading the shape of a legal instrument: headings, numbered clauses, sentences and names. Plain
 * rules, no model: the offline analyzer builds on these, and each is small enough to test alone.
 */

/** One sentence of the text and the clause it is in (so findings can cite the clause). */
export interface Sentence {
  text: string;
  clause: Clause;
}

export interface Clause {
  /** "Article Six, Section 6.1", "Section 4" or null for an unnumbered paragraph. */
  reference: string | null;
  /** The clause's own heading ("Spendthrift Clause"), when it has one. */
  title: string | null;
  /** The clause's words as written, without its number and heading. */
  body: string;
  /** The heading of the part the clause sits in ("Article Four — Distributions …", "Schedule A"). */
  part: string | null;
}

const SMALL_WORDS = new Set(["a", "an", "and", "as", "at", "by", "for", "in", "into", "of", "on", "or", "the", "to", "with", "upon"]);
const PART_HEADING = /^(ARTICLE|Article|PART|Part|SCHEDULE|Schedule|EXHIBIT|Exhibit)\s+([A-Z0-9]+|[A-Za-z]+)\b\s*(?:[—–:.-]\s*)?(.*)$/;
const NUMBERED = /^(?:(?:Section|SECTION|Sec\.|§)\s*)?(\d{1,3}(?:\.\d{1,3})*)[.)]?\s+(\S.*)$/;
const CLAUSE_TITLE = /^([A-Z][A-Za-z'’-]*(?:,?\s+[A-Za-z][A-Za-z'’-]*){0,7})\.\s+(\S.*)$/;

export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .split(/(\s+)/)
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.replace(/^(\p{L})/u, (c) => c.toUpperCase())))
    .join("");
}

function isShouting(line: string): boolean {
  const letters = line.replace(/[^A-Za-z]/g, "");
  return letters.length >= 3 && letters === letters.toUpperCase() && line.split(/\s+/).length <= 14;
}

/** "Spendthrift Clause" or "Appointment of Agent" are headings; "While both Settlors are living" is not. */
function isTitleCase(candidate: string): boolean {
  const words = candidate.replace(/,/g, "").split(/\s+/);
  return words.every((word, i) => /^[A-Z]/.test(word) || (i > 0 && SMALL_WORDS.has(word.toLowerCase())));
}

/** Cuts the text into clauses: numbered sections with their headings, and plain paragraphs. */
export function parseClauses(text: string): { heading: string | null; clauses: Clause[] } {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const clauses: Clause[] = [];
  let heading: string | null = null;
  let part: string | null = null;
  let current: Clause | null = null;
  let previousBlank = true;

  const close = () => {
    if (current && current.body.trim()) clauses.push({ ...current, body: current.body.trim() });
    current = null;
  };

  for (const raw of lines) {
    const line = raw.trim();
    if (!line) {
      previousBlank = true;
      continue;
    }
    const partMatch = PART_HEADING.exec(line);
    if ((partMatch && (isShouting(line) || partMatch[3] === "")) || (isShouting(line) && !NUMBERED.test(line))) {
      close();
      if (partMatch) {
        const label = titleCase(`${partMatch[1]} ${partMatch[2]}`);
        part = partMatch[3] ? `${label} — ${titleCase(partMatch[3])}` : label;
      } else if (heading === null && clauses.length === 0) {
        heading = titleCase(line);
      } else {
        part = titleCase(line);
      }
      previousBlank = true;
      continue;
    }
    const numbered = NUMBERED.exec(line);
    if (numbered) {
      close();
      const number = numbered[1];
      const partLabel = part?.split(" — ")[0] ?? null;
      const section = partLabel?.startsWith("Schedule") || partLabel?.startsWith("Exhibit") ? `${partLabel}, item ${number}` : `Section ${number}`;
      const reference = partLabel?.startsWith("Article") ? `${partLabel}, ${section}` : section;
      const titled = CLAUSE_TITLE.exec(numbered[2]);
      current = titled && isTitleCase(titled[1]) ? { reference, title: titled[1], body: titled[2], part } : { reference, title: null, body: numbered[2], part };
      previousBlank = false;
      continue;
    }
    if (current && !previousBlank) {
      (current as Clause).body += ` ${line}`;
    } else {
      close();
      current = { reference: part?.startsWith("Article") ? part.split(" — ")[0] : null, title: null, body: line, part };
    }
    previousBlank = false;
  }
  close();
  return { heading, clauses };
}

const ABBREVIATIONS = /(?:^|\s)(?:[A-Z]|No|Nos|Mr|Mrs|Ms|Dr|St|Inc|Co|Corp|Ltd|Jr|Sr|Sec|Art|cf|e\.g|i\.e|U\.S|vs|v)\.$/;

/** Sentences of a clause; initials ("Eleanor M. Hartwell") and common abbreviations do not end one. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  const boundary = /[.!?]["”’)]?\s+(?=["“(]?[A-Z0-9])/g;
  let start = 0;
  for (let match = boundary.exec(text); match; match = boundary.exec(text)) {
    const candidate = text.slice(start, match.index + 1);
    if (ABBREVIATIONS.test(candidate)) continue;
    sentences.push(text.slice(start, match.index + match[0].trimEnd().length).trim());
    start = match.index + match[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

// ---- Names ----------------------------------------------------------------------------------

// "McAllister", "DeLuca", "O'Brien", "Hartwell-Chen": a capital inside a name does not start a new one.
const WORD = String.raw`(?:(?:[A-Z]['’])?[A-Z][a-z]+(?:[A-Z][a-z]+)?(?:[-'’][A-Z][a-z]+)*|[A-Z]\.)`;
/** A run of capitalised words and initials: a name candidate, checked by `asPartyName`. */
export const NAME_PATTERN = String.raw`(${WORD}(?:\s+${WORD}){1,4})`;

/** Words that may stand before a name in a sentence ("If Chidi E. Okafor …"): trimmed off. */
const LEADING_WORDS = new Set(
  "If When Upon Unless Until After Before While Should Then And Or But The This That These Those Each Any Either Neither Both My Our Her His Their Its I We Signed Dated Witness Whereas Now Therefore Notwithstanding Except Provided Also Thereafter Otherwise Either".split(
    " ",
  ),
);

/** Words that make a capitalised run a place, a statute, a role or an instrument, never a person. */
const NOT_PERSON_WORDS = new Set(
  (
    "County State States City Town Road Street Avenue Lane Drive Boulevard Court Way Suite Code Codes Probate Estates Civil Family Revenue Taxation Internal Service Section Sections Article Schedule Exhibit Form Forms " +
    "Trust Trusts Trustee Trustees Settlor Settlors Grantor Grantors Trustor Trustors Beneficiary Beneficiaries Principal Agent Agents Attorney Power Powers Durable General Limited Special Testator Testatrix Executor Executrix " +
    "Personal Representative Guardian Conservator Directive Declaration Revocable Irrevocable Living Bypass Survivor Marital Credit Shelter Family Last Testament Codicil Amendment Restatement Instrument Agreement " +
    "Health Care Medical Education Maintenance Support Account Accounts Securities Bank Company Corporation Association Notary Public Court Superior District Department Office Internal Revenue Social Security " +
    "January February March April June July August September October November December Monday Tuesday Wednesday Thursday Friday Saturday Sunday " +
    "Deed Deeds Settlement Witnesses Statutes Statute Act Dollars Pounds Thousand Hundred Million Place Terrace Circle Trail " +
    "Clause Governing Laws Compensation Notice Accounting Tax Taxes Distribution Distributions Gifts Termination Durability Appointment Residence Brokerage Checking Savings Whereof Acknowledged"
  ).split(" "),
);

/** "Inc.", "LLC", "N.A.": the legal form written after a company's name, part of it. */
const COMPANY_SUFFIX = String.raw`(?:Inc\.|Incorporated|LLC|L\.L\.C\.|N\.A\.|LLP|Ltd\.?|Limited|plc|PLC|Corp\.)`;
const ORG_KIND = String.raw`(?:Trust Company|Bank|Company|Corporation|Foundation|Association|Society|University|Church|Hospital|Credit Union|Council|Conservancy|Partners|Services|Fund|Shelter|Institute|Museum|Library|School|College|Academy|Center|Centre|Clinic|Mission)`;
/** An organisation's name: capitalised words ending in a kind of body or a legal form, with "of Delaware" or ", Inc." after it. */
export const ORG_PATTERN = String.raw`((?:[A-Z][A-Za-z&'’.-]*\s+){1,5}(?:${ORG_KIND}(?:,?\s+${COMPANY_SUFFIX})?(?:\s+of\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\b)?|[A-Z][A-Za-z&'’-]*,?\s+${COMPANY_SUFFIX}))`;
const ORGANISATION = new RegExp(ORG_PATTERN, "g");

const US_STATES =
  "Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia Hawaii Idaho Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan Minnesota Mississippi Missouri Montana Nebraska Nevada Ohio Oklahoma Oregon Pennsylvania Tennessee Texas Utah Vermont Virginia Washington Wisconsin Wyoming".split(
    " ",
  );
/** Places a capitalised run may be, never a person: states, two-word states, the nations of the United Kingdom. */
const PLACES = new Set([
  ...US_STATES,
  ..."New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Rhode Island|South Carolina|South Dakota|West Virginia|District of Columbia|England|Wales|Scotland|Northern Ireland|England and Wales|United States|United Kingdom".split(
    "|",
  ),
]);
const STATE_NAMES = [...PLACES].sort((a, b) => b.length - a.length).join("|");
/** What follows a town in an address: ", Cook County", ", Texas", ", New York 10021". */
const PLACE_AFTER = new RegExp(String.raw`^,?\s+(?:[A-Z][a-z]+(?:[- ][A-Z][a-z]+)*\s+County\b|(?:${STATE_NAMES})(?![a-z])(?!\s+[A-Z][a-z]))`);
/** What comes before an address: "of", "at", "residing in", a house number. */
const PLACE_BEFORE =
  /(?:(?<!\b(?:benefit|behalf|use|children|child|son|daughter|spouse|wife|husband|estate)\s)\b(?:of|at|in|near)\s+(?:the\s+)?(?:\d+[A-Za-z]?\s+)?|\b(?:County|City|Village|Town|Borough)\s+of\s+)$/;

/** A state or nation whose law may govern ("Texas", "New York", "England and Wales"). */
export const isJurisdiction = (name: string) => PLACES.has(name);

/** A town, county or state in running text ("of San Antonio, Bexar County, Texas"): never a party. */
export function isPlace(name: string, before: string, after: string): boolean {
  return PLACES.has(name) || PLACE_AFTER.test(after) || /\b(?:County|City|Village|Town|Borough)\s+of\s+$/.test(before);
}

/** An address or place in a list of parties: preceded by "of" / "at" / a house number. */
export const isAddressed = (before: string) => PLACE_BEFORE.test(before);

/**
 * A person's name from a capitalised run ("If Chidi E. Okafor" → "Chidi E. Okafor"), or null when
 * the run is a place, statute, role or date ("Alameda County", "Probate Code", "June").
 */
export function asPartyName(candidate: string): string | null {
  const words = candidate.trim().split(/\s+/);
  while (words.length && LEADING_WORDS.has(words[0])) words.shift();
  if (words.length < 2) return null;
  if (words.some((word) => NOT_PERSON_WORDS.has(word.replace(/[’']s$/, "")))) return null;
  if (/^[A-Z]\.$/.test(words[0]) && words.length < 3) return null;
  if (/^[A-Z]\.$/.test(words[words.length - 1])) return null;
  const name = words.join(" ");
  return PLACES.has(name) ? null : name;
}

/** Organisations named as parties ("First Pacific Trust Company"). */
export function findOrganisations(text: string): { name: string; index: number }[] {
  const found: { name: string; index: number }[] = [];
  for (const match of text.matchAll(ORGANISATION)) {
    const words = match[1].trim().split(/\s+/);
    while (words.length && LEADING_WORDS.has(words[0])) words.shift();
    if (words.length >= 2) found.push({ name: words.join(" "), index: (match.index ?? 0) + match[1].indexOf(words[0]) });
  }
  return found;
}

/** Every person and organisation named in a piece of text, in order of appearance. */
export function findNames(text: string): { name: string; index: number }[] {
  const found: { name: string; index: number }[] = [];
  const organisations = findOrganisations(text);
  for (const match of text.matchAll(new RegExp(NAME_PATTERN, "g"))) {
    const index = match.index ?? 0;
    if (organisations.some((org) => index >= org.index && index < org.index + org.name.length)) continue;
    const name = asPartyName(match[1]);
    if (!name) continue;
    const at = index + match[1].indexOf(name);
    if (isPlace(name, text.slice(Math.max(0, at - 20), at), text.slice(at + name.length, at + name.length + 40))) continue;
    found.push({ name, index: at });
  }
  return [...found, ...organisations].sort((a, b) => a.index - b.index);
}

const KEEP_CAPS = new Set(["LLC", "LLP", "PLC", "N.A.", "L.L.C.", "II", "III", "IV", "USA", "U.S."]);
const CAPS_SUFFIX = String.raw`(?:INC\.|INCORPORATED|LLC|L\.L\.C\.|N\.A\.|LLP|LTD\.?|LIMITED|PLC|CORP\.)`;
/** Two or more words in capitals ("ROSA M. DELGADO", "HUDSON VALLEY LAND CONSERVANCY, INC."). */
const CAPS_RUN = new RegExp(String.raw`\b[A-Z][A-Z'’-]*\.?(?:(?:[ \t]+|,[ \t]+(?=${CAPS_SUFFIX}))(?:[A-Z][A-Z'’-]*\.?|&))+`, "g");

function capitalise(word: string, first: boolean): string {
  if (KEEP_CAPS.has(word)) return word;
  const lower = word.toLowerCase();
  if (!first && SMALL_WORDS.has(lower)) return lower;
  // "MIAMI-DADE" → "Miami-Dade", "O'BRIEN" → "O'Brien", but "CHILDREN'S" → "Children's".
  return lower
    .split(/([-'’])/)
    .map((part, i) => (i === 0 || part.length >= 2 ? part.charAt(0).toUpperCase() + part.slice(1) : part))
    .join("");
}

/**
 * Names written in capitals ("by ROSA M. DELGADO, as grantor", "HUDSON VALLEY LAND CONSERVANCY, INC.") in title case,
 * so the name rules read them; every other character stays where it was (the result has the same length).
 */
export function uncapNames(text: string): string {
  return text.replace(CAPS_RUN, (run) => {
    const parts = run.split(/([ \t]+|,[ \t]+)/);
    // Longer than any name: a sentence in capitals ("THE TRUSTEE SHALL NOT BE LIABLE …"), left as written.
    if (parts.filter((w) => /\S/.test(w) && !/^,?[ \t]/.test(w)).length > 8) return run;
    if (parts.filter((w) => /^[A-Z]{2}/.test(w)).length < 1 || parts.filter((w) => /\S/.test(w) && !/^,?[ \t]/.test(w)).length < 2) return run;
    let first = true;
    return parts
      .map((w) => {
        if (!/^[A-Z]/.test(w)) return w;
        const out = /^[A-Z]\.$/.test(w) ? w : capitalise(w, first);
        first = false;
        return out;
      })
      .join("");
  });
}

/** One to ninety in words: the counts legal texts spell out ("sixty (60) days"). */
export const CARDINAL_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const NUMBER_WORDS: Record<string, number> = { ...CARDINAL_WORDS, hundred: 100 };

/** "twenty-five" → 25, "30" → 30; null when it is not a number. */
export function parseNumberWords(text: string): number | null {
  const trimmed = text.trim().toLowerCase();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  let total = 0;
  for (const part of trimmed.split(/[\s-]+/)) {
    const value = NUMBER_WORDS[part];
    if (value === undefined) return null;
    total = value === 100 ? Math.max(total, 1) * 100 : total + value;
  }
  return total || null;
}
