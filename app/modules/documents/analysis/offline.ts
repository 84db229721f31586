import * as chrono from "chrono-node";
import type { DocumentType } from "../schema";
import type { AnalysisFindings, ComplianceRequirement, DocumentAnalysis, ImportantDate, KeyProvision, Party, PartyRole } from "./schema";
import { PARTY_ROLES } from "./schema";
import { type Clause, findNames, NAME_PATTERN, parseClauses, parseNumberWords, splitSentences } from "./text-structure";

/**
 * The embedded analyzer: plain rules that really read the instrument (clauses, parties and their
 * shares, duties with deadlines and citations, dates through chrono-node, governing law). It never
 * sends the text anywhere, runs in the Worker in milliseconds, and says it is the offline engine.
 */
export const OFFLINE_ENGINE_VERSION = "1";
/** Beyond this many characters the offline reader stops and marks the analysis as truncated. */
export const OFFLINE_MAX_CHARS = 600_000;
const MAX_PROVISIONS = 40;
const MAX_DUTIES = 150;
const MAX_DATES = 150;
const MAX_QUOTE = 700;

export interface AnalysisHints {
  title?: string;
  fileName?: string;
}

interface Sentence {
  text: string;
  clause: Clause;
}

// ---- Document type ----------------------------------------------------------------------------

const TYPE_SIGNALS: { type: DocumentType; title: RegExp; body: RegExp }[] = [
  {
    type: "healthcare_directive",
    title: /advance (health care )?directive|health ?care (directive|proxy|power of attorney)|medical power of attorney|living will/i,
    body: /health ?care (agent|proxy|surrogate|decisions)|life-sustaining|artificial nutrition|resuscitat|end-of-life/gi,
  },
  { type: "power_of_attorney", title: /power of attorney/i, body: /attorney-in-fact|\bprincipal\b|power of attorney|\bagent\b/gi },
  { type: "will", title: /last will|\bwill and testament|\bcodicil\b/i, body: /testat(or|rix)|\bexecut(or|rix)\b|personal representative|bequeath|\bdevise/gi },
  { type: "trust", title: /\btrust\b/i, body: /\bsettlors?\b|\bgrantors?\b|\btrustors?\b|\btrustees?\b|\btrust estate\b/gi },
];

function detectType(heading: string | null, hints: AnalysisHints, text: string): DocumentType {
  const head = [heading, text.slice(0, 300)].filter(Boolean).join(" ");
  for (const signal of TYPE_SIGNALS) if (signal.title.test(head)) return signal.type;
  const scores = TYPE_SIGNALS.map((signal) => ({ type: signal.type, score: text.match(signal.body)?.length ?? 0 }));
  const best = scores.sort((a, b) => b.score - a.score)[0];
  if (best.score >= 3) return best.type;
  const named = [hints.title, hints.fileName].filter(Boolean).join(" ");
  for (const signal of TYPE_SIGNALS) if (signal.title.test(named)) return signal.type;
  return "other";
}

// ---- Dates ------------------------------------------------------------------------------------

const MAYBE_DATE = /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2}\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b/i;

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Calendar dates with a stated year, as written; chrono runs only on sentences that may hold one. */
function calendarDates(sentence: string): { iso: string; index: number }[] {
  if (!MAYBE_DATE.test(sentence)) return [];
  return chrono.strict
    .parse(sentence, new Date(Date.UTC(2000, 0, 1)))
    .filter((result) => result.start.isCertain("year") && result.start.isCertain("day"))
    .map((result) => ({ iso: iso(result.start.get("year")!, result.start.get("month")!, result.start.get("day")!), index: result.index }));
}

function describeDate(sentence: string, clause: Clause): string {
  if (/\b(dated|is made|made on|made this|entered into)\b/i.test(sentence)) return "Date of the instrument";
  if (/acknowledged|notar/i.test(sentence)) return "Acknowledged before a notary";
  if (/\b(signed|executed|in witness whereof)\b/i.test(sentence)) return "Signed";
  if (/\beffective\b/i.test(sentence)) return "Takes effect";
  if (/terminat|expire/i.test(sentence)) return "Ends";
  if (clause.title) return clause.title;
  return clause.reference ? `Mentioned in ${clause.reference}` : "Date mentioned in the document";
}

function findInstrumentDate(sentences: Sentence[]): string | null {
  const withDates = sentences.map((sentence) => ({ sentence, dates: calendarDates(sentence.text) })).filter((entry) => entry.dates.length);
  const made = withDates.find((entry) => /\b(dated|is made|made on|made this|entered into|executed on|signed on)\b/i.test(entry.sentence.text));
  return (made ?? withDates[0])?.dates[0]?.iso ?? null;
}

const AGE = /\b(?:attains?|attaining|reach(?:es)?|reaching|turns?|turning)\s+(?:the\s+)?age\s+(?:of\s+)?([a-z]+(?:-[a-z]+)?\s+)?\(?(\d{1,3})?\)?/gi;

function ageEvents(sentence: Sentence): ImportantDate[] {
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

// ---- Governing law ----------------------------------------------------------------------------

const PLACE = String.raw`([A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2})`;
const GOVERNED_BY = new RegExp(String.raw`governed by[^.;]*?\blaws?\s+of\s+(?:the\s+)?(?:State\s+of\s+|Commonwealth\s+of\s+|District\s+of\s+)?${PLACE}`);
const LAWS_OF = new RegExp(String.raw`\blaws?\s+of\s+(?:the\s+)?(?:State|Commonwealth)\s+of\s+${PLACE}`);
const STATE_CODE = /\b([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+(?:Probate|Estates|Civil|Family)\s+Code\b/g;

function findGoverningLaw(text: string): string | null {
  const stated = GOVERNED_BY.exec(text) ?? LAWS_OF.exec(text);
  if (stated) return stated[1];
  const counts = new Map<string, number>();
  for (const match of text.matchAll(STATE_CODE)) counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

// ---- Citations and duties ---------------------------------------------------------------------

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

const OBLIGATION = /\b(shall|must|is required to|are required to|agrees? to)\s+(?!(?:be|have|not|never|serve as|serve without|act as|become|terminate|forfeit|remain|receive|lapse|pass|vest|continue|apply|include|mean|constitute)\b)([a-z])/g;

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

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20))}…`;
}

function capitalise(text: string): string {
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

function findDuties(sentence: Sentence): ComplianceRequirement | null {
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

// ---- Parties ----------------------------------------------------------------------------------

const DEFINED_TERM = /\((?:collectively\s+|together\s+|jointly\s+|individually\s+)?(?:the\s+|each\s+a\s+|my\s+)?["“]([A-Za-z -]+?)["”]\)/g;
const ROLE_WORDS: [RegExp, PartyRole][] = [
  [/^(settlors?|grantors?|trustors?|trustmakers?)$/i, "settlor"],
  [/^successor (trustees?)$/i, "successor_trustee"],
  [/^(co-?)?trustees?$/i, "trustee"],
  [/^principal$/i, "principal"],
  [/^successor (agent|attorney-in-fact)$/i, "successor_agent"],
  [/^(health ?care )(agent|proxy|surrogate)$/i, "health_care_agent"],
  [/^(agent|attorney-in-fact)$/i, "agent"],
  [/^(testator|testatrix)$/i, "testator"],
  [/^(executor|executrix|personal representative)$/i, "executor"],
  [/^guardian$/i, "guardian"],
  [/^beneficiar(y|ies)$/i, "beneficiary"],
];

function roleOf(term: string, type: DocumentType): PartyRole | null {
  const role = ROLE_WORDS.find(([pattern]) => pattern.test(term.trim()))?.[1] ?? null;
  return role === "agent" && type === "healthcare_directive" ? "health_care_agent" : role;
}

// Spelled with both cases by hand: the name patterns around it must stay case-sensitive.
const ROLE_PHRASE = String.raw`((?:[Ss]uccessor\s+)?(?:[Cc]o-?[Tt]rustee|[Tt]rustee|[Aa]gent|[Aa]ttorney-in-[Ff]act|[Ee]xecut(?:or|rix)|[Pp]ersonal\s+[Rr]epresentative|[Gg]uardian|[Hh]ealth\s?[Cc]are\s+(?:[Aa]gent|[Pp]roxy|[Ss]urrogate)))`;
const SERVES_AS = new RegExp(
  `${NAME_PATTERN}\\s+(?:shall|will|is to|may)\\s+(?:serve|act|become)\\s+as\\s+(?:the\\s+|a\\s+)?(?:(?:first|second|third|next|sole|alternate|initial)\\s+)?${ROLE_PHRASE}`,
  "g",
);
const APPOINTS = new RegExp(
  `\\b(?:appoints?|names?|nominates?|designates?)\\s+${NAME_PATTERN}\\s*,?\\s+as\\s+(?:(?:her|his|their|my|our|the|a)\\s+)?(?:(?:first|second|alternate|sole)\\s+)?${ROLE_PHRASE}`,
  "g",
);
const ORG_SERVES_AS = new RegExp(`((?:[A-Z][A-Za-z&'’-]+\\s+){1,5}(?:Trust Company|Bank|Company|Corporation|Association|N\\.A\\.|Inc\\.|LLC))\\s+(?:shall|will|is to|may)\\s+(?:serve|act|become)\\s+as\\s+(?:the\\s+|a\\s+)?(?:(?:first|second|next|sole|alternate)\\s+)?${ROLE_PHRASE}`, "g");
const BENEFICIARIES_ARE = /\bbeneficiar(?:y|ies)\s+(?:is|are|shall be|include|includes)\b|\bfor the (?:sole )?benefit of\b/i;
const PERCENT_SHARE = new RegExp(String.raw`(\d{1,3}(?:\.\d+)?)\s*%\)?\s*(?:of\s+[^.;%]{0,60}?\s+)?(?:for|to)\s+${NAME_PATTERN}`, "g");
const FRACTION_SHARE = new RegExp(
  String.raw`\b([Oo]ne[- ]half|[Oo]ne[- ]third|[Tt]wo[- ]thirds|[Oo]ne[- ]quarter|[Oo]ne[- ]fourth|[Tt]hree[- ]quarters)\s*(?:\(\d+\/\d+\))?\s*(?:of\s+[^.;]{0,60}?\s+)?(?:for|to)\s+${NAME_PATTERN}`,
  "g",
);
const SIGNATURE = new RegExp(`^${NAME_PATTERN},\\s+(Settlor|Grantor|Trustor|Trustee|Co-Trustee|Principal|Agent|Testator|Testatrix|Executor)(?:\\s+and\\s+(Trustee|Co-Trustee|Settlor))?\\s*$`, "gm");
/** "I, Rosa M. Delgado, of …": the person speaking in a will, directive or power of attorney. */
const FIRST_PERSON = new RegExp(`^I,\\s+${NAME_PATTERN},`);
const FIRST_PERSON_ROLE: Partial<Record<DocumentType, PartyRole>> = { will: "testator", power_of_attorney: "principal", healthcare_directive: "principal" };
const TERM_ALSO_SERVES = /\bthe\s+(Settlors?|Grantors?|Trustors?)\s+(?:shall|will)\s+(?:serve|act)\s+as\s+(?:the\s+)?(?:initial\s+)?(?:co-?)?trustees?/i;

function roleFromPhrase(phrase: string, type: DocumentType): PartyRole | null {
  const lower = phrase.toLowerCase().replace(/\s+/g, " ");
  const successor = lower.startsWith("successor ");
  const base = lower.replace(/^successor /, "");
  if (/trustee/.test(base)) return successor ? "successor_trustee" : "trustee";
  if (/health ?care/.test(base)) return "health_care_agent";
  if (/agent|attorney-in-fact/.test(base)) return successor ? "successor_agent" : type === "healthcare_directive" ? "health_care_agent" : "agent";
  if (/executor|executrix|personal representative/.test(base)) return "executor";
  if (/guardian/.test(base)) return "guardian";
  return null;
}

class PartyList {
  private entries: (Party & { seen: number })[] = [];
  private counter = 0;
  private successorCount = new Map<PartyRole, number>();

  add(name: string, role: PartyRole, share: string | null = null) {
    const existing = this.entries.find((entry) => entry.name === name && entry.role === role);
    if (existing) {
      existing.share ??= share;
      return;
    }
    let order: number | null = null;
    if (role === "successor_trustee" || role === "successor_agent") {
      order = (this.successorCount.get(role) ?? 0) + 1;
      this.successorCount.set(role, order);
    }
    this.entries.push({ name, role, order, share, seen: this.counter++ });
  }

  named(role: PartyRole): string[] {
    return this.entries.filter((entry) => entry.role === role).map((entry) => entry.name);
  }

  list(): Party[] {
    return this.entries
      .sort((a, b) => PARTY_ROLES.indexOf(a.role) - PARTY_ROLES.indexOf(b.role) || (a.order ?? 0) - (b.order ?? 0) || a.seen - b.seen)
      .map(({ seen: _seen, ...party }) => party);
  }
}

function findParties(text: string, sentences: Sentence[], type: DocumentType): Party[] {
  const parties = new PartyList();
  const byTerm = new Map<PartyRole, string[]>();

  for (const { text: sentence } of sentences) {
    // "Eleanor M. Hartwell and Thomas J. Hartwell, residents of … (together the "Settlors")"
    let segmentStart = 0;
    for (const match of sentence.matchAll(DEFINED_TERM)) {
      const role = roleOf(match[1], type);
      const segment = sentence.slice(segmentStart, match.index);
      segmentStart = (match.index ?? 0) + match[0].length;
      if (!role) continue;
      const names = findNames(segment.slice(Math.max(0, segment.search(/\b(?:appoints?|names?|designates?|nominates?)\b/)))).map((n) => n.name);
      for (const name of names) parties.add(name, role);
      if (names.length) byTerm.set(role, names);
    }
    const speaker = FIRST_PERSON.exec(sentence);
    const speakerRole = FIRST_PERSON_ROLE[type];
    if (speaker && speakerRole) {
      const name = findNames(speaker[1])[0]?.name;
      if (name) parties.add(name, speakerRole);
    }
    if (TERM_ALSO_SERVES.test(sentence)) for (const name of byTerm.get("settlor") ?? []) parties.add(name, "trustee");

    const appointments = [...sentence.matchAll(SERVES_AS), ...sentence.matchAll(APPOINTS), ...sentence.matchAll(ORG_SERVES_AS)].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    for (const match of appointments) {
      const name = findNames(match[1])[0]?.name ?? null;
      const role = roleFromPhrase(match[2], type);
      if (name && role) parties.add(name, role);
    }

    const named = BENEFICIARIES_ARE.exec(sentence);
    if (named) for (const { name } of findNames(sentence.slice(named.index))) parties.add(name, "beneficiary");

    for (const match of sentence.matchAll(PERCENT_SHARE)) {
      const name = findNames(match[2])[0]?.name;
      if (name) parties.add(name, "beneficiary", `${match[1]}%`);
    }
    for (const match of sentence.matchAll(FRACTION_SHARE)) {
      const name = findNames(match[2])[0]?.name;
      if (name) parties.add(name, "beneficiary", match[1].toLowerCase().replace(" ", "-"));
    }
  }

  // Signature blocks: "Eleanor M. Hartwell, Settlor and Trustee".
  for (const match of text.matchAll(SIGNATURE)) {
    const name = findNames(match[1])[0]?.name;
    if (!name) continue;
    for (const term of [match[2], match[3]].filter(Boolean)) {
      const role = roleOf(term, type);
      if (role) parties.add(name, role);
    }
  }
  return parties.list();
}

// ---- Key provisions ---------------------------------------------------------------------------

interface ProvisionKind {
  id: string;
  title: string;
  test: RegExp;
}

/** What makes a clause a key provision, and the name it gets when it has no heading of its own. */
const PROVISION_KINDS: ProvisionKind[] = [
  { id: "spendthrift", title: "Spendthrift clause", test: /spendthrift|anticipate,? assign,? or encumber|claims of any creditor/i },
  { id: "no_contest", title: "No-contest clause", test: /no[- ]contest|in terrorem|\bcontests? (?:this|the validity)/i },
  { id: "hems", title: "Health, education, maintenance and support", test: /health,? education,? maintenance,? (?:and|or) support/i },
  { id: "successors", title: "Successor trustees", test: /successor (?:trustee|agent|executor)/i },
  { id: "ages", title: "Distributions at stated ages", test: /\b(?:attains?|reach(?:es)?)\s+(?:the\s+)?age\b/i },
  { id: "shares", title: "Division into shares", test: /\d+\s*%|equal shares|one[- ]half|per stirpes/i },
  { id: "beneficiaries", title: "Beneficiaries", test: /\bbeneficiar(?:y|ies)\s+(?:is|are|shall be|include)/i },
  { id: "revocation", title: "Revocation and amendment", test: /\brevok|\brevocation|\bamend/i },
  { id: "gift_limit", title: "Limit on gifts", test: /\bgifts?\b[^.]*\$\s?[\d,]+|\$\s?[\d,]+[^.]*\bgifts?\b/i },
  { id: "durability", title: "Durability", test: /\bdurab|not (?:be )?affected by (?:the )?(?:subsequent )?(?:disability|incapacity)/i },
  { id: "powers", title: "Powers", test: /\bpowers?\b[^.]*\b(?:conferred|granted|may act|to sell)|\bmay act for\b/i },
  { id: "accounting", title: "Accounting", test: /\baccount(?:ing)?\b[^.]*\b(?:annually|request|beneficiar|principal)/i },
  { id: "notice", title: "Notice", test: /\bnotif(?:y|ication)\b|\bserve[^.]*notice/i },
  { id: "tax", title: "Tax returns", test: /tax returns?|\bForm \d{3,4}\b|Schedule K-1/i },
  { id: "distributions", title: "Distributions", test: /\bdistribut|\bpay to or for\b/i },
  { id: "governing_law", title: "Governing law", test: /governed by[^.]*laws? of/i },
  { id: "termination", title: "Termination", test: /\bterminat/i },
  { id: "bond", title: "Bond", test: /\bbond\b/i },
  { id: "compensation", title: "Compensation", test: /compensat/i },
  { id: "perpetuities", title: "Perpetuities", test: /perpetuit|twenty-one \(21\) years/i },
  { id: "appointment", title: "Appointment", test: /\b(?:appoints?|designates?|nominates?)\b/i },
];

function quote(body: string): string {
  if (body.length <= MAX_QUOTE) return body;
  // Whole sentences only, so the quote stays word for word and can be found in the text.
  let kept = "";
  for (const sentence of splitSentences(body)) {
    if (kept && kept.length + sentence.length + 1 > MAX_QUOTE) break;
    kept = kept ? `${kept} ${sentence}` : sentence;
  }
  return kept.length > MAX_QUOTE * 2 ? kept.slice(0, MAX_QUOTE) : kept;
}

function findProvisions(clauses: Clause[]): { provisions: KeyProvision[]; kinds: Set<string> } {
  const provisions: KeyProvision[] = [];
  const kinds = new Set<string>();
  for (const clause of clauses) {
    if (!clause.reference || /^Schedule|^Exhibit/.test(clause.reference)) continue;
    const kind = PROVISION_KINDS.find((candidate) => candidate.test.test(`${clause.title ?? ""}. ${clause.body}`));
    if (!kind) continue;
    kinds.add(kind.id);
    if (provisions.length < MAX_PROVISIONS) provisions.push({ reference: clause.reference, title: clause.title ?? kind.title, text: quote(clause.body) });
  }
  return { provisions, kinds };
}

// ---- Summary ----------------------------------------------------------------------------------

const TYPE_PHRASE: Record<DocumentType, string> = {
  trust: "trust instrument",
  will: "will",
  power_of_attorney: "power of attorney",
  healthcare_directive: "health care directive",
  other: "legal document",
};

function list(items: string[], joiner: "and" | "then" = "and"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")}${joiner === "then" ? ", then" : " and"} ${items[items.length - 1]}`;
}

function longDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  return `${months[month - 1]} ${day}, ${year}`;
}

function summarise(input: {
  name: string;
  type: DocumentType;
  instrumentDate: string | null;
  governingLaw: string | null;
  parties: Party[];
  kinds: Set<string>;
  clauses: Clause[];
  duties: ComplianceRequirement[];
  ages: number[];
}): string {
  const { parties } = input;
  const named = (role: PartyRole) => parties.filter((party) => party.role === role);
  const names = (role: PartyRole) => named(role).map((party) => party.name);
  const sentences: string[] = [];
  const opening = `${input.name} is a ${TYPE_PHRASE[input.type]}`;
  const when = input.instrumentDate ? ` dated ${longDate(input.instrumentDate)}` : "";
  const law = input.governingLaw ? `, governed by ${input.governingLaw} law` : "";
  sentences.push(`${opening}${when}${law}.`);

  const roleSentences: [PartyRole, string, string][] = [
    ["settlor", "Settlor", "Settlors"],
    ["testator", "Testator", "Testators"],
    ["principal", "Principal", "Principals"],
    ["trustee", "Trustee", "Trustees"],
    ["agent", "Agent", "Agents"],
    ["health_care_agent", "Health care agent", "Health care agents"],
    ["executor", "Executor", "Executors"],
    ["guardian", "Guardian", "Guardians"],
  ];
  for (const [role, one, many] of roleSentences) {
    const found = names(role);
    if (found.length) sentences.push(`${found.length > 1 ? many : one}: ${list(found)}.`);
  }
  for (const [role, label] of [
    ["successor_trustee", "Successor trustees"],
    ["successor_agent", "Successor agents"],
  ] as const) {
    const found = names(role);
    if (found.length === 1) sentences.push(`${label.slice(0, -1)}: ${found[0]}.`);
    if (found.length > 1) sentences.push(`${label}, in order: ${list(found, "then")}.`);
  }
  const beneficiaries = named("beneficiary").map((party) => (party.share ? `${party.name} (${party.share})` : party.name));
  if (beneficiaries.length) sentences.push(`Beneficiaries: ${list(beneficiaries)}.`);

  const notable: string[] = [];
  if (input.kinds.has("hems")) notable.push("distributions for health, education, maintenance and support");
  if (input.ages.length) notable.push(`distributions at ages ${list(input.ages.map(String))}`);
  if (input.kinds.has("spendthrift")) notable.push("a spendthrift clause");
  if (input.kinds.has("no_contest")) notable.push("a no-contest clause");
  if (input.kinds.has("durability")) notable.push("durability if the principal becomes incapacitated");
  const gift = input.clauses.find((clause) => PROVISION_KINDS.find((kind) => kind.id === "gift_limit")!.test.test(clause.body));
  const giftLimit = gift?.body.match(/\$\s?[\d,]+(?:\.\d{2})?(?:\s+per\s+[a-z]+(?:\s+per\s+[a-z]+(?:\s+[a-z]+)?)?)?/)?.[0];
  if (giftLimit) notable.push(`a gift limit of ${giftLimit}`);
  if (notable.length) sentences.push(`It provides for ${list(notable)}.`);

  if (input.duties.length) {
    const dated = input.duties.filter((duty) => duty.due).length;
    const cited = input.duties.filter((duty) => duty.citation).length;
    sentences.push(
      `It sets out ${input.duties.length} ${input.duties.length === 1 ? "duty" : "duties"}` +
        (dated ? `, ${dated} with a deadline` : "") +
        (cited ? ` and ${cited} citing the law behind ${cited === 1 ? "it" : "them"}` : "") +
        ".",
    );
  }
  return sentences.join(" ");
}

// ---- The analyzer -----------------------------------------------------------------------------

export function analyzeOffline(fullText: string, hints: AnalysisHints = {}): DocumentAnalysis {
  const truncated = fullText.length > OFFLINE_MAX_CHARS;
  const text = truncated ? fullText.slice(0, OFFLINE_MAX_CHARS) : fullText;
  const { heading, clauses } = parseClauses(text);
  const sentences: Sentence[] = clauses.flatMap((clause) => splitSentences(clause.body).map((sentence) => ({ text: sentence, clause })));
  const documentType = detectType(heading, hints, text);

  const parties = findParties(text, sentences, documentType);
  const { provisions, kinds } = findProvisions(clauses);
  const complianceRequirements = sentences
    .map(findDuties)
    .filter((duty): duty is ComplianceRequirement => duty !== null)
    .slice(0, MAX_DUTIES);
  const instrumentDate = findInstrumentDate(sentences);
  const governingLaw = findGoverningLaw(text);

  // Calendar dates (one entry per day, its events joined), ages, and the duties' deadlines.
  const byDay = new Map<string, ImportantDate>();
  for (const sentence of sentences) {
    for (const found of calendarDates(sentence.text)) {
      const description = describeDate(sentence.text, sentence.clause);
      const entry = byDay.get(found.iso);
      if (!entry) byDay.set(found.iso, { date: found.iso, description, sourceText: sentence.text });
      else if (!entry.description.split("; ").includes(description)) entry.description += `; ${description}`;
    }
  }
  const ageDates = sentences.flatMap(ageEvents);
  const deadlines: ImportantDate[] = complianceRequirements
    .filter((duty) => duty.due && !/^upon/i.test(duty.due))
    .map((duty) => ({ date: null, description: `${capitalise(duty.due!)}: ${withoutDue(duty.duty, duty.due!)}`, sourceText: duty.sourceText }));
  const importantDates = [...[...byDay.values()].sort((a, b) => a.date!.localeCompare(b.date!)), ...ageDates, ...deadlines].slice(0, MAX_DATES);

  const name = heading ?? hints.title ?? "This document";
  const ages = ageDates.map((event) => Number(/turns (\d+)/.exec(event.description)?.[1])).filter(Boolean);
  const findings: AnalysisFindings = {
    documentType,
    summary: summarise({ name, type: documentType, instrumentDate, governingLaw, parties, kinds, clauses, duties: complianceRequirements, ages }),
    governingLaw,
    instrumentDate,
    keyProvisions: provisions,
    complianceRequirements,
    importantDates,
    parties,
  };
  return { ...findings, engine: { id: "offline", model: null, version: OFFLINE_ENGINE_VERSION }, truncated };
}

