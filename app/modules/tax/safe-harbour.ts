/**
 * How much estimated tax a trust must pay in the year to owe no underpayment addition (26 U.S.C.
 * §6654(d)(1), applied to estates and trusts by §6654(l)): the lesser of 90% of this year's tax and 100% of
 * last year's, 110% when last year's adjusted gross income exceeded $150,000. Amounts are integer cents.
 */

export type SafeHarbourBasis = "current90" | "prior100" | "prior110";

export interface SafeHarbourInput {
  /** This year's tax as now estimated. */
  currentYearTaxMinor: number;
  /**
   * Last year's tax, or null when last year offers no safe harbour: §6654(d)(1)(B)(ii) needs a preceding
   * tax year of 12 months for which a return was filed (a trust in its first year, or after a short year).
   */
  priorYearTaxMinor: number | null;
  priorYearAgiMinor: number;
}

export interface SafeHarbour {
  requiredAnnualMinor: number;
  basis: SafeHarbourBasis;
  /** The four required installments (§6654(d)(1)(A): 25% each); the last takes the cents that do not divide. */
  installmentsMinor: [number, number, number, number];
}

/** $150,000 (§6654(d)(1)(C)(i)); the $75,000 for married individuals filing separately never applies to a trust. */
export const HIGHER_INCOME_AGI_MINOR = 15_000_000;

/** `percent` of a whole number of cents, rounded up to the cent, in integer arithmetic (no 0.1 + 0.2). */
function percentRoundedUp(minor: number, percent: number): number {
  return Math.floor((minor * percent + 99) / 100);
}

function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole, non-negative number of cents, not ${value}`);
}

export function safeHarbour({ currentYearTaxMinor, priorYearTaxMinor, priorYearAgiMinor }: SafeHarbourInput): SafeHarbour {
  assertCents("currentYearTaxMinor", currentYearTaxMinor);
  assertCents("priorYearAgiMinor", priorYearAgiMinor);
  if (priorYearTaxMinor !== null) assertCents("priorYearTaxMinor", priorYearTaxMinor);

  const current90 = percentRoundedUp(currentYearTaxMinor, 90);
  let requiredAnnualMinor = current90;
  let basis: SafeHarbourBasis = "current90";
  if (priorYearTaxMinor !== null) {
    const higherIncome = priorYearAgiMinor > HIGHER_INCOME_AGI_MINOR;
    const prior = higherIncome ? percentRoundedUp(priorYearTaxMinor, 110) : priorYearTaxMinor;
    // On a tie, last year's figure: it is known, where this year's is still an estimate.
    if (prior <= current90) {
      requiredAnnualMinor = prior;
      basis = higherIncome ? "prior110" : "prior100";
    }
  }

  // The first three round down by less than a cent each; the last makes up the total exactly.
  const installment = Math.floor(requiredAnnualMinor / 4);
  const installmentsMinor: SafeHarbour["installmentsMinor"] = [installment, installment, installment, requiredAnnualMinor - 3 * installment];
  return { requiredAnnualMinor, basis, installmentsMinor };
}
