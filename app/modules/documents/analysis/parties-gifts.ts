/**
 * Beneficiaries and their shares from the dispositive words: gifts ("I give … to my wife, X"), percentages written before or
 * after the name, equal shares among the people named, and a pour-over will's residue to a named trust.
 */
import type { PartyRole } from "./schema";
import { findNames, NAME_PATTERN } from "./text-structure";

export type AddParty = (name: string, role: PartyRole, share?: string | null) => void;

/** "my wife, ", "Owen's sister, ", "the Grantor's granddaughter, ", "the Settlors' children, ": who someone is, before the name. */
export const RELATION = String.raw`(?:(?:my|our|his|her|their|its|the\s+[A-Z][a-z]+(?:['’]s|s['’])|[A-Z][a-z]+['’]s)\s+(?:[a-z-]+\s+)?[a-z-]+,\s+)`;
const LEADING_RELATION = new RegExp(`^(?:the\\s+)?${RELATION}?`);

/** The name a piece of text starts with, after "the" and a relation ("my son, Nathan P. Abernathy" → "Nathan P. Abernathy"). */
export function nameAtStart(text: string, within = 4): { name: string; end: number } | null {
  const skip = LEADING_RELATION.exec(text)?.[0].length ?? 0;
  const found = findNames(text.slice(skip))[0];
  return found && found.index <= within ? { name: found.name, end: skip + found.index + found.name.length } : null;
}

const GIFT =
  /\b(?:I|we)\s+(?:hereby\s+)?(?:give|devise|bequeath|leave)\b|\bshall\s+(?:then\s+)?(?:distribute|pay|divide)\b|\bshall be (?:distributed|paid)\b|\bshall pass to\b|\bon trust for\b/;
const SPECIFIC_GIFT = /\btangible personal property\b/i;
const PERCENT = /\(?(\d{1,3}(?:\.\d+)?)\s*%\)?/g;
const EQUAL = /\bequal shares\b|\bshare and share alike\b/i;
const RESIDUE = /\b(?:rest,? residue|residue|residuary estate|remainder of my (?:estate|property))\b/i;
const NAMED_TRUST = /\b(?:known as|under|of)\s+(?:the\s+)?((?:[A-Z][\w.'’-]*\s+){1,6}(?:(?:Revocable|Irrevocable|Living|Family)\s+)*Trust)\b/;
const RECEIVES = new RegExp(String.raw`${NAME_PATTERN},?\s+(?:will|shall)\s+(?:then\s+)?receive\b[^.;%]{0,80}?\((\d{1,3}(?:\.\d+)?)\s*%\)`, "g");
const IN_TRUST_FOR = new RegExp(String.raw`\bfor the (?:sole )?benefit of\s+${RELATION}?`);
const SHARES_EACH = /\bin\s+(two|three|four|five|six)\s+equal\s+(?:separate\s+)?shares,?\s+one\s+for\s+each\s+(?:beneficiary|child|of them)\b/i;
const COUNT: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6 };

/** 100 / n as the labels write it: "50%", "33.33%". */
export const equalShare = (n: number) => `${Number((100 / n).toFixed(2))}%`;

/** Beneficiaries and shares in one sentence; `sentence` is already in title case where it had names in capitals. */
export function giftsIn(sentence: string, add: AddParty) {
  const gift = GIFT.exec(sentence);
  const specific = SPECIFIC_GIFT.test(sentence);
  const shared = new Set<string>();
  const share = (name: string, value: string) => {
    if (specific || shared.has(name)) return;
    shared.add(name);
    add(name, "beneficiary", value);
  };

  // "forty percent (40%) to my son, X", "(25%) of my residuary estate to my Trustee, IN TRUST, … for the benefit of my daughter, X".
  for (const match of sentence.matchAll(PERCENT)) {
    const after = sentence.slice((match.index ?? 0) + match[0].length);
    const to = /^\s*(?:of\s+[^.;%"”]{0,60}?\s+)?(?:shall\s+(?:be\s+)?(?:distributed|paid|pass|go)\s+)?(?:for|to)\s+/.exec(after);
    if (!to) continue;
    const rest = after.slice(to[0].length);
    if (/^(?:my|our|the|its)\s+(?:[Tt]rustees?|[Ee]xecutors?)\b/.test(rest)) {
      const upTo = rest.split(/;|\(\d/)[0];
      const benefit = IN_TRUST_FOR.exec(upTo);
      const held = benefit ? nameAtStart(upTo.slice(benefit.index + benefit[0].length)) : null;
      if (held) share(held.name, `${match[1]}%`);
      continue;
    }
    const named = nameAtStart(rest);
    if (named) share(named.name, `${match[1]}%`);
  }
  // "(a) to Luis Delgado, forty percent (40%)": the name first.
  for (const match of sentence.matchAll(/\b(?:to|for)\s+/g)) {
    const rest = sentence.slice((match.index ?? 0) + match[0].length);
    const named = nameAtStart(rest);
    const percent = named && /^,?\s+(?:[a-z-]+\s+){0,3}percent\s+\((\d{1,3}(?:\.\d+)?)\s*%\)|^,?\s+(\d{1,3}(?:\.\d+)?)\s*%/.exec(rest.slice(named.end));
    if (named && percent) share(named.name, `${percent[1] ?? percent[2]}%`);
  }
  for (const match of sentence.matchAll(RECEIVES)) {
    const name = findNames(match[1])[0]?.name;
    if (name) share(name, `${match[2]}%`);
  }
  if (!gift) return;

  // "I give nothing to my son, X", "I make no provision for X": a name in a disinheritance is no beneficiary.
  if (/\b(?:nothing|no provision|intentionally omit\w*)\b/i.test(sentence)) return;
  const from = gift.index + gift[0].length;
  // Only those the gift goes to: "to …", "for (the benefit of) …", "among …", and the names listed after them.
  const given: { name: string; index: number }[] = [];
  let last = gift.index;
  for (const found of findNames(sentence.slice(from)).map((n) => ({ ...n, index: n.index + from }))) {
    const gap = sentence.slice(last, found.index);
    const opens = new RegExp(
      String.raw`\b(?:to|for|among|between|unto|benefit of|such of)\s+(?:(?:those|each|all|such|either|any)\s+(?:of\s+)?)?(?:the\s+)?${RELATION}?$`,
    ).test(gap);
    const continues = given.length > 0 && new RegExp(String.raw`^,?\s+(?:and\s+|or\s+)?(?:the\s+)?${RELATION}?$`).test(gap);
    if (!opens && !continues) continue;
    given.push(found);
    last = found.index + found.name.length;
  }
  const names = [...new Set(given.map((n) => n.name))];
  for (const name of names) add(name, "beneficiary");

  // "in equal shares to X, Y and Z": each a third, when the sentence gives no percentages of its own.
  const equal = EQUAL.exec(sentence);
  if (equal && !sentence.match(PERCENT)) {
    const after = [...new Set(given.filter((n) => n.index > equal.index).map((n) => n.name))];
    const sharing = after.length >= 2 ? after : names;
    if (sharing.length >= 2) for (const name of sharing) share(name, equalShare(sharing.length));
  }
  // A pour-over will: the residue to the trustee of a named trust, which takes all of it.
  const trust = RESIDUE.test(sentence) && /\btrustee\b/i.test(sentence) ? NAMED_TRUST.exec(sentence.slice(from)) : null;
  if (trust && !names.length) {
    add(trust[1].trim(), "beneficiary", sentence.match(PERCENT) ? null : "100%");
  }
}

/** "in two equal separate shares, one for each beneficiary": the named beneficiaries share equally when they are that many. */
export function equalSharesEach(sentence: string): number | null {
  const match = SHARES_EACH.exec(sentence);
  return match ? COUNT[match[1].toLowerCase()] : null;
}
