/**
 * What each amendment changed in the trust, found by reading the terms it touched before and after: a changed
 * trustee or successor order, a beneficiary added or dropped, a share changed or no longer adding up, a duty's
 * deadline or cadence, the governing law, and an amendment made without a power to make it. Each change quotes
 * the words before (where they were) and after (in the amendment).
 */
import { deadlineKey, sameDuty, sameName } from "~/modules/ai/legal/normalise";
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
  /\bconsent of (?:all |each |every )?(?:of )?(?:the )?(?:qualified )?beneficiar|\bbeneficiar[^.]{0,60}\bconsent|\bcourt order|\border of the [A-Z][\w ]{0,40}Court|\bapproved by the [A-Za-z ]{0,30}court|\bdecant|\bnonjudicial settlement|\bProtector\b[^.]{0,80}\bpower/i;
const AMEND_POWER = /\bamend|\bmodif|\brevo[kc]|\balter\b|\bvary\b|\bvariation\b/i;

function termContaining(terms: Term[], sentence: string | null): Term | undefined {
  return sentence ? terms.find((term) => term.status !== "deleted" && term.body.includes(sentence.slice(0, 80))) : undefined;
}

function dutyTerm(terms: Term[], duty: ComplianceRequirement) {
  return termContaining(terms, duty.sourceText);
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
  for (const role of ["trustee", "successor_trustee"] as const) {
    const old = mentionsIn(step.before, touchedBefore, [role]);
    const now = mentionsIn(step.after, touchedAfter, [role]);
    if (!now.length || !old.length) continue;
    const oldNames = uniqueNames(old.map((m) => m.name));
    const newNames = uniqueNames(now.map((m) => m.name));
    const successor = role === "successor_trustee";
    const differs = successor
      ? oldNames.length !== newNames.length || oldNames.some((name, i) => !sameName(name, newNames[i]))
      : newNames.some((name) => !oldNames.some((o) => sameName(o, name))) || oldNames.some((name) => !newNames.some((n) => sameName(n, name)));
    if (!differs) continue;
    push({
      kind: successor ? "successor_order_changed" : "trustee_changed",
      names: successor ? newNames : newNames.filter((name) => !oldNames.some((o) => sameName(o, name))),
      from: oldNames.join(", "),
      to: newNames.join(", "),
      before: quoteOf(beforeTerm((old[0].sentence.clause as Term).id), old[0].sentence.text),
      after: quoteOf(afterTerm((now[0].sentence.clause as Term).id), now[0].sentence.text),
    });
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
  for (const duty of newDuties) {
    const old = oldDuties.find((candidate) => sameDuty(candidate, duty)) ?? (oldDuties.length === 1 && newDuties.length === 1 ? oldDuties[0] : undefined);
    if (!old || (old.due ?? "") === (duty.due ?? "") || deadlineKey(old.due) === deadlineKey(duty.due)) continue;
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

  // The power to amend: an irrevocable trust needs consent or a court; a cited section must grant the power.
  const irrevocable = isIrrevocable(instrument.text);
  const cited = citedPower(step.amendment.text);
  if (irrevocable && !CONSENT.test(step.amendment.text)) {
    const term = step.beforeTerms.find((t) => /\birrevocable\b/i.test(t.body));
    push({
      kind: "amendment_without_power",
      names: [],
      from: null,
      to: null,
      before: quoteOf(term),
      after: cited ? { documentId, text: cited.sourceText } : { documentId, text: step.amendment.text.slice(0, 300).trim() },
    });
  } else if (cited) {
    const granting = step.beforeTerms.filter(
      (t) => t.status !== "deleted" && (t.section === cited.target.section || (cited.target.section === null && t.article === cited.target.article)),
    );
    if (granting.length && !granting.some((t) => AMEND_POWER.test(`${t.title ?? ""} ${t.body}`))) {
      push({ kind: "amendment_without_power", names: [], from: null, to: null, before: quoteOf(granting[0]), after: { documentId, text: cited.sourceText } });
    }
  }
  return changes;
}
