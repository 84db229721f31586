/**
 * Duty-of-loyalty checks (UTC §802) over a trust's money movements.
 *
 * The checks flag; they never clear. A registered basis (trust terms, court approval, beneficiary consent)
 * lowers a flag to "medium" and says what authorised it, but the flag stays so a reviewer sees it.
 */
import { bestMatch, matchesName, type NameMatch } from "./names";
import type { trusteeCompensation } from "./compensation";

/** The UTC §802 presumptions: who counts as a trustee's related person. */
export const RELATIONS = ["spouse", "descendant", "sibling", "parent", "parent_spouse", "agent", "attorney", "business", "other"] as const;
export type Relation = (typeof RELATIONS)[number];
/** What makes a transaction with a related person allowed (UTC §802(b)). */
export const CONFLICT_BASES = ["trust_terms", "court_approval", "beneficiary_consent"] as const;
export type ConflictBasis = (typeof CONFLICT_BASES)[number];
/** How a reviewer settles a flag: explained (what it was for), authorised (a basis now on file), not related, or repaid. */
export const FLAG_RESOLUTIONS = ["explained", "authorised", "not_related", "repaid"] as const;

export function isRelation(value: unknown): value is Relation {
  return typeof value === "string" && (RELATIONS as readonly string[]).includes(value);
}

/** Translation keys in the "compliance" namespace: a relation's label ("Spouse"), and its phrase inside a flag's sentence ("the spouse"). */
export const relationLabelKey = (relation: Relation) => `ethics.relationLabels.${relation}`;
export const relationPhraseKey = (relation: Relation) => `ethics.relations.${relation}`;

export interface RelatedParty {
  id: string;
  trusteeUserId: string;
  trusteeName: string;
  name: string;
  relation: Relation;
  aliases: string[];
  accountLastFour: string | null;
  basis: null | { kind: ConflictBasis; documentId: string | null; note: string | null };
}

export interface Trustee {
  userId: string;
  name: string;
  aliases: string[];
  ownAccountLastFours: string[];
  isBeneficiary: boolean;
}

export interface TransactionInput {
  id: string;
  postedOn: string;
  /** Negative = money out. */
  amountMinor: number;
  payee: string | null;
  description: string;
  category: string | null;
  counterpartyLastFour: string | null;
  transferAccountLastFour?: string | null;
}

export interface DistributionInput {
  id: string;
  requestedOn: string;
  paidOn: string | null;
  amountMinor: number;
  beneficiaryName: string;
  beneficiaryUserId: string | null;
  status: string;
  approvedByUserIds: string[];
  approvalRule: "single_trustee" | "all_trustees" | "beneficiary_poll";
}

export interface EthicsInput {
  trustees: Trustee[];
  relatedParties: RelatedParty[];
  transactions: TransactionInput[];
  distributions: DistributionInput[];
  compensation: ReturnType<typeof trusteeCompensation>;
  trustValueMinor: number | null;
  year: number;
}

export type FlagKind = "related_party_payment" | "trustee_self_payment" | "excess_compensation" | "self_dealing_distribution" | "commingling";

export interface EthicsFlag {
  /** Stable: `${kind}:${subjectType}:${subjectId}`. */
  key: string;
  kind: FlagKind;
  subjectType: "transaction" | "distribution" | "trustee";
  /** A transaction's or distribution's id; for excess compensation `${trusteeUserId}:${year}`, so each year's flag is its own. */
  subjectId: string;
  trusteeUserId: string | null;
  severity: "high" | "medium";
  /** A key in the "compliance" namespace. */
  messageKey: string;
  /** Amounts end in "Minor" (integer minor units); `flagTextParams` turns them into the texts' words. */
  params: Record<string, string | number>;
  authorisedBy: RelatedParty["basis"];
}

const REIMBURSEMENT = /reimburs/i;
const TRUSTEE_PAY_CATEGORY = /trustee/i;
// Transfers name the other account by a masked number: "TRANSFER TO …1234", "XFER FROM CHK 1234", "x1234".
const TRANSFER_WORD = /\b(?:transfer|xfer|trnsfr|tfr|zelle)\b/i;
const rank = { exact: 3, strong: 2, weak: 1, none: 0 } as const;
// A move between accounts (not a payment to a person): the words banks use for "own account transfer".
const ACCOUNT_TRANSFER = /\b(?:transfer|xfer|trnsfr|tfr|trf)\b/i;
const MASKED_FOUR = /(?:\.{2,}|…|\*+|#|\bx+|\b(?:ending(?:\s+in)?|acct|account|chk|checking|sav|savings)\s*#?\s*[.…*x]*)\s*(\d{4})\b/gi;
const REFERENCE_BEFORE = /\b(?:ref|reference|conf|confirmation|trace|id|check|chk\s*#)\s*#?\s*$/i;

function flag(
  kind: FlagKind,
  subjectType: EthicsFlag["subjectType"],
  subjectId: string,
  rest: Omit<EthicsFlag, "key" | "kind" | "subjectType" | "subjectId">,
): EthicsFlag {
  return { key: `${kind}:${subjectType}:${subjectId}`, kind, subjectType, subjectId, ...rest };
}

/** The last fours a transfer's description names ("TRANSFER TO …1234"), leaving out reference and check numbers. */
export function maskedLastFours(description: string): string[] {
  if (!TRANSFER_WORD.test(description)) return [];
  const out: string[] = [];
  for (const m of description.matchAll(MASKED_FOUR)) {
    const before = description.slice(0, m.index ?? 0);
    if (m[0].startsWith("#") && REFERENCE_BEFORE.test(before)) continue;
    out.push(m[1]);
  }
  return out;
}

/** Every last four the transaction names: its counterparty, its transfer account, or a masked number in its description. */
function lastFoursOf(tx: TransactionInput): Set<string> {
  const fours = new Set(maskedLastFours(tx.description));
  if (tx.counterpartyLastFour) fours.add(tx.counterpartyLastFour);
  if (tx.transferAccountLastFour) fours.add(tx.transferAccountLastFour);
  return fours;
}

/**
 * The trustee whose own account is on the other side: by the account's last four (stored or in the description), or
 * a transfer between accounts whose payee or description names the trustee (a Zelle or a check is a payment, not this;
 * a transfer booked as the trustee's fee or a reimbursement is flagged as their pay instead).
 */
export function ownAccountOf(tx: TransactionInput, trustees: Trustee[], fours: Set<string>): { trustee: Trustee; lastFour: string | null } | null {
  for (const trustee of trustees) {
    const lastFour = trustee.ownAccountLastFours.find((f) => fours.has(f));
    if (lastFour) return { trustee, lastFour };
  }
  if (!ACCOUNT_TRANSFER.test(`${tx.payee ?? ""} ${tx.description}`)) return null;
  if (tx.category !== null && (TRUSTEE_PAY_CATEGORY.test(tx.category) || REIMBURSEMENT.test(tx.category))) return null;
  const named = trustees
    .map((t) => ({ trustee: t, m: nameMatch(tx, [t.name, ...t.aliases], false) }))
    .filter((x) => x.m.strength === "exact" || x.m.strength === "strong")
    .sort((a, b) => rank[b.m.strength] - rank[a.m.strength])[0];
  return named ? { trustee: named.trustee, lastFour: null } : null;
}

/** How well any of the texts (a payee, a description, a distribution's recipient) names someone under any of their names. */
function textsMatch(texts: (string | null)[], names: string[], business: boolean): NameMatch {
  const said = texts.filter((t): t is string => t !== null && t.trim() !== "");
  return bestMatch(said.flatMap((text) => names.filter((n) => n.trim() !== "").map((n) => matchesName(text, n, { business }))));
}

/** How well the payee or description names someone under any of their names. */
function nameMatch(tx: TransactionInput, names: string[], business: boolean): NameMatch {
  return textsMatch([tx.payee, tx.description], names, business);
}

interface PartyHit {
  party: RelatedParty;
  byAccount: boolean;
  byName: NameMatch;
}

/** The registered parties the texts (or an account's last four) name, the one that decides the flag first. */
function partyHits(texts: (string | null)[], parties: RelatedParty[], fours: Set<string>): PartyHit[] {
  const hits = parties
    .map((p) => ({
      party: p,
      byAccount: p.accountLastFour !== null && fours.has(p.accountLastFour),
      byName: textsMatch(texts, [p.name, ...p.aliases], p.relation === "business"),
    }))
    .filter((h) => h.byAccount || h.byName.match);
  // One flag per payment: an unauthorised party first (it decides the severity), then the surest match.
  return hits.sort((a, b) => Number(a.party.basis !== null) - Number(b.party.basis !== null) || rank[b.byName.strength] - rank[a.byName.strength]);
}

function relatedPartyFlag(tx: TransactionInput, parties: RelatedParty[], fours: Set<string>): EthicsFlag | null {
  const hits = partyHits([tx.payee, tx.description], parties, fours);
  if (hits.length === 0) return null;
  const { party, byAccount, byName } = hits[0];
  return flag("related_party_payment", "transaction", tx.id, {
    trusteeUserId: party.trusteeUserId,
    severity: party.basis ? "medium" : "high",
    messageKey: party.basis ? "ethics.flags.relatedPartyPaymentAuthorised" : "ethics.flags.relatedPartyPayment",
    params: {
      name: party.name,
      relation: party.relation,
      trusteeName: party.trusteeName,
      amountMinor: -tx.amountMinor,
      date: tx.postedOn,
      matchedBy: byName.match ? byName.strength : byAccount ? "account" : "none",
      otherParties: hits.length - 1,
    },
    authorisedBy: party.basis,
  });
}

/**
 * A distribution whose recipient is a registered related party. Being a beneficiary does not clear it: a trustee's
 * dealing with a related person is presumed a conflict (UTC §802(c)), so the reviewer checks it follows the terms.
 * The same matching and the same rule for a basis on file as for a bank payment.
 */
function relatedPartyDistributionFlag(d: DistributionInput, parties: RelatedParty[]): EthicsFlag | null {
  const hits = partyHits([d.beneficiaryName], parties, new Set());
  if (hits.length === 0) return null;
  const { party, byName } = hits[0];
  return flag("related_party_payment", "distribution", d.id, {
    trusteeUserId: party.trusteeUserId,
    severity: party.basis ? "medium" : "high",
    messageKey: party.basis ? "ethics.flags.relatedPartyDistributionAuthorised" : "ethics.flags.relatedPartyDistribution",
    params: {
      name: party.name,
      beneficiaryName: d.beneficiaryName,
      relation: party.relation,
      trusteeName: party.trusteeName,
      amountMinor: d.amountMinor,
      date: d.paidOn ?? d.requestedOn,
      matchedBy: byName.strength,
      otherParties: hits.length - 1,
    },
    authorisedBy: party.basis,
  });
}

/** The instrument's words, as the basis of a payment the terms allow. */
function termsBasis(compensation: EthicsInput["compensation"]): RelatedParty["basis"] {
  const allows = compensation.kind === "reasonable" || compensation.kind === "percent" || compensation.kind === "fixed";
  return allows ? { kind: "trust_terms", documentId: null, note: compensation.sourceText } : null;
}

/** The most the terms allow in a year, or null when they set no checkable limit. */
export function allowedCompensationMinor(compensation: EthicsInput["compensation"], trustValueMinor: number | null): number | null {
  if (compensation.kind === "none") return 0;
  if (compensation.kind === "fixed" && compensation.fixedCentsPerYear !== undefined) return compensation.fixedCentsPerYear;
  if (compensation.kind === "percent" && compensation.percentPerYear !== undefined && trustValueMinor !== null) {
    // In integers: percent to millionths, so 0.75% of a large trust does not lose cents to floating point.
    const millionths = BigInt(Math.round(compensation.percentPerYear * 10_000));
    return Number((BigInt(Math.round(trustValueMinor)) * millionths) / 1_000_000n);
  }
  return null;
}

const PAID_STATUSES = new Set(["approved", "paid", "completed", "disbursed", "scheduled"]);

function isApprovedOrPaid(d: DistributionInput): boolean {
  return d.paidOn !== null || PAID_STATUSES.has(d.status.toLowerCase());
}

/** Every flag for the trust's money movements; totals against the compensation terms are for `year`. */
export function ethicsFlags(input: EthicsInput): EthicsFlag[] {
  const flags: EthicsFlag[] = [];
  const paidToTrustee = new Map<string, number>(input.trustees.map((t) => [t.userId, 0]));
  const basis = termsBasis(input.compensation);
  const yearPrefix = `${input.year}-`;

  for (const tx of input.transactions) {
    if (tx.amountMinor === 0) continue;
    const out = tx.amountMinor < 0;
    const fours = lastFoursOf(tx);

    // Commingling: money between the trust and a trustee's own account, either way (UTC §810(b)).
    const own = ownAccountOf(tx, input.trustees, fours);
    const owner = own?.trustee ?? null;
    if (own) {
      const named = own.lastFour === null;
      flags.push(
        flag("commingling", "transaction", tx.id, {
          trusteeUserId: own.trustee.userId,
          severity: out ? "high" : "medium",
          messageKey: `ethics.flags.commingling${out ? "Out" : "In"}${named ? "Named" : ""}`,
          params: { trusteeName: own.trustee.name, lastFour: own.lastFour ?? "", amountMinor: Math.abs(tx.amountMinor), date: tx.postedOn },
          authorisedBy: null,
        }),
      );
    }
    if (!out) continue;

    const related = relatedPartyFlag(tx, input.relatedParties, fours);
    if (related) flags.push(related);

    const reimbursement = tx.category !== null && REIMBURSEMENT.test(tx.category);
    const payee = input.trustees
      .map((t) => ({ trustee: t, m: nameMatch(tx, [t.name, ...t.aliases], false) }))
      .filter((x) => x.m.match)
      .sort((a, b) => rank[b.m.strength] - rank[a.m.strength])[0]?.trustee;
    // Money to a trustee's own account is paid to that trustee, whatever the description says.
    const paidTo = payee ?? owner ?? null;
    if (paidTo && !reimbursement && tx.postedOn.startsWith(yearPrefix)) {
      paidToTrustee.set(paidTo.userId, (paidToTrustee.get(paidTo.userId) ?? 0) - tx.amountMinor);
    }
    // A "trustee fee" paid to no one we can name is still a trustee's pay: flag it for review.
    const trusteeCategory = tx.category !== null && TRUSTEE_PAY_CATEGORY.test(tx.category);
    // A transfer to an account in the trustee's name is flagged once, as commingling (it still counts as their pay).
    const namedTransfer = own !== null && own.lastFour === null;
    if (!namedTransfer && (payee || (trusteeCategory && !owner))) {
      flags.push(
        flag("trustee_self_payment", "transaction", tx.id, {
          trusteeUserId: payee?.userId ?? null,
          severity: reimbursement || basis ? "medium" : "high",
          messageKey: !payee ? "ethics.flags.trusteeFeeUnnamed" : reimbursement ? "ethics.flags.trusteeReimbursement" : "ethics.flags.trusteeSelfPayment",
          params: { trusteeName: payee?.name ?? "", amountMinor: -tx.amountMinor, date: tx.postedOn, compensation: input.compensation.kind },
          authorisedBy: reimbursement ? null : basis,
        }),
      );
    }
  }

  // What each trustee was paid in the year against what the terms allow.
  const allowed = allowedCompensationMinor(input.compensation, input.trustValueMinor);
  if (allowed !== null) {
    for (const trustee of input.trustees) {
      const total = paidToTrustee.get(trustee.userId) ?? 0;
      if (total <= allowed) continue;
      flags.push(
        flag("excess_compensation", "trustee", `${trustee.userId}:${input.year}`, {
          trusteeUserId: trustee.userId,
          severity: "high",
          messageKey: input.compensation.kind === "none" ? "ethics.flags.compensationNotAllowed" : "ethics.flags.excessCompensation",
          params: { trusteeName: trustee.name, year: input.year, totalMinor: total, allowedMinor: allowed, excessMinor: total - allowed },
          authorisedBy: null,
        }),
      );
    }
  }

  for (const d of input.distributions) {
    if (!isApprovedOrPaid(d)) continue;
    const related = relatedPartyDistributionFlag(d, input.relatedParties);
    if (related) flags.push(related);
    const self = input.trustees.find(
      (t) => (d.beneficiaryUserId !== null && d.beneficiaryUserId === t.userId) || [t.name, ...t.aliases].some((n) => matchesName(d.beneficiaryName, n).match),
    );
    if (!self) continue;
    const coTrustees = input.trustees.filter((t) => t.userId !== self.userId);
    if (coTrustees.some((t) => d.approvedByUserIds.includes(t.userId))) continue;
    const sole = coTrustees.length === 0;
    flags.push(
      flag("self_dealing_distribution", "distribution", d.id, {
        trusteeUserId: self.userId,
        severity: "high",
        messageKey: sole ? "ethics.flags.selfDealingDistributionSoleTrustee" : "ethics.flags.selfDealingDistribution",
        params: { trusteeName: self.name, amountMinor: d.amountMinor, date: d.paidOn ?? d.requestedOn, approvalRule: d.approvalRule },
        authorisedBy: null,
      }),
    );
  }
  return flags;
}

/** A flag's params as its text needs them: `xMinor` amounts formatted as `x`, the relation and date in the reader's words. */
export function flagTextParams(
  params: EthicsFlag["params"],
  format: { money: (minor: number) => string; relation: (relation: Relation) => string; day?: (iso: string) => string },
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key.endsWith("Minor") && typeof value === "number") out[key.slice(0, -"Minor".length)] = format.money(value);
    else if (key === "relation" && isRelation(value)) out.relation = format.relation(value);
    else if (key === "date" && typeof value === "string" && format.day) out.date = format.day(value);
    else out[key] = value;
  }
  return out;
}
