/**
 * Parties named in an instrument's opening words and definitions: "by ROSA M. DELGADO, of San Antonio, …, as grantor",
 * English deeds' numbered parties with ("the Settlor"), '"the Beneficiaries" means …', "X and Y, the co-trustees of the
 * Trust", and successor lists written "first, X …; and second, Y".
 */
import type { PartyRole } from "./schema";
import type { AddParty } from "./parties-gifts";
import { findNames, isAddressed, NAME_PATTERN } from "./text-structure";

const REMOVED = /\b(?:remov\w*|retir\w*|replac\w*|discharg\w*|in place of)\b/i;

/** Names in one stretch of a list of parties: not addresses ("of Ferne House", "of Crewe Hollis LLP"), not people removed. */
export function listedNames(segment: string): string[] {
  return findNames(segment)
    .filter((n) => !isAddressed(segment.slice(Math.max(0, n.index - 30), n.index)) && !REMOVED.test(segment.slice(0, n.index)))
    .map((n) => n.name);
}

const ROLE_WORD = String.raw`(?:settlors?|grantors?|trustors?|trustmakers?|testat(?:or|rix)|principal|(?:co-?)?trustees?)`;
/** ", as grantor", "as Trustmaker", "as Grantor and as Trustee", "(as Settlor and as one of the Original Trustees)". */
const AS_ROLE = new RegExp(
  String.raw`(?:,\s*|\s+|\()as\s+(?:the\s+|its\s+|her\s+|his\s+|my\s+|their\s+)?(?:sole\s+|initial\s+|original\s+)?(${ROLE_WORD})\b(?:\s+and\s+(?:as\s+)?(?:one\s+of\s+the\s+)?(?:original\s+|continuing\s+|initial\s+|sole\s+)?(${ROLE_WORD})\b)?`,
  "gi",
);
/** The phrase a definition or appositive uses, read as a role: "Continuing Trustees", "trustor", "Protector". */
export type RoleOf = (term: string) => PartyRole | null;

/** "by ROSA M. DELGADO, …, as grantor, and ROSA M. DELGADO, as trustee": each name holds the role written after it. */
export function asRoleNames(sentence: string, roleOf: RoleOf, add: AddParty) {
  let start = 0;
  for (const match of sentence.matchAll(AS_ROLE)) {
    const segment = sentence.slice(start, match.index).split(/[;)]/).pop() ?? "";
    start = (match.index ?? 0) + match[0].length;
    // "Y shall serve as co-trustee" is an appointment (read elsewhere), not a party's description.
    if (/\b(?:shall|will|may|must|is to|serve[sd]?|act(?:s|ing)?)\b/i.test(segment)) continue;
    const roles = [match[1], match[2]].filter(Boolean).map((term) => roleOf(term));
    for (const name of listedNames(segment)) for (const role of roles) if (role) add(name, role);
  }
}

const LABEL = new RegExp(String.raw`^((?:[A-Z][a-z-]+\s+)?[A-Z][a-z-]+)(?:\s+and\s+((?:[A-Z][a-z-]+\s+)?[A-Z][a-z-]+))?\s*:\s*${NAME_PATTERN}\s*$`);

/** A form's labelled line: "Grantor and Trustee: Rosa M. Delgado", "Successor Trustee: Ivo Lund". */
export function labelledParty(sentence: string, roleOf: RoleOf, add: AddParty) {
  const match = LABEL.exec(sentence.trim());
  const name = match ? findNames(match[3])[0]?.name : null;
  if (!match || !name || name !== match[3].trim()) return;
  for (const term of [match[1], match[2]]) {
    const role = term ? roleOf(term) : null;
    if (role) add(name, role);
  }
}

const MEANS = /["“](?:the\s+)?([A-Za-z -]+?)["”]\s+means\s+([^;]*)/g;
const APPOSITIVE = /,\s+(?:the|its|our)\s+(?:present\s+|current\s+|only\s+|sole\s+)?([a-z-]+(?:\s+[a-z-]+)?)\s+of\s+(?:the|this)\b/gi;
const ADDED = new RegExp(
  String.raw`\badds?\s+${NAME_PATTERN}\s+(?:to\s+the\s+(?:class\s+of\s+)?[Bb]eneficiaries|as\s+an?\s+(?:additional\s+)?[Bb]eneficiary)`,
  "g",
);

/** '"the Protector" means Alistair Graham Wemyss', "X and Y, the co-trustees of the Trust", "the Trustees add X to the Beneficiaries". */
export function definedParties(sentence: string, roleOf: RoleOf, add: AddParty) {
  for (const match of sentence.matchAll(MEANS)) {
    const role = roleOf(match[1]);
    if (role) for (const name of listedNames(match[2])) add(name, role);
  }
  for (const match of sentence.matchAll(APPOSITIVE)) {
    const role = roleOf(match[1]);
    const before = sentence.slice(0, match.index).split(/[;:)]/).pop() ?? "";
    if (role) for (const name of listedNames(before)) add(name, role);
  }
  for (const match of sentence.matchAll(ADDED)) {
    const name = findNames(match[1])[0]?.name;
    if (name) add(name, "beneficiary");
  }
}

/** Multi-word terms a document defines ('"Excluded Person" means', '(the "Invaded Trust")'): words, never a party's name. */
export function definedTerms(text: string): Set<string> {
  const terms = new Set<string>();
  for (const match of text.matchAll(/["“](?:the\s+)?([A-Z][A-Za-z'’-]*(?:\s+[A-Z][A-Za-z'’-]*)+)["”]\s*(?:means\b|\))/g)) terms.add(match[1]);
  return terms;
}

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth"];
const ORDINAL_ITEM = /(?:^|[:;,]\s*|\band\s+)(first|second|third|fourth|fifth|sixth)\s*,\s+/gi;

/** "I name the following … as successor(s) to such agent: first, X, of …; and second, Y": each ordinal's name in its place. */
export function ordinalSuccessors(sentence: string, successorOf: (sentence: string) => PartyRole | null, add: AddParty) {
  if (!/\bsuccessors?\b/i.test(sentence)) return;
  const items = [...sentence.matchAll(ORDINAL_ITEM)];
  if (items.length < 2) return;
  const role = successorOf(sentence);
  if (!role) return;
  const named = items
    .map((item) => ({ rank: ORDINALS.indexOf(item[1].toLowerCase()), found: findNames(sentence.slice((item.index ?? 0) + item[0].length))[0] }))
    .filter((item) => item.found && item.found.index <= 2)
    .sort((a, b) => a.rank - b.rank);
  for (const item of named) add(item.found.name, role);
}

const AND_I = new RegExp(String.raw`${NAME_PATTERN}\s+and\s+I\s+are\s+the\s+(?:co-?)?[Tt]rustees\b`);

/** "of which Suncoast National Bank and I are the Trustees": the speaker and the one named are trustees. */
export function speakerCoTrustee(sentence: string, speaker: string | null, add: AddParty) {
  const match = AND_I.exec(sentence);
  const name = match ? findNames(match[1]).pop()?.name : null;
  if (!name) return;
  add(name, "trustee");
  if (speaker) add(speaker, "trustee");
}
