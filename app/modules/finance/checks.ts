import type { Party } from "~/modules/documents/analysis/schema";
import type { DistributionWarning } from "./schema";

/** What a request is checked against: the clause it cites and the trust as its amendments leave it. */
export interface CheckInput {
  beneficiaryName: string;
  amountMinor: number;
  purpose: string;
  principalOrIncome: "principal" | "income";
  authority: { title: string; passage: string };
  /** The parties and terms of the trust as amended (or of the cited document alone when it has no family). */
  parties: readonly Party[];
  terms: readonly { heading: string | null; body: string }[];
  /** Cash on the side the request is paid from, and in all. */
  sideBalanceMinor: number;
  cashMinor: number;
  /** This beneficiary's distributions under the same clause this calendar year, before this one. */
  paidUnderClauseThisYearMinor: number;
  formatMoney: (minor: number) => string;
}

const words = (name: string) =>
  name
    .toLocaleLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 1);

/** A name's words as written (spaces apart), lower-cased, without accents or punctuation ("Hartwell-Chen" stays one). */
const tokens = (name: string) =>
  name
    .toLocaleLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}-]/gu, ""))
    .filter((w) => w.length > 1);

/**
 * Whether a member's name and a name in the instrument are the same person: the same first and the same last name,
 * middle initials aside ("Margaret Hartwell-Chen" and "Margaret A. Hartwell-Chen"; not "Margaret Chen"). A nickname
 * or a married name does not match, and the request then says the instrument does not name her: a warning, never a refusal.
 */
export function sameName(a: string, b: string): boolean {
  const [x, y] = [tokens(a), tokens(b)];
  if (x.length === 0 || y.length === 0) return false;
  return x[0] === y[0] && x.at(-1) === y.at(-1);
}

const HEMS = ["health", "education", "maintenance", "support"];
const HEMS_PURPOSE =
  /\b(health|medical|doctor|hospital|dental|therapy|insurance|education|tuition|school|college|university|books|maintenance|support|rent|housing|living|food|care|utilities)\b/i;
const AGE_CONDITION = /\b(?:age|attains?)\b[^.]{0,40}?\(?(\d{2})\)?/i;
const LIMIT = /up to \$?\s?([\d,]+(?:\.\d{2})?)/i;

/**
 * The warnings a request raises, read from the instrument: they inform the decision and never block it (the
 * trustee's discretion is the trust's); only a lack of cash stops a request, and that is not decided here.
 */
export function distributionWarnings(input: CheckInput): DistributionWarning[] {
  const warnings: DistributionWarning[] = [];
  const named = input.parties.filter((p) => p.role === "beneficiary" && sameName(p.name, input.beneficiaryName));
  if (named.length === 0) {
    warnings.push({ code: "notNamed", params: { name: input.beneficiaryName } });
  } else {
    const share = named.find((p) => p.share)?.share;
    if (share) warnings.push({ code: "share", params: { name: named[0].name, share } });
  }
  const names = named.length ? named.map((p) => p.name) : [input.beneficiaryName];
  for (const term of input.terms) {
    const body = new Set(words(term.body));
    const mentions = names.some((name) => words(name).every((w) => body.has(w)));
    const age = term.body.match(AGE_CONDITION);
    if (mentions && age) {
      warnings.push({ code: "ageCondition", params: { name: names[0], age: Number(age[1]), reference: term.heading ?? "" } });
      break;
    }
  }
  const spendthrift = input.terms.find((term) => /spendthrift/i.test(`${term.heading ?? ""} ${term.body}`));
  if (spendthrift) warnings.push({ code: "spendthrift", params: { reference: spendthrift.heading ?? "" } });

  const clause = `${input.authority.title} ${input.authority.passage}`.toLocaleLowerCase();
  if (HEMS.every((w) => clause.includes(w)) && !HEMS_PURPOSE.test(input.purpose)) warnings.push({ code: "hemsPurpose" });
  const limit = clause.match(LIMIT);
  if (limit && /annual|each year|per year|calendar year/.test(clause)) {
    const limitMinor = Math.round(Number(limit[1].replace(/,/g, "")) * 100);
    if (input.paidUnderClauseThisYearMinor + input.amountMinor > limitMinor) {
      warnings.push({ code: "overClauseLimit", params: { limit: input.formatMoney(limitMinor), paid: input.formatMoney(input.paidUnderClauseThisYearMinor) } });
    }
  }
  if (input.amountMinor > input.sideBalanceMinor && input.amountMinor <= input.cashMinor) {
    warnings.push({
      code: input.principalOrIncome === "income" ? "overIncome" : "overPrincipal",
      params: { balance: input.formatMoney(input.sideBalanceMinor) },
    });
  }
  return warnings;
}

/** Warnings the trustee must confirm before the request goes on (the others are information). */
export const CONFIRM_CODES = new Set(["overIncome", "overPrincipal", "overClauseLimit"]);
