/**
 * Scoring the document analysis against hand labels (tests/fixtures/analysis): each field is matched expected item
 * against found item, one to one, and counted as true positives (matched), false positives (found, not labelled) and
 * false negatives (labelled, not found). Matching rules, per field:
 *
 * - names: the app's own normaliser (sameName): "Margaret A. Hartwell-Chen" is "Margaret Hartwell-Chen";
 * - parties: name + role; found parties with the role "other" are not scored (the labels have no such role);
 * - offices: name + role, and order when the label gives one;
 * - shares: name + percent (sharePercent; "a third" is 33.33%), within 0.1 of a point;
 * - duties: the labelled quote is contained in the found duty's sentence (or its duty text), or at least 60% of the
 *   quote's content words occur in it. Found duties from one sentence count once (the labels give one per sentence);
 * - duty deadlines: over matched duties only, the labelled `due` against the found one (same words, one containing
 *   the other, or the same deadlineKey); a null label with a found deadline is a false positive;
 * - findings: same document + kind, and the labelled name among the change's names when the label names someone;
 * - scalar fields (documentType, instrumentDate, governingLaw): equal (governing law: one place name containing the other).
 *
 * When several pairings are possible the strongest scores are paired first (an exact name before a variant).
 */
import { deadlineKey, fold, nameKey, sameName } from "~/modules/ai/legal/normalise";
import { OFFICE_ROLES, type ComplianceRequirement, type Party } from "~/modules/documents/analysis/schema";
import { sharePercent } from "../changes";

export interface LabelParty {
  name: string;
  role: string;
}
export interface LabelOffice extends LabelParty {
  order: number | null;
}
export interface LabelShare {
  name: string;
  share: string;
}
export interface LabelDuty {
  quote: string;
  due: string | null;
}
export interface LabelFinding {
  kind: string;
  name?: string | null;
}
/** What a document (or the instrument as amended) is labelled with. */
export interface LabelTerms {
  parties: LabelParty[];
  offices: LabelOffice[];
  shares: LabelShare[];
  duties: LabelDuty[];
}
export interface LabelDocument extends LabelTerms {
  documentType: string;
  instrumentDate: string | null;
  governingLaw: string | null;
}

export interface FoundDuty {
  text: string;
  due: string | null;
}
export interface FoundFinding {
  document: string;
  kind: string;
  names: string[];
}

export interface Match<E, F> {
  pairs: [E, F][];
  missed: E[];
  extra: F[];
}

/** Pairs expected with found items one to one, strongest score first; a score of 0 never pairs. */
export function matchOneToOne<E, F>(expected: E[], found: F[], score: (e: E, f: F) => number): Match<E, F> {
  const candidates: { i: number; j: number; s: number }[] = [];
  expected.forEach((e, i) =>
    found.forEach((f, j) => {
      const s = score(e, f);
      if (s > 0) candidates.push({ i, j, s });
    }),
  );
  candidates.sort((a, b) => b.s - a.s || a.i - b.i || a.j - b.j);
  const usedE = new Set<number>();
  const usedF = new Set<number>();
  const pairs: [E, F][] = [];
  for (const { i, j } of candidates) {
    if (usedE.has(i) || usedF.has(j)) continue;
    usedE.add(i);
    usedF.add(j);
    pairs.push([expected[i], found[j]]);
  }
  return { pairs, missed: expected.filter((_, i) => !usedE.has(i)), extra: found.filter((_, j) => !usedF.has(j)) };
}

/** 2 for the same name key, 1 for a variant the app treats as the same person, 0 otherwise. */
export function nameScore(a: string, b: string): number {
  if (!sameName(a, b)) return 0;
  return nameKey(a) === nameKey(b) ? 2 : 1;
}

export const partyScore = (e: LabelParty, f: LabelParty): number => (e.role === f.role ? nameScore(e.name, f.name) : 0);

export const officeScore = (e: LabelOffice, f: { name: string; role: string; order?: number | null }): number =>
  e.role === f.role && (e.order === null || e.order === (f.order ?? null)) ? nameScore(e.name, f.name) : 0;

export function shareScore(e: LabelShare, f: LabelShare): number {
  const pe = sharePercent(e.share);
  const pf = sharePercent(f.share);
  return pe !== null && pf !== null && Math.abs(pe - pf) <= 0.1 ? nameScore(e.name, f.name) : 0;
}

/** Lower case, accents and punctuation gone, whitespace collapsed. */
export const plain = (text: string): string =>
  fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

const STOP = new Set("the a an and or of to for on by in at with as any each all shall must be is are this that its his her their such".split(" "));
const contentWords = (text: string) =>
  plain(text)
    .split(" ")
    .filter((w) => w.length > 1 && !STOP.has(w));

/** Share of the quote's content words that occur in the text (0 to 1). */
export function quoteOverlap(quote: string, text: string): number {
  const words = contentWords(quote);
  if (!words.length) return 0;
  const have = new Set(contentWords(text));
  return words.filter((w) => have.has(w)).length / words.length;
}

/** 2 when the quote is in the found sentence, the overlap (≥ 0.6) when mostly there, else 0. */
export function dutyScore(e: LabelDuty, f: FoundDuty): number {
  const quote = plain(e.quote);
  if (quote && ` ${plain(f.text)} `.includes(` ${quote} `)) return 2;
  const overlap = quoteOverlap(e.quote, f.text);
  return overlap >= 0.6 ? overlap : 0;
}

/** Same deadline: the same words, one wording containing the other, or the same comparable key. */
export function sameDeadline(a: string, b: string): boolean {
  const pa = plain(a);
  const pb = plain(b);
  if (pa === pb || ` ${pa} `.includes(` ${pb} `) || ` ${pb} `.includes(` ${pa} `)) return true;
  const ka = deadlineKey(a);
  return ka !== null && ka === deadlineKey(b);
}

export const findingScore = (e: LabelFinding & { document: string }, f: FoundFinding): number =>
  e.document === f.document && e.kind === f.kind && (!e.name || f.names.some((n) => sameName(n, e.name!))) ? 1 : 0;

export type FoundParty = Pick<Party, "name" | "role" | "order" | "share">;
export type FoundRequirement = Pick<ComplianceRequirement, "duty" | "due" | "sourceText">;
export type Counts = { tp: number; fp: number; fn: number };
export interface Miss {
  field: string;
  document: string;
  /** "missed": labelled, not found; "extra": found, not labelled. */
  type: "missed" | "extra";
  item: string;
}
export type FieldResult = Counts & { field: string; misses: Miss[] };
export interface FieldScore extends Counts {
  /** Null when nothing was found (precision) or nothing labelled (recall). */
  precision: number | null;
  recall: number | null;
}

export function fieldResult<E, F>(field: string, document: string, match: Match<E, F>, show: (item: E | F) => string): FieldResult {
  return {
    field,
    tp: match.pairs.length,
    fp: match.extra.length,
    fn: match.missed.length,
    misses: [
      ...match.missed.map((item) => ({ field, document, type: "missed" as const, item: show(item) })),
      ...match.extra.map((item) => ({ field, document, type: "extra" as const, item: show(item) })),
    ],
  };
}

/** Deadlines of matched duties: a labelled deadline found is a tp, one not found a fn, a wrong or unlabelled one a fp. */
export function deadlineResult(field: string, document: string, pairs: [LabelDuty, FoundDuty][]): FieldResult {
  const result: FieldResult = { field, tp: 0, fp: 0, fn: 0, misses: [] };
  const miss = (type: Miss["type"], item: string) => result.misses.push({ field, document, type, item });
  for (const [e, f] of pairs) {
    if (e.due && f.due && sameDeadline(e.due, f.due)) result.tp++;
    else {
      if (e.due) {
        result.fn++;
        miss("missed", `"${e.due}" for "${e.quote}"${f.due ? ` (found "${f.due}")` : ""}`);
      }
      if (f.due) {
        result.fp++;
        miss("extra", `"${f.due}" for "${e.quote}"`);
      }
    }
  }
  return result;
}

/** A single value: tp when equal, otherwise a fn for a labelled value and a fp for a found one. */
export function valueResult(
  field: string,
  document: string,
  expected: string | null,
  found: string | null,
  same = (a: string, b: string) => a === b,
): FieldResult {
  if (expected !== null && found !== null && same(expected, found)) return { field, tp: 1, fp: 0, fn: 0, misses: [] };
  const misses: Miss[] = [];
  if (expected !== null) misses.push({ field, document, type: "missed", item: `${expected}${found ? ` (found ${found})` : ""}` });
  if (found !== null) misses.push({ field, document, type: "extra", item: found });
  return { field, tp: 0, fp: found === null ? 0 : 1, fn: expected === null ? 0 : 1, misses };
}

const samePlace = (a: string, b: string) => plain(a).includes(plain(b)) || plain(b).includes(plain(a));
const OFFICES: readonly string[] = OFFICE_ROLES;

/** Found parties split the way the labels are: non-office roles, offices, and shares. */
export function splitParties(parties: FoundParty[]) {
  return {
    parties: parties.filter((p) => p.role !== "other" && !OFFICES.includes(p.role)).map((p) => ({ name: p.name, role: p.role })),
    offices: parties.filter((p) => OFFICES.includes(p.role)).map((p) => ({ name: p.name, role: p.role, order: p.order ?? null })),
    shares: parties.filter((p) => p.share).map((p) => ({ name: p.name, share: p.share! })),
  };
}

/** Found duties, one per sentence (the first deadline among those from the same sentence). */
export function foundDuties(duties: FoundRequirement[]): FoundDuty[] {
  const bySentence = new Map<string, FoundDuty>();
  for (const duty of duties) {
    const text = duty.sourceText ?? duty.duty;
    const key = plain(text);
    const seen = bySentence.get(key);
    if (!seen) bySentence.set(key, { text, due: duty.due });
    else if (!seen.due) seen.due = duty.due;
  }
  return [...bySentence.values()];
}

const show = (item: object) =>
  Object.values(item)
    .filter((v) => v !== null && v !== undefined && !(Array.isArray(v) && !v.length))
    .map((v) => (Array.isArray(v) ? v.join(", ") : String(v)))
    .join(" · ");

/** Parties, offices, shares, duties and duty deadlines of one reading; `prefix` names the fields ("asAmended "). */
export function scoreTerms(label: LabelTerms, found: { parties: FoundParty[]; duties: FoundRequirement[] }, document: string, prefix = ""): FieldResult[] {
  const split = splitParties(found.parties);
  const duties = matchOneToOne(label.duties, foundDuties(found.duties), dutyScore);
  return [
    fieldResult(`${prefix}parties`, document, matchOneToOne(label.parties, split.parties, partyScore), show),
    fieldResult(`${prefix}offices`, document, matchOneToOne(label.offices, split.offices, officeScore), show),
    fieldResult(`${prefix}shares`, document, matchOneToOne(label.shares, split.shares, shareScore), show),
    fieldResult(`${prefix}duties`, document, duties, (d) => ("quote" in d ? d.quote : d.text)),
    deadlineResult(`${prefix}duty deadlines`, document, duties.pairs),
  ];
}

/** Every field of one document's own analysis. */
export function scoreDocument(
  label: LabelDocument,
  found: Record<"documentType" | "instrumentDate" | "governingLaw", string | null> & { parties: FoundParty[]; complianceRequirements: FoundRequirement[] },
  document: string,
): FieldResult[] {
  return [
    valueResult("documentType", document, label.documentType, found.documentType),
    valueResult("instrumentDate", document, label.instrumentDate, found.instrumentDate),
    valueResult("governingLaw", document, label.governingLaw, found.governingLaw, samePlace),
    ...scoreTerms(label, { parties: found.parties, duties: found.complianceRequirements }, document),
  ];
}

/** Findings of a family: labelled (each with its document) against the changes found. */
export function scoreFindings(expected: (LabelFinding & { document: string })[], found: FoundFinding[], family: string): FieldResult {
  return fieldResult("findings", family, matchOneToOne(expected, found, findingScore), show);
}

/** Totals per field, in the order fields first appear, with precision and recall. */
export function summarise(results: FieldResult[]): Record<string, FieldScore> {
  const totals: Record<string, FieldScore> = {};
  for (const r of results) {
    const t = (totals[r.field] ??= { tp: 0, fp: 0, fn: 0, precision: null, recall: null });
    t.tp += r.tp;
    t.fp += r.fp;
    t.fn += r.fn;
  }
  for (const t of Object.values(totals)) {
    t.precision = t.tp + t.fp ? t.tp / (t.tp + t.fp) : null;
    t.recall = t.tp + t.fn ? t.tp / (t.tp + t.fn) : null;
  }
  return totals;
}
