/** Parties: settlors, trustees and their successors, agents, executors, beneficiaries and their shares, from defined terms, appointments and signature blocks. */
import type { DocumentType } from "../schema";
import type { Party, PartyRole } from "./schema";
import { PARTY_ROLES, SUCCESSOR_ROLES } from "./schema";
import { equalShare, equalSharesEach, giftsIn, nameAtStart, RELATION } from "./parties-gifts";
import { asRoleNames, definedParties, definedTerms, labelledParty, listedNames, ordinalSuccessors, speakerCoTrustee } from "./parties-preamble";
import { findNames, NAME_PATTERN, ORG_PATTERN, type Sentence, uncapNames } from "./text-structure";

const DEFINED_TERM = /\((?:(?:collectively|together|jointly|individually),?\s+)?(?:the\s+|each\s+a\s+|my\s+)?["“](?:the\s+)?([A-Za-z -]+?)["”]\)/g;
const ROLE_WORDS: [RegExp, PartyRole][] = [
  [/^(settlors?|grantors?|trustors?|trustmakers?)$/i, "settlor"],
  [/^successor (trustees?)$/i, "successor_trustee"],
  [/^(?:(?:authori[sz]ed|continuing|new|original|initial|additional|present|sole)\s+)?(co-?)?trustees?$/i, "trustee"],
  [/^principal$/i, "principal"],
  [/^successor (agent|attorney-in-fact)$/i, "successor_agent"],
  [/^(health ?care )(agent|proxy|surrogate)$/i, "health_care_agent"],
  [/^(agent|attorney-in-fact)$/i, "agent"],
  [/^(testator|testatrix)$/i, "testator"],
  [/^(?:first|sole|initial)\s+(executor|executrix|personal representative)$/i, "executor"],
  [/^(executor|executrix|personal representative)$/i, "executor"],
  [/^(successor|alternate) (executor|executrix|personal representative)$/i, "successor_executor"],
  [/^guardian$/i, "guardian"],
  [/^(trust )?protector$/i, "trust_protector"],
  [/^beneficiar(y|ies)$/i, "beneficiary"],
];

function roleOf(term: string, type: DocumentType): PartyRole | null {
  const role = ROLE_WORDS.find(([pattern]) => pattern.test(term.trim()))?.[1] ?? null;
  return role === "agent" && type === "healthcare_directive" ? "health_care_agent" : role;
}

// Spelled with both cases by hand: the name patterns around it must stay case-sensitive.
const ROLE_PHRASE = String.raw`((?:[Ss]uccessor\s+|[Aa]lternate\s+)?(?:(?:investment|administrative|corporate|individual|special|distribution)\s+)?(?:[Cc]o-?[Tt]rustee|[Tt]rustee|[Tt]rust\s+[Pp]rotector|[Pp]rotector|[Aa]gent|[Aa]ttorney-in-[Ff]act|[Ee]xecut(?:or|rix)|[Pp]ersonal\s+[Rr]epresentative|[Gg]uardian|[Hh]ealth\s?[Cc]are\s+(?:[Aa]gent|[Pp]roxy|[Ss]urrogate)))`;
/** Adjectives before an office: "first" keeps the office, the others make its holder a successor. */
const RANK = String.raw`(?:(first|second|third|fourth|next|sole|alternate|initial|original|additional|independent)\s+)?`;
const SERVES_AS = new RegExp(
  `${NAME_PATTERN},?\\s+(?:shall|will|is to|may)\\s+(?:(?:serve|act|become)\\s+as|be)\\s+(?:the\\s+|a\\s+|an\\s+)?${RANK}${ROLE_PHRASE}`,
  "g",
);
/** "of 2460 Ridge Avenue, Evanston, Illinois 60201": an address between a name and its office. */
const ADDRESS = String.raw`(?:,?\s+(?:of|residing at|residing in|a resident of)\s+[^;()]{0,120}?)?`;
const APPOINTS = new RegExp(
  `\\b(?:appoints?|appointing|names?|naming|nominates?|nominating|designates?|designating|appointment\\s+of)\\s+${RELATION}?${NAME_PATTERN}${ADDRESS}\\s*,?\\s+(?:as|to\\s+be)\\s+(?:(?:her|his|their|my|our|the|a|an)\\s+)?${RANK}${ROLE_PHRASE}`,
  "g",
);
const ORG_SERVES_AS = new RegExp(
  `${ORG_PATTERN},?\\s+(?:shall|will|is to|may)\\s+(?:(?:serve|act|become)\\s+as|be)\\s+(?:the\\s+|a\\s+|an\\s+)?${RANK}${ROLE_PHRASE}`,
  "g",
);
/** "If she fails to qualify …, I appoint …": a conditional appointment to an office someone already holds names a successor. */
const ON_FAILURE =
  /\b(?:if|should|in the event|failing)\b[^.]*?\b(?:fails?|ceases?|unable|unwilling|predeceases?|dies|resigns?|declines?|does not survive|whom)\b/i;
const IN_PLACE = /^\s*in\s+(?:his|her|their|its)\s+place\b/;
const BENEFICIARIES_ARE =
  /\bbeneficiar(?:y|ies)(?:\s+of\s+(?:this|the)\s+\w+)?\s+(?:is|are|shall be|include|includes)\b|\bfor the (?:sole )?benefit of\b|\bthe beneficiary,\s|\bto provide for\b/i;
const FRACTION_SHARE = new RegExp(
  String.raw`\b([Oo]ne[- ]half|[Oo]ne[- ]third|[Tt]wo[- ]thirds|[Oo]ne[- ]quarter|[Oo]ne[- ]fourth|[Tt]hree[- ]quarters)\s*(?:\(\d+\/\d+\))?\s*(?:of\s+[^.;]{0,60}?\s+)?(?:shall\s+(?:be\s+)?(?:distributed|paid|pass|go)\s+)?(?:for|to)\s+(?:the\s+)?${RELATION}?${NAME_PATTERN}`,
  "g",
);
const SIGNATURE = new RegExp(
  `^${NAME_PATTERN},\\s+((?:[A-Z][a-z]+\\s+)?(?:Settlor|Grantor|Trustor|Trustmaker|Trustee|Co-Trustee|Principal|Agent|Testator|Testatrix|Executor|Protector|Beneficiary))(?:\\s+and\\s+(Trustee|Co-Trustee|Settlor|Trustor|Grantor))?\\s*$`,
  "gm",
);
/** "I, Rosa M. Delgado, of …": the person speaking in a will, directive or power of attorney. */
const FIRST_PERSON = new RegExp(`^I,\\s+${NAME_PATTERN},`);
const FIRST_PERSON_ROLE: Partial<Record<DocumentType, PartyRole>> = { will: "testator", power_of_attorney: "principal", healthcare_directive: "principal" };
const TERM_ALSO_SERVES = /\bthe\s+(Settlors?|Grantors?|Trustors?)\s+(?:shall|will)\s+(?:serve|act)\s+as\s+(?:the\s+)?(?:initial\s+)?(?:co-?)?trustees?/i;

/** The office a phrase names ("successor Trustee", "alternate Executor"); a rank other than "first" makes it a successor. */
function roleFromPhrase(phrase: string, type: DocumentType, rank?: string): PartyRole | null {
  const lower = phrase.toLowerCase().replace(/\s+/g, " ");
  const successor = /^(successor|alternate) /.test(lower) || (!!rank && /^(second|third|fourth|next|alternate)$/i.test(rank));
  const base = lower.replace(/^(successor|alternate) /, "");
  if (/protector/.test(base)) return "trust_protector";
  if (/trustee/.test(base)) return successor ? "successor_trustee" : "trustee";
  if (/health ?care/.test(base)) return "health_care_agent";
  if (/agent|attorney-in-fact/.test(base)) return successor ? "successor_agent" : type === "healthcare_directive" ? "health_care_agent" : "agent";
  if (/executor|executrix|personal representative/.test(base)) return successor ? "successor_executor" : "executor";
  if (/guardian/.test(base)) return successor ? "successor_guardian" : "guardian";
  return null;
}

/** The office that follows an office in a chain: after a trustee comes a successor trustee. */
const NEXT_IN_CHAIN: Partial<Record<PartyRole, PartyRole>> = {
  trustee: "successor_trustee",
  successor_trustee: "successor_trustee",
  agent: "successor_agent",
  successor_agent: "successor_agent",
  executor: "successor_executor",
  successor_executor: "successor_executor",
  guardian: "successor_guardian",
  successor_guardian: "successor_guardian",
};
const isSuccessorRole = (role: PartyRole) => (SUCCESSOR_ROLES as readonly PartyRole[]).includes(role);

/** One place a document names someone in a role: the sentence it does so in. */
export interface PartyMention {
  name: string;
  role: PartyRole;
  share: string | null;
  sentence: Sentence;
}

class PartyList {
  private entries: (Party & { seen: number })[] = [];
  readonly mentions: PartyMention[] = [];
  private counter = 0;
  private successorCount = new Map<PartyRole, number>();

  constructor(private readonly notNames: Set<string> = new Set()) {}

  add(written: string, role: PartyRole, sentence: Sentence | null, share: string | null = null) {
    if (this.notNames.has(written)) return;
    // One spelling per name: "Gavin P. McAllister" over the "Gavin P. Mcallister" read from capitals.
    const name = this.spelling(written);
    if (sentence) this.mentions.push({ name, role, share, sentence });
    const existing = this.entries.find((entry) => entry.name === name && entry.role === role);
    if (existing) {
      existing.share ??= share;
      return;
    }
    let order: number | null = null;
    if (isSuccessorRole(role)) {
      order = (this.successorCount.get(role) ?? 0) + 1;
      this.successorCount.set(role, order);
    }
    this.entries.push({ name, role, order, share, sourceText: sentence?.text ?? null, seen: this.counter++ });
  }

  private spellings = new Map<string, string>();

  private spelling(name: string): string {
    const key = name.toLowerCase();
    const known = this.spellings.get(key);
    const capitals = (text: string) => text.replace(/[^A-Z]/g, "").length;
    if (!known || capitals(name) > capitals(known)) {
      this.spellings.set(key, name);
      for (const entry of this.entries) if (entry.name.toLowerCase() === key) entry.name = name;
      for (const mention of this.mentions) if (mention.name.toLowerCase() === key) mention.name = name;
      return name;
    }
    return known;
  }

  has(name: string, role: PartyRole): boolean {
    return this.entries.some((entry) => entry.name.toLowerCase() === name.toLowerCase() && entry.role === role);
  }

  /** Someone other than `name` already holds `role`. */
  heldByOther(role: PartyRole, name: string): boolean {
    return this.entries.some((entry) => entry.role === role && entry.name !== name);
  }

  /** Gives each named beneficiary without a share `share`, when they are exactly `count`. */
  shareAmong(count: number) {
    const beneficiaries = this.entries.filter((entry) => entry.role === "beneficiary");
    if (beneficiaries.length !== count || beneficiaries.some((entry) => entry.share)) return;
    for (const entry of beneficiaries) entry.share = equalShare(count);
  }

  list(): Party[] {
    return this.entries
      .sort((a, b) => PARTY_ROLES.indexOf(a.role) - PARTY_ROLES.indexOf(b.role) || (a.order ?? 0) - (b.order ?? 0) || a.seen - b.seen)
      .map(({ seen: _seen, ...party }) => party);
  }
}

const firstNameAt = (text: string, within = 4) => nameAtStart(text, within)?.name ?? null;

// "…, and after her, Y", "failing whom Y", "then Y", "followed by Y": the next holder of the same office.
const CHAIN_LINK =
  /(?:^|[,;]|\band\b|\bor\b)\s*(?:and\s+|or\s+)?(?:(?:then\s+)?after\s+(?:her|him|them|that person|such person)|failing\s+(?:whom|which|her|him|them|both)|if\s+(?:she|he|they|it)\s+(?:is|are|shall be)?\s*(?:unable|unwilling|fails?|ceases?)[^,;]{0,60}|followed\s+by|then(?:\s+by)?|next|thereafter)\s*,?\s*(?:by\s+|to\s+)?/g;
// "If X fails or ceases to serve, Y shall serve, and if Y also fails to serve, Z."
const IF_CEASES = new RegExp(
  String.raw`\b(?:if|should|in the event(?: that)?)\s+${NAME_PATTERN}\s+(?:also\s+|then\s+|thereafter\s+)?(?:fails?|ceases?|is unable|is unwilling|declines?|resigns?|dies|becomes unable|predeceases|cannot)[^,;]{0,80}[,;]\s*(?:then\s+)?`,
  "g",
);
const SHALL_SERVE_BARE = new RegExp(String.raw`^${NAME_PATTERN}\s+(?:shall|will|is to)\s+(?:serve|act|succeed|become)\b(?!\s+as\b)`);
const IN_ORDER =
  /\b(?:in the following order|in the order (?:named|listed|stated|given|in which (?:they are|their names are) (?:named|listed))|in this order|one after the other|successively)\b/i;

/**
 * Chains of succession in a sentence: after an appointment of `role`, each linked name holds the next place;
 * "in the following order" lists give everyone listed a place in turn.
 */
function chainedNames(sentence: string, from: number, role: PartyRole, add: (name: string, role: PartyRole) => void) {
  const next = NEXT_IN_CHAIN[role];
  if (!next) return;
  const rest = sentence.slice(from);
  for (const link of rest.matchAll(CHAIN_LINK)) {
    const name = firstNameAt(rest.slice((link.index ?? 0) + link[0].length));
    if (name) add(name, next);
  }
  for (const match of rest.matchAll(IF_CEASES)) {
    const name = firstNameAt(rest.slice((match.index ?? 0) + match[0].length));
    if (name) add(name, next);
  }
}

/** The names listed before the last one in a subject ("A, B and "), when nothing else stands between them and the verb. */
function coSubjects(lead: string): string[] {
  const list = /(?:^|[.;:]\s+)((?:[A-Z][\w.'’-]*(?:,?\s+(?:and\s+)?|\s+))+)$/.exec(lead.slice(-200));
  return list && /(?:,|\band)\s+$/.test(list[1]) ? findNames(list[1]).map((n) => n.name) : [];
}

/** The successor office a sentence about successors names: "as successor(s) to such agent" → successor agent. */
function successorOf(sentence: string, type: DocumentType): PartyRole | null {
  const phrase = new RegExp(ROLE_PHRASE).exec(sentence);
  const role = phrase ? roleFromPhrase(phrase[1], type) : null;
  return role ? (isSuccessorRole(role) ? role : (NEXT_IN_CHAIN[role] ?? null)) : null;
}

/** The office a clause is about, from its heading ("Successor Trustees", "Executors"). */
function officeOfHeading(title: string | null, type: DocumentType): PartyRole | null {
  if (!title) return null;
  const phrase = new RegExp(ROLE_PHRASE).exec(title);
  return phrase ? roleFromPhrase(phrase[1], type) : null;
}

export function findPartyMentions(text: string, sentences: Sentence[], type: DocumentType): { parties: Party[]; mentions: PartyMention[] } {
  const parties = new PartyList(definedTerms(text));
  const byTerm = new Map<PartyRole, string[]>();
  let lastOffice: { role: PartyRole; clause: Sentence["clause"] } | null = null;
  let speakerName: string | null = null;
  let equalAmong: number | null = null;
  const termRole = (term: string) => roleOf(term, type);

  for (const sentenceAt of sentences) {
    // Names written in capitals read as names; the mention keeps the sentence as written.
    // A paragraph's letter ("A. Puget Sound Trust Company and …") is not an initial; blanked, so every index still holds.
    const sentence = uncapNames(sentenceAt.text).replace(/^(?:\(?[A-Za-z]\)|[A-Z]\.)\s+(?=[A-Z][a-z])/, (m) => " ".repeat(m.length));
    const add = (name: string, role: PartyRole, share: string | null = null) => parties.add(name, role, sentenceAt, share);
    // "Eleanor M. Hartwell and Thomas J. Hartwell, residents of … (together the "Settlors")"
    let segmentStart = 0;
    for (const match of sentence.matchAll(DEFINED_TERM)) {
      const role = roleOf(match[1], type);
      const segment = sentence.slice(segmentStart, match.index);
      segmentStart = (match.index ?? 0) + match[0].length;
      if (!role) continue;
      const names = listedNames(segment.slice(Math.max(0, segment.search(/\b(?:appoints?|names?|designates?|nominates?)\b/))));
      for (const name of names) add(name, role);
      if (names.length) byTerm.set(role, names);
    }
    const speaker = FIRST_PERSON.exec(sentence);
    const speakerRole = FIRST_PERSON_ROLE[type];
    if (speaker && speakerRole) {
      const name = findNames(speaker[1])[0]?.name;
      if (name) add(name, speakerRole);
    }
    if (speaker) speakerName ??= findNames(speaker[1])[0]?.name ?? null;
    asRoleNames(sentence, termRole, add);
    definedParties(sentence, termRole, add);
    speakerCoTrustee(sentence, speakerName, add);
    ordinalSuccessors(sentence, (s) => successorOf(s, type), add);
    if (TERM_ALSO_SERVES.test(sentence)) for (const name of byTerm.get("settlor") ?? []) add(name, "trustee");

    const appointments = [...sentence.matchAll(SERVES_AS), ...sentence.matchAll(APPOINTS), ...sentence.matchAll(ORG_SERVES_AS)].sort(
      (a, b) => (a.index ?? 0) - (b.index ?? 0),
    );
    const ordered = IN_ORDER.test(sentence);
    for (const match of appointments) {
      let role = roleFromPhrase(match[match.length - 1], type, match[match.length - 2]);
      if (!role) continue;
      const name = findNames(match[1])[0]?.name ?? null;
      // "If she fails to qualify …, I appoint my brother, X, as Executor" / "Y shall serve as co-trustee in his place".
      const end = (match.index ?? 0) + match[0].length;
      const conditional = ON_FAILURE.test(sentence.slice(0, match.index)) || IN_PLACE.test(sentence.slice(end));
      const next = NEXT_IN_CHAIN[role];
      if (conditional && next && !isSuccessorRole(role) && name && parties.heldByOther(role, name)) role = next;
      lastOffice = { role, clause: sentenceAt.clause };
      if (ordered) continue;
      // "Owen T. Park and Rhea L. Park shall serve as co-trustees": everyone in the subject holds the office.
      if (!isSuccessorRole(role) || !conditional) for (const other of coSubjects(sentence.slice(0, match.index))) add(other, role);
      if (name) add(name, role);
      chainedNames(sentence, (match.index ?? 0) + match[0].length, role, add);
    }
    const office = ordered ? (appointments.length ? lastOffice?.role : officeOfHeading(sentenceAt.clause.title, type)) : null;
    if (office) {
      // "The following shall serve as successor Trustees in the following order: (1) A; (2) B": each in turn.
      const listed = findNames(sentence.slice(Math.max(0, sentence.search(IN_ORDER)))).map((n) => n.name);
      listed.forEach((name, i) => add(name, i === 0 || isSuccessorRole(office) ? office : (NEXT_IN_CHAIN[office] ?? office)));
    } else if (!appointments.length) {
      // A clause about an office ("Successor Trustees") may chain without naming it again: "Y shall serve, and if Y fails…, Z".
      const context = lastOffice?.clause === sentenceAt.clause ? lastOffice.role : officeOfHeading(sentenceAt.clause.title, type);
      const next = context ? (NEXT_IN_CHAIN[context] ?? null) : null;
      const bare = SHALL_SERVE_BARE.exec(sentence.replace(/^.*?,\s*(?=[A-Z][^,]*\b(?:shall|will|is to)\s+(?:serve|act|succeed|become)\b)/, ""));
      if (next && bare) {
        const name = findNames(bare[1])[0]?.name;
        if (name) add(name, next);
      }
      if (next) chainedNames(sentence, 0, context!, add);
    }

    const named = BENEFICIARIES_ARE.exec(sentence);
    // The names of the benefit phrase only: "for the benefit of X (the "Beneficiary") by Y, …" names X, not Y.
    const benefit = named ? sentence.slice(named.index).split(/\(|;|\s(?:by|shall|may|who|which|from)\s/)[0] : "";
    for (const { name } of findNames(benefit)) add(name, "beneficiary");

    giftsIn(sentence, add);
    equalAmong ??= equalSharesEach(sentence);
    for (const match of sentence.matchAll(FRACTION_SHARE)) {
      const name = findNames(match[2])[0]?.name;
      if (name) add(name, "beneficiary", match[1].toLowerCase().replace(" ", "-"));
    }
  }

  if (equalAmong) parties.shareAmong(equalAmong);
  // A form's labelled lines: "Grantor and Trustee: Rosa M. Delgado".
  for (const line of uncapNames(text).split("\n")) {
    labelledParty(line, termRole, (name, role) => {
      if (!parties.has(name, role)) parties.add(name, role, null);
    });
  }
  // Signature blocks: "Eleanor M. Hartwell, Settlor and Trustee", "GEORGINA P. WHITCOMBE, Trustmaker and Trustee".
  for (const match of uncapNames(text).matchAll(SIGNATURE)) {
    const name = findNames(match[1])[0]?.name;
    if (!name) continue;
    for (const term of [match[2], match[3]].filter(Boolean)) {
      const role = roleOf(term, type);
      if (role && !parties.has(name, role)) parties.add(name, role, null);
    }
  }
  return { parties: parties.list(), mentions: parties.mentions };
}

export function findParties(text: string, sentences: Sentence[], type: DocumentType): Party[] {
  return findPartyMentions(text, sentences, type).parties;
}
