import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeHarbour } from "./safe-harbour";

describe("the estimated-tax safe harbour (26 U.S.C. §6654(d)(1))", () => {
  it("takes 90% of this year's tax when it is the lesser, rounded up to the cent", () => {
    // 90% of $10,000.01 is $9,000.009: $9,000.01. Last year's $20,000 is more.
    const result = safeHarbour({ currentYearTaxMinor: 1_000_001, priorYearTaxMinor: 2_000_000, priorYearAgiMinor: 10_000_000 });
    expect(result).toEqual({ requiredAnnualMinor: 900_001, basis: "current90", installmentsMinor: [225_000, 225_000, 225_000, 225_001] });
  });

  it("takes 100% of last year's tax when last year's AGI was $150,000 or less", () => {
    // AGI of exactly $150,000 does not exceed $150,000. 90% of $50,000 = $45,000 > $30,000.
    const result = safeHarbour({ currentYearTaxMinor: 5_000_000, priorYearTaxMinor: 3_000_000, priorYearAgiMinor: 15_000_000 });
    expect(result).toEqual({ requiredAnnualMinor: 3_000_000, basis: "prior100", installmentsMinor: [750_000, 750_000, 750_000, 750_000] });
  });

  it("takes 110% of last year's tax when last year's AGI exceeded $150,000", () => {
    // 110% of $30,000.01 is $33,000.011: $33,000.02, in four: 3 × $8,250.00 and $8,250.02.
    const result = safeHarbour({ currentYearTaxMinor: 10_000_000, priorYearTaxMinor: 3_000_001, priorYearAgiMinor: 15_000_001 });
    expect(result).toEqual({ requiredAnnualMinor: 3_300_002, basis: "prior110", installmentsMinor: [825_000, 825_000, 825_000, 825_002] });
  });

  it("uses this year's tax when 110% of last year's is more", () => {
    // 90% of $30,000 = $27,000 < 110% of $25,000 = $27,500.
    const result = safeHarbour({ currentYearTaxMinor: 3_000_000, priorYearTaxMinor: 2_500_000, priorYearAgiMinor: 20_000_000 });
    expect(result.basis).toBe("current90");
    expect(result.requiredAnnualMinor).toBe(2_700_000);
  });

  it("has only this year's tax to go by when there is no prior year return", () => {
    const result = safeHarbour({ currentYearTaxMinor: 999, priorYearTaxMinor: null, priorYearAgiMinor: 0 });
    // 90% of 9.99 is 8.991: 9.00, in four: 3 × 2.25 and 2.25.
    expect(result).toEqual({ requiredAnnualMinor: 900, basis: "current90", installmentsMinor: [225, 225, 225, 225] });
  });

  it("prefers last year's known figure on a tie, and asks nothing when last year's tax was nil", () => {
    expect(safeHarbour({ currentYearTaxMinor: 1_000_000, priorYearTaxMinor: 900_000, priorYearAgiMinor: 0 }).basis).toBe("prior100");
    expect(safeHarbour({ currentYearTaxMinor: 1_000_000, priorYearTaxMinor: 0, priorYearAgiMinor: 0 })).toEqual({
      requiredAnnualMinor: 0,
      basis: "prior100",
      installmentsMinor: [0, 0, 0, 0],
    });
  });

  it("refuses amounts that are not whole cents", () => {
    expect(() => safeHarbour({ currentYearTaxMinor: 10.5, priorYearTaxMinor: 0, priorYearAgiMinor: 0 })).toThrow(RangeError);
    expect(() => safeHarbour({ currentYearTaxMinor: 100, priorYearTaxMinor: -1, priorYearAgiMinor: 0 })).toThrow(RangeError);
  });

  it("four installments always add up to the required amount, the last within 3 cents of the others", () => {
    fc.assert(
      fc.property(fc.nat(1e11), fc.option(fc.nat(1e11)), fc.nat(1e11), (current, prior, agi) => {
        const { requiredAnnualMinor, installmentsMinor } = safeHarbour({ currentYearTaxMinor: current, priorYearTaxMinor: prior, priorYearAgiMinor: agi });
        expect(installmentsMinor.reduce((sum, part) => sum + part, 0)).toBe(requiredAnnualMinor);
        expect(installmentsMinor[3] - installmentsMinor[0]).toBeGreaterThanOrEqual(0);
        expect(installmentsMinor[3] - installmentsMinor[0]).toBeLessThanOrEqual(3);
        expect(requiredAnnualMinor).toBeGreaterThanOrEqual(Math.min(current * 0.9, prior === null ? Infinity : prior) - 1e-6);
      }),
    );
  });
});
