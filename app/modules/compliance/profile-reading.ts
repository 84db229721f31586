/**
 * The trust's profile as its analysed instrument and amendments state it: each field with the document and the
 * passage it was read from, so the page can show where a value came from before anyone edits it. Pure.
 */
import type { Party } from "~/modules/documents/analysis/schema";

import { TRUST_TYPES } from "./event-types";

export { TRUST_TYPES };
export type TrustType = (typeof TRUST_TYPES)[number];

export interface FieldSource {
  documentId: string;
  documentTitle: string;
  /** The words the value was read from. */
  passage: string | null;
}

export interface PersonEntry {
  name: string;
  /** For a successor: 1 = first in line. */
  order?: number | null;
  share?: string | null;
  conditions?: string | null;
}

export interface ProfileValues {
  name: string | null;
  type: TrustType | null;
  date: string | null;
  settlors: PersonEntry[];
  trustees: PersonEntry[];
  successorTrustees: PersonEntry[];
  beneficiaries: PersonEntry[];
  governingLaw: string | null;
  /** Codes of the rule packs: "CA", "TX", "FL", "NY", "GB-EWS". */
  jurisdictions: string[];
  /**
   * Whether the estate must file a federal estate tax return (Form 706): a question of the gross estate against the
   * exemption that no instrument answers, so only a person sets it; null until someone has said.
   */
  estateTaxReturnRequired: boolean | null;
}
export type ProfileField = keyof ProfileValues;
export const PROFILE_FIELDS = [
  "name",
  "type",
  "date",
  "settlors",
  "trustees",
  "successorTrustees",
  "beneficiaries",
  "governingLaw",
  "jurisdictions",
  "estateTaxReturnRequired",
] as const satisfies readonly ProfileField[];

export type ProfileSources = Partial<Record<ProfileField, FieldSource>>;

/** What the reading needs of the trust as amended (instruments/as-amended.server.ts gives it). */
export interface InstrumentReading {
  instrument: { documentId: string; title: string; date: string | null };
  name: string | null;
  parties: Party[];
  governingLaw: string | null;
  terms: { body: string; status: string; source: { documentId: string; title: string } }[];
  type: "trust" | "will";
}

const JURISDICTION_NAMES: [RegExp, string][] = [
  [/\bcalifornia\b/i, "CA"],
  [/\btexas\b/i, "TX"],
  [/\bflorida\b/i, "FL"],
  [/\bnew york\b/i, "NY"],
  [/\bengland\b|\bwales\b|\bunited kingdom\b/i, "GB-EWS"],
];

/** The rule packs a governing-law or situs text points to ("the laws of the State of California" → ["CA"]). */
export function jurisdictionCodes(text: string | null): string[] {
  if (!text) return [];
  const codes = JURISDICTION_NAMES.filter(([pattern]) => pattern.test(text)).map(([, code]) => code);
  if (codes.length > 0) return codes;
  // A two-letter state code as the workspace's jurisdiction may hold it ("CA", "US-CA").
  const code = /\b([A-Z]{2})\b/.exec(text.replace(/^US-/, ""))?.[1];
  return code ? [code] : [];
}

/** The kind of trust its own words make it: its name first ("… Revocable Living Trust"), then its clauses. */
export function trustTypeOf(name: string | null, bodies: string[], type: "trust" | "will"): TrustType | null {
  if (type === "will") return "testamentary";
  const all = `${name ?? ""}\n${bodies.join("\n")}`;
  if (/\b(?:special|supplemental)\s+needs\b/i.test(all)) return "special_needs";
  if (/\bcharitable\s+(?:remainder|lead)\s+(?:annuity\s+|unitrust\s+)?trust\b/i.test(all)) return "charitable";
  if (/\birrevocable\b/i.test(name ?? "")) return "irrevocable";
  if (/\brevocable\b/i.test(name ?? "")) return "revocable";
  if (/\b(?:may|reserve[sd]? the right to)\s+(?:amend|revoke)[^.]{0,80}\b(?:this trust|this instrument)\b/i.test(all) || /\bis revocable\b/i.test(all))
    return "revocable";
  if (/\b(?:is|shall be)\s+irrevocable\b/i.test(all)) return "irrevocable";
  return null;
}

// Sentence text: anything but a full stop, though an initial's stop ("Sofia L. Chen") does not end a sentence.
const IN_SENTENCE = String.raw`(?:[^.]|\b[A-Z]\.)*`;
// "until she attains the age of twenty-five (25) years": a condition on a share, kept in the instrument's words.
const CONDITION = new RegExp(String.raw`${IN_SENTENCE}\b(?:attains?|reach(?:es)?|until)\b${IN_SENTENCE}\bage\b${IN_SENTENCE}\.`, "g");
const KNOWN_AS = new RegExp(String.raw`${IN_SENTENCE}\bknown as\b${IN_SENTENCE}\.?`, "i");

export function readProfile(reading: InstrumentReading): { values: ProfileValues; sources: ProfileSources } {
  const live = reading.terms.filter((term) => term.status !== "deleted");
  const base: FieldSource = { documentId: reading.instrument.documentId, documentTitle: reading.instrument.title, passage: null };
  // The document whose live words hold a passage: an amendment's, once it replaced the clause.
  const sourceOf = (passage: string | null | undefined): FieldSource => {
    if (!passage) return base;
    const term = live.find((t) => t.body.includes(passage.slice(0, 80)));
    return term ? { documentId: term.source.documentId, documentTitle: term.source.title, passage } : { ...base, passage };
  };
  const people = (role: Party["role"]) => reading.parties.filter((p) => p.role === role);
  const firstPassage = (role: Party["role"]) => people(role).find((p) => p.sourceText)?.sourceText ?? null;
  // A condition is hers only when its own sentence names her.
  const conditionFor = (name: string) => {
    const first = name.split(/\s+/)[0] ?? name;
    for (const term of live) {
      if (!term.body.includes(first)) continue;
      for (const match of term.body.matchAll(CONDITION)) if (match[0].includes(first)) return match[0].trim();
    }
    return null;
  };
  const knownAs = live.find((t) => reading.name && /\bknown as\b/i.test(t.body));
  const values: ProfileValues = {
    name: reading.name ?? reading.instrument.title,
    type: trustTypeOf(
      reading.name ?? reading.instrument.title,
      live.map((t) => t.body),
      reading.type,
    ),
    date: reading.instrument.date,
    settlors: people(reading.type === "will" ? "testator" : "settlor").map((p) => ({ name: p.name })),
    trustees: people(reading.type === "will" ? "executor" : "trustee").map((p) => ({ name: p.name })),
    successorTrustees: people(reading.type === "will" ? "successor_executor" : "successor_trustee")
      .sort((a, b) => (a.order ?? 99) - (b.order ?? 99))
      .map((p) => ({ name: p.name, order: p.order ?? null })),
    beneficiaries: people("beneficiary").map((p) => ({ name: p.name, share: p.share ?? null, conditions: conditionFor(p.name) })),
    governingLaw: reading.governingLaw,
    jurisdictions: jurisdictionCodes(reading.governingLaw),
    estateTaxReturnRequired: null,
  };
  const namePassage = knownAs ? (KNOWN_AS.exec(knownAs.body)?.[0].trim() ?? knownAs.body.slice(0, 300)) : null;
  const sources: ProfileSources = {
    name: knownAs ? { documentId: knownAs.source.documentId, documentTitle: knownAs.source.title, passage: namePassage } : base,
    type: base,
    date: base,
    settlors: sourceOf(firstPassage(reading.type === "will" ? "testator" : "settlor")),
    trustees: sourceOf(firstPassage(reading.type === "will" ? "executor" : "trustee")),
    successorTrustees: sourceOf(firstPassage(reading.type === "will" ? "successor_executor" : "successor_trustee")),
    beneficiaries: sourceOf(firstPassage("beneficiary")),
    governingLaw: sourceOf(live.find((t) => reading.governingLaw && /\bgovern/i.test(t.body) && t.body.includes(reading.governingLaw))?.body.slice(0, 300)),
    jurisdictions: sourceOf(live.find((t) => reading.governingLaw && /\bgovern/i.test(t.body) && t.body.includes(reading.governingLaw))?.body.slice(0, 300)),
  };
  // A field no document states has no source: the page must not point at the instrument under an empty value.
  for (const field of PROFILE_FIELDS) {
    const value = values[field];
    if (value === null || (Array.isArray(value) && value.length === 0)) delete sources[field];
  }
  return { values, sources };
}

export function emptyProfile(): ProfileValues {
  return {
    name: null,
    type: null,
    date: null,
    settlors: [],
    trustees: [],
    successorTrustees: [],
    beneficiaries: [],
    governingLaw: null,
    jurisdictions: [],
    estateTaxReturnRequired: null,
  };
}
