/** Parties: settlors, trustees and their successors, agents, executors, beneficiaries and their shares, from defined terms, appointments and signature blocks. */
import type { DocumentType } from "../schema";
import type { Party, PartyRole } from "./schema";
import { PARTY_ROLES } from "./schema";
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
const ORG_SERVES_AS = new RegExp(
  `((?:[A-Z][A-Za-z&'’-]+\\s+){1,5}(?:Trust Company|Bank|Company|Corporation|Association|N\\.A\\.|Inc\\.|LLC))\\s+(?:shall|will|is to|may)\\s+(?:serve|act|become)\\s+as\\s+(?:the\\s+|a\\s+)?(?:(?:first|second|next|sole|alternate)\\s+)?${ROLE_PHRASE}`,
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

export function findParties(text: string, sentences: Sentence[], type: DocumentType): Party[] {
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

    const appointments = [...sentence.matchAll(SERVES_AS), ...sentence.matchAll(APPOINTS), ...sentence.matchAll(ORG_SERVES_AS)].sort(
      (a, b) => (a.index ?? 0) - (b.index ?? 0),
    );
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
