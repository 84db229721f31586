/** Parties: settlors, trustees and their successors, agents, executors, beneficiaries and their shares, from defined terms, appointments and signature blocks. */
import type { DocumentType } from "../schema";
import type { Party, PartyRole } from "./schema";
import { PARTY_ROLES, SUCCESSOR_ROLES } from "./schema";
import { findNames, NAME_PATTERN, type Sentence } from "./text-structure";

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
const ROLE_PHRASE = String.raw`((?:[Ss]uccessor\s+|[Aa]lternate\s+)?(?:[Cc]o-?[Tt]rustee|[Tt]rustee|[Tt]rust\s+[Pp]rotector|[Pp]rotector|[Aa]gent|[Aa]ttorney-in-[Ff]act|[Ee]xecut(?:or|rix)|[Pp]ersonal\s+[Rr]epresentative|[Gg]uardian|[Hh]ealth\s?[Cc]are\s+(?:[Aa]gent|[Pp]roxy|[Ss]urrogate)))`;
/** Adjectives before an office: "first" keeps the office, the others make its holder a successor. */
const RANK = String.raw`(?:(first|second|third|fourth|next|sole|alternate|initial|original|additional|independent)\s+)?`;
const SERVES_AS = new RegExp(
  `${NAME_PATTERN}\\s+(?:shall|will|is to|may)\\s+(?:serve|act|become)\\s+as\\s+(?:the\\s+|a\\s+|an\\s+)?${RANK}${ROLE_PHRASE}`,
  "g",
);
const APPOINTS = new RegExp(
  `\\b(?:appoints?|names?|nominates?|designates?)\\s+${NAME_PATTERN}\\s*,?\\s+(?:of\\s+[A-Z][^,]{0,60},\\s+)?as\\s+(?:(?:her|his|their|my|our|the|a|an)\\s+)?${RANK}${ROLE_PHRASE}`,
  "g",
);
const ORG_SERVES_AS = new RegExp(
  `((?:[A-Z][A-Za-z&'’-]+\\s+){1,5}(?:Trust Company|Bank|Company|Corporation|Association|N\\.A\\.|Inc\\.|LLC))\\s+(?:shall|will|is to|may)\\s+(?:serve|act|become)\\s+as\\s+(?:the\\s+|a\\s+|an\\s+)?${RANK}${ROLE_PHRASE}`,
  "g",
);
const BENEFICIARIES_ARE = /\bbeneficiar(?:y|ies)\s+(?:is|are|shall be|include|includes)\b|\bfor the (?:sole )?benefit of\b/i;
const PERCENT_SHARE = new RegExp(String.raw`(\d{1,3}(?:\.\d+)?)\s*%\)?\s*(?:of\s+[^.;%]{0,60}?\s+)?(?:for|to)\s+${NAME_PATTERN}`, "g");
const FRACTION_SHARE = new RegExp(
  String.raw`\b([Oo]ne[- ]half|[Oo]ne[- ]third|[Tt]wo[- ]thirds|[Oo]ne[- ]quarter|[Oo]ne[- ]fourth|[Tt]hree[- ]quarters)\s*(?:\(\d+\/\d+\))?\s*(?:of\s+[^.;]{0,60}?\s+)?(?:for|to)\s+${NAME_PATTERN}`,
  "g",
);
const SIGNATURE = new RegExp(
  `^${NAME_PATTERN},\\s+(Settlor|Grantor|Trustor|Trustee|Co-Trustee|Principal|Agent|Testator|Testatrix|Executor)(?:\\s+and\\s+(Trustee|Co-Trustee|Settlor))?\\s*$`,
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

  add(name: string, role: PartyRole, sentence: Sentence | null, share: string | null = null) {
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

  has(name: string, role: PartyRole): boolean {
    return this.entries.some((entry) => entry.name === name && entry.role === role);
  }

  list(): Party[] {
    return this.entries
      .sort((a, b) => PARTY_ROLES.indexOf(a.role) - PARTY_ROLES.indexOf(b.role) || (a.order ?? 0) - (b.order ?? 0) || a.seen - b.seen)
      .map(({ seen: _seen, ...party }) => party);
  }
}

const firstNameAt = (text: string, within = 4) => {
  const found = findNames(text)[0];
  return found && found.index <= within ? found.name : null;
};

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

/** The office a clause is about, from its heading ("Successor Trustees", "Executors"). */
function officeOfHeading(title: string | null, type: DocumentType): PartyRole | null {
  if (!title) return null;
  const phrase = new RegExp(ROLE_PHRASE).exec(title);
  return phrase ? roleFromPhrase(phrase[1], type) : null;
}

export function findPartyMentions(text: string, sentences: Sentence[], type: DocumentType): { parties: Party[]; mentions: PartyMention[] } {
  const parties = new PartyList();
  const byTerm = new Map<PartyRole, string[]>();
  let lastOffice: { role: PartyRole; clause: Sentence["clause"] } | null = null;

  for (const sentenceAt of sentences) {
    const sentence = sentenceAt.text;
    const add = (name: string, role: PartyRole, share: string | null = null) => parties.add(name, role, sentenceAt, share);
    // "Eleanor M. Hartwell and Thomas J. Hartwell, residents of … (together the "Settlors")"
    let segmentStart = 0;
    for (const match of sentence.matchAll(DEFINED_TERM)) {
      const role = roleOf(match[1], type);
      const segment = sentence.slice(segmentStart, match.index);
      segmentStart = (match.index ?? 0) + match[0].length;
      if (!role) continue;
      const names = findNames(segment.slice(Math.max(0, segment.search(/\b(?:appoints?|names?|designates?|nominates?)\b/)))).map((n) => n.name);
      for (const name of names) add(name, role);
      if (names.length) byTerm.set(role, names);
    }
    const speaker = FIRST_PERSON.exec(sentence);
    const speakerRole = FIRST_PERSON_ROLE[type];
    if (speaker && speakerRole) {
      const name = findNames(speaker[1])[0]?.name;
      if (name) add(name, speakerRole);
    }
    if (TERM_ALSO_SERVES.test(sentence)) for (const name of byTerm.get("settlor") ?? []) add(name, "trustee");

    const appointments = [...sentence.matchAll(SERVES_AS), ...sentence.matchAll(APPOINTS), ...sentence.matchAll(ORG_SERVES_AS)].sort(
      (a, b) => (a.index ?? 0) - (b.index ?? 0),
    );
    const ordered = IN_ORDER.test(sentence);
    for (const match of appointments) {
      const role = roleFromPhrase(match[match.length - 1], type, match[match.length - 2]);
      if (!role) continue;
      lastOffice = { role, clause: sentenceAt.clause };
      if (ordered) continue;
      const name = findNames(match[1])[0]?.name ?? null;
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
    if (named) for (const { name } of findNames(sentence.slice(named.index))) add(name, "beneficiary");

    for (const match of sentence.matchAll(PERCENT_SHARE)) {
      const name = findNames(match[2])[0]?.name;
      if (name) add(name, "beneficiary", `${match[1]}%`);
    }
    for (const match of sentence.matchAll(FRACTION_SHARE)) {
      const name = findNames(match[2])[0]?.name;
      if (name) add(name, "beneficiary", match[1].toLowerCase().replace(" ", "-"));
    }
  }

  // Signature blocks: "Eleanor M. Hartwell, Settlor and Trustee".
  for (const match of text.matchAll(SIGNATURE)) {
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
