/**
 * What each amendment changed in the trust, found by reading the terms it touched before and after: a changed
 * trustee or successor order, a beneficiary added or dropped, a share changed or no longer adding up, a duty's
 * deadline or cadence, the governing law, and an amendment made without a power to make it. Each change quotes
 * the words before (where they were) and after (in the amendment).
 */
import { deadlineKey, sameDuty, sameName } from "~/modules/ai/legal/normalise";
import type { PartyMention } from "~/modules/documents/analysis/parties";
import type { ComplianceRequirement, PartyRole } from "~/modules/documents/analysis/schema";
import { type AppliedEdit, type InstrumentText, type Term, type TermsReading } from "./consolidate";
import { citedPower } from "./edits";

export const CHANGE_KINDS = [
  "trustee_changed",
  "successor_order_changed",
  "beneficiary_added",
  "beneficiary_dropped",
  "share_changed",
  "shares_not_total",
  "duty_changed",
  "governing_law_changed",
  "amendment_without_power",
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface Quote {
  documentId: string;
  text: string;
}

export interface Change {
  kind: ChangeKind;
  /** The amendment that made the change. */
  documentId: string;
  /** Who it is about (new trustees, the successors in their new order, the beneficiary). */
  names: string[];
  /** Values for the sentence: before and after ("60 days" → "30 days", "40%" → "25%"). */
  from: string | null;
  to: string | null;
  before: Quote | null;
  after: Quote | null;
}

interface Step {
  amendment: InstrumentText;
  edits: AppliedEdit[];
  beforeTerms: Term[];
  afterTerms: Term[];
  before: TermsReading;
  after: TermsReading;
}

const quoteOf = (term: Term | undefined, text?: string): Quote | null => (term ? { documentId: term.source.documentId, text: text ?? term.body } : null);

/** Percent of a written share ("40%", "one-half", "a third"), or null. */
export function sharePercent(share: string | null): number | null {
  if (!share) return null;
  const percent = /(\d+(?:\.\d+)?)\s*%/.exec(share);
  if (percent) return Number(percent[1]);
  const words: [RegExp, number][] = [
    [/one[- ]half|a half/i, 50],
    [/two[- ]thirds/i, 66.67],
    [/one[- ]third|a third/i, 33.33],
    [/three[- ](?:quarters|fourths)/i, 75],
    [/one[- ](?:quarter|fourth)|a quarter/i, 25],
  ];
  return words.find(([pattern]) => pattern.test(share))?.[1] ?? null;
}

function mentionsIn(reading: TermsReading, termIds: Set<string>, roles: PartyRole[]) {
  return reading.mentions.filter((m) => roles.includes(m.role) && termIds.has((m.sentence.clause as Term).id));
}

function uniqueNames(names: string[]): string[] {
  return names.filter((name, i) => names.findIndex((other) => sameName(other, name)) === i);
}

const IRREVOCABLE = /\birrevocable\b|\b(?:may|shall|can) not be (?:amended|revoked|modified)|\bis not (?:amendable|revocable)\b/i;
const DECLARED_IRREVOCABLE = /\bthis (?:trust|agreement|instrument|settlement) (?:is|shall be) irrevocable\b/i;

/** Irrevocable by its opening words (not a "revocable" trust that only becomes irrevocable later), or by declaration. */
function isIrrevocable(text: string): boolean {
  const head = text.slice(0, 400);
  return (IRREVOCABLE.test(head) && !/\brevocable\b/i.test(head.replace(/irrevocable/gi, ""))) || DECLARED_IRREVOCABLE.test(text);
}
const CONSENT =
  /\bconsent of (?:all |each |every )?(?:of )?(?:the )?(?:qualified )?beneficiar|\bbeneficiar[^.]{0,60}\bconsent|\bcourt order|\border of the [A-Z][\w ]{0,40}Court|\bapproved by the [A-Za-z ]{0,30}court|\bdecant|\bnon-?judicial (?:binding |settlement )*agreement|\bconsents? in writing|\bwritten consent of (?:all|each|every)\b|\bProtector\b[^.]{0,80}\bpower/i;
const AMEND_POWER = /\bamend|\bmodif|\brevo[kc]|\balter\b|\bvary\b|\bvariation\b|\bappoint|\badd\b|\bremov/i;
// "The Grantor expressly waives all rights and powers … to alter, amend, revoke": a clause that takes the power away.
const NO_POWER =
  /\b(?:waives?|releases?|renounces?|relinquish\w*|surrenders?)\b[^.]{0,120}\b(?:power|right)|\b(?:has|have|shall have|retains?) no (?:power|right)|\bno (?:power|right) to (?:amend|alter|modify|revoke|vary)/i;

/** A clause that grants a power to change the trust or its trustees, and does not take it away. */
function grantsPower(text: string): boolean {
  return AMEND_POWER.test(text) && !NO_POWER.test(text);
}

const OFFICE_CHAINS: [PartyRole, PartyRole][] = [
  ["trustee", "successor_trustee"],
  ["executor", "successor_executor"],
  ["agent", "successor_agent"],
];
// "If Erik J. Lindqvist fails or ceases to serve, Astrid Lindqvist shall serve as co-trustee in his place": whoever
// serves only when another stops is next in the chain, whatever the office is called.
const SUCCESSION =
  /\b(?:if|when|upon|should|in the event|failing)\b(?:[^.;]|\b[A-Z]\.){0,100}?\b(?:fail|fails|failing|cease|ceases|ceasing|die|dies|death|resign|resigns|resignation|unable|incapacitated|incapacity|unwilling|whom)\b/i;

/** The office's holders and its successors in the order named (an office holder named in a succession is a successor). */
function chain(mentions: PartyMention[], office: PartyRole): { current: PartyMention[]; successors: PartyMention[] } {
  const succeeding = (m: PartyMention) => m.role !== office || SUCCESSION.test(m.sentence.text.slice(0, Math.max(m.sentence.text.indexOf(m.name), 0)));
  return { current: mentions.filter((m) => !succeeding(m)), successors: mentions.filter(succeeding) };
}

function termContaining(terms: Term[], sentence: string | null): Term | undefined {
  return sentence ? terms.find((term) => term.status !== "deleted" && term.body.includes(sentence.slice(0, 80))) : undefined;
}

function dutyTerm(terms: Term[], duty: ComplianceRequirement) {
  return termContaining(terms, duty.sourceText);
}

const DUTY_STOP = new Set("the a an and or of to for on by in at with as any each all shall must be is are this that its his her their such my our".split(" "));
/** A duty's words without its deadline: what it obliges, to compare a duty before and after an edit. */
function dutyWords(duty: ComplianceRequirement): Set<string> {
  const text = (duty.due ? duty.duty.replace(duty.due, " ") : duty.duty).toLowerCase();
  return new Set((text.match(/[a-z0-9]+/g) ?? []).filter((word) => word.length > 2 && !DUTY_STOP.has(word)).map((word) => word.replace(/s$/, "")));
}

/**
 * The same duty before and after the edit: the same statute or mostly the same words (sameDuty), else most of the
 * shorter duty's words (a duty whose deadline was rewritten often gains words: "and to my attorney"). Best pairs first.
 */
function pairDuties(before: ComplianceRequirement[], after: ComplianceRequirement[]): [ComplianceRequirement, ComplianceRequirement][] {
  const candidates: { i: number; j: number; score: number }[] = [];
  before.forEach((old, i) =>
    after.forEach((now, j) => {
      const a = dutyWords(old);
      const b = dutyWords(now);
      const shared = [...a].filter((word) => b.has(word)).length;
      const score = sameDuty(old, now) ? 2 : a.size && b.size ? shared / Math.min(a.size, b.size) : 0;
      if (score >= 0.6) candidates.push({ i, j, score });
    }),
  );
  candidates.sort((x, y) => y.score - x.score);
  const used = new Set<string>();
  const pairs: [ComplianceRequirement, ComplianceRequirement][] = [];
  for (const { i, j } of candidates) {
    if (used.has(`b${i}`) || used.has(`a${j}`)) continue;
    used.add(`b${i}`).add(`a${j}`);
    pairs.push([before[i], after[j]]);
  }
  if (!pairs.length && before.length === 1 && after.length === 1) pairs.push([before[0], after[0]]);
  return pairs;
}

/** The same deadline: the same words, or the same comparable key when both have one. */
function sameDue(a: string | null, b: string | null): boolean {
  if ((a ?? "").toLowerCase() === (b ?? "").toLowerCase()) return true;
  const ka = deadlineKey(a);
  return ka !== null && ka === deadlineKey(b);
}

/** The changes one amendment made. */
export function changesOf(step: Step, instrument: InstrumentText): Change[] {
  const changes: Change[] = [];
  const documentId = step.amendment.documentId;
  const touchedBefore = new Set(step.edits.flatMap((edit) => edit.before.map((term) => term.id)));
  const touchedAfter = new Set(step.edits.flatMap((edit) => edit.after));
  const replacedTerms = step.edits.flatMap((edit) => edit.before);
  const beforeTerm = (id: string) => step.beforeTerms.find((term) => term.id === id) ?? replacedTerms.find((term) => term.id === id);
  const afterTerm = (id: string) => step.afterTerms.find((term) => term.id === id);
  const push = (change: Omit<Change, "documentId">) => changes.push({ ...change, documentId });

  // Offices: the names the touched terms gave before and give now.
  for (const [office, successorRole] of OFFICE_CHAINS) {
    const roles: PartyRole[] = [office, successorRole];
    const old = chain(mentionsIn(step.before, touchedBefore, roles), office);
    const now = chain(mentionsIn(step.after, touchedAfter, roles), office);
    // Who holds the office now: a trustee appointed by a clause of its own ("appoints Nisha Kaur Bains to be a trustee")
    // is new when no earlier term named them.
    const sitting = chain(
      step.before.mentions.filter((m) => roles.includes(m.role)),
      office,
    ).current;
    const pairs: [PartyMention[], PartyMention[], boolean][] = [
      ...(office === "trustee" ? [[old.current.length ? old.current : sitting, now.current, false] as [PartyMention[], PartyMention[], boolean]] : []),
      [old.successors, now.successors, true],
    ];
    for (const [was, is, successor] of pairs) {
      if (!is.length || !was.length) continue;
      const oldNames = uniqueNames(was.map((m) => m.name));
      const newNames = uniqueNames(is.map((m) => m.name));
      const differs = successor
        ? oldNames.length !== newNames.length || oldNames.some((name, i) => !sameName(name, newNames[i]))
        : newNames.some((name) => !oldNames.some((o) => sameName(o, name))) ||
          (was !== sitting && oldNames.some((name) => !newNames.some((n) => sameName(n, name))));
      if (!differs) continue;
      push({
        kind: successor ? "successor_order_changed" : "trustee_changed",
        names: successor ? newNames : newNames.filter((name) => !oldNames.some((o) => sameName(o, name))),
        from: oldNames.join(", "),
        to: newNames.join(", "),
        before: quoteOf(beforeTerm((was[0].sentence.clause as Term).id) ?? termContaining(step.beforeTerms, was[0].sentence.text), was[0].sentence.text),
        after: quoteOf(afterTerm((is[0].sentence.clause as Term).id), is[0].sentence.text),
      });
    }
  }

  // Beneficiaries and shares.
  const oldBeneficiaries = mentionsIn(step.before, touchedBefore, ["beneficiary"]);
  const newBeneficiaries = mentionsIn(step.after, touchedAfter, ["beneficiary"]);
  const everBefore = step.before.mentions.filter((m) => m.role === "beneficiary");
  if (touchedAfter.size || touchedBefore.size) {
    for (const mention of uniqueNames(oldBeneficiaries.map((m) => m.name))) {
      const stillHere = newBeneficiaries.some((m) => sameName(m.name, mention));
      const edited = oldBeneficiaries.find((m) => sameName(m.name, mention))!;
      if (stillHere || (!newBeneficiaries.length && step.edits.every((e) => e.kind !== "delete" && e.kind !== "restate_all"))) continue;
      // Dropped from the list, yet still holding a share elsewhere in the trust: say so (the terms now disagree).
      const stillHolds = step.after.parties.find((p) => p.role === "beneficiary" && p.share && sameName(p.name, mention))?.share ?? null;
      push({
        kind: "beneficiary_dropped",
        names: [mention],
        from: edited.share,
        to: stillHolds,
        before: quoteOf(beforeTerm((edited.sentence.clause as Term).id), edited.sentence.text),
        after: newBeneficiaries[0] ? quoteOf(afterTerm((newBeneficiaries[0].sentence.clause as Term).id), newBeneficiaries[0].sentence.text) : null,
      });
    }
    for (const mention of newBeneficiaries) {
      if (changes.some((c) => c.kind === "beneficiary_added" && sameName(c.names[0], mention.name))) continue;
      const earlier = everBefore.filter((m) => sameName(m.name, mention.name));
      if (!earlier.length) {
        push({
          kind: "beneficiary_added",
          names: [mention.name],
          from: null,
          to: mention.share,
          before: null,
          after: quoteOf(afterTerm((mention.sentence.clause as Term).id), mention.sentence.text),
        });
        continue;
      }
      const oldShare = earlier.find((m) => m.share)?.share ?? null;
      if (
        mention.share &&
        oldShare &&
        sharePercent(mention.share) !== sharePercent(oldShare) &&
        !changes.some((c) => c.kind === "share_changed" && sameName(c.names[0], mention.name))
      ) {
        const was = earlier.find((m) => m.share)!;
        push({
          kind: "share_changed",
          names: [mention.name],
          from: oldShare,
          to: mention.share,
          before: quoteOf(beforeTerm((was.sentence.clause as Term).id) ?? termContaining(step.beforeTerms, was.sentence.text), was.sentence.text),
          after: quoteOf(afterTerm((mention.sentence.clause as Term).id), mention.sentence.text),
        });
      }
    }
  }
  const total = (reading: TermsReading) => {
    const shares = reading.parties.filter((p) => p.role === "beneficiary" && p.share).map((p) => sharePercent(p.share));
    return shares.length && shares.every((s) => s !== null) ? (shares as number[]).reduce((a, b) => a + b, 0) : null;
  };
  const totalAfter = total(step.after);
  const totalBefore = total(step.before);
  if (totalAfter !== null && Math.abs(totalAfter - 100) > 0.5 && (totalBefore === null || Math.abs(totalBefore - 100) <= 0.5)) {
    const shareMention = newBeneficiaries.find((m) => m.share) ?? step.after.mentions.find((m) => m.role === "beneficiary" && m.share);
    push({
      kind: "shares_not_total",
      names: [],
      from: totalBefore === null ? null : `${Math.round(totalBefore * 100) / 100}%`,
      to: `${Math.round(totalAfter * 100) / 100}%`,
      before: null,
      after: shareMention ? quoteOf(termContaining(step.afterTerms, shareMention.sentence.text), shareMention.sentence.text) : null,
    });
  }

  // Duties whose deadline or cadence changed.
  const oldDuties = step.before.duties.filter((duty) => touchedBefore.has(dutyTerm(replacedTerms, duty)?.id ?? ""));
  const newDuties = step.after.duties.filter((duty) => touchedAfter.has(dutyTerm(step.afterTerms, duty)?.id ?? ""));
  for (const [old, duty] of pairDuties(oldDuties, newDuties)) {
    if (sameDue(old.due, duty.due)) continue;
    push({
      kind: "duty_changed",
      names: [],
      from: old.due,
      to: duty.due,
      before: quoteOf(dutyTerm(replacedTerms, old), old.sourceText ?? undefined),
      after: quoteOf(dutyTerm(step.afterTerms, duty), duty.sourceText ?? undefined),
    });
  }

  // Governing law.
  if (step.before.governingLaw && step.after.governingLaw && step.before.governingLaw !== step.after.governingLaw) {
    const lawTerm = step.afterTerms.find((term) => touchedAfter.has(term.id) && term.body.includes(step.after.governingLaw!));
    const oldTerm = step.beforeTerms.find((term) => term.status !== "deleted" && term.body.includes(step.before.governingLaw!));
    push({
      kind: "governing_law_changed",
      names: [],
      from: step.before.governingLaw,
      to: step.after.governingLaw,
      before: quoteOf(oldTerm),
      after: quoteOf(lawTerm),
    });
  }

  // The power to amend: a cited clause must grant the power it is exercised under (an irrevocable instrument can still
  // be changed the ways it allows itself); otherwise an irrevocable trust needs consent, a court or a statute's route.
  const irrevocable = isIrrevocable(instrument.text);
  const cited = citedPower(step.amendment.text);
  const granting = cited
    ? step.beforeTerms.filter(
        (t) => t.status !== "deleted" && (t.section === cited.target.section || (cited.target.section === null && t.article === cited.target.article)),
      )
    : [];
  if (cited && granting.length) {
    if (!granting.some((t) => grantsPower(`${t.title ?? ""} ${t.body}`))) {
      push({ kind: "amendment_without_power", names: [], from: null, to: null, before: quoteOf(granting[0]), after: { documentId, text: cited.sourceText } });
    }
  } else if (irrevocable && !CONSENT.test(step.amendment.text)) {
    const term = step.beforeTerms.find((t) => /\birrevocable\b/i.test(t.body));
    push({
      kind: "amendment_without_power",
      names: [],
      from: null,
      to: null,
      before: quoteOf(term),
      after: cited ? { documentId, text: cited.sourceText } : { documentId, text: step.amendment.text.slice(0, 300).trim() },
    });
  }
  return changes;
}
