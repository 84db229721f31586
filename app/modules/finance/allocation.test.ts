import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, allocationTable, shareOf, UPIA_DEFAULTS } from "./allocation";

describe("principal and income allocation (UPIA defaults)", () => {
  it("follows the Act's table: income bears ordinary expenses and half the trustee's and advisers' fees", () => {
    const table = Object.fromEntries(allocationTable({}).map((row) => [row.category, row.incomeShareBp]));
    expect(table).toEqual({
      dividends: 10000,
      interest: 10000,
      rent: 10000,
      sales: 0,
      contributions: 0,
      taxes: 10000,
      insurance: 10000,
      repairs: 10000,
      utilities: 10000,
      bank_fees: 10000,
      professional_fees: 5000,
      trustee_compensation: 5000,
      capital_improvements: 0,
      debt_principal: 0,
    });
  });

  it("splits a trustee fee half and half, the odd cent to income", () => {
    expect(allocate({ amountMinor: -315001, category: "trustee_compensation", principalOrIncome: "principal" }, {})).toEqual({
      kind: "disbursement",
      basis: "category",
      incomeMinor: -157501,
      principalMinor: -157500,
    });
  });

  it("charges a dividend, interest and an insurance premium to income and a sale and a repayment to principal", () => {
    expect(allocate({ amountMinor: 124018, category: "dividends", principalOrIncome: "income" }, {})).toMatchObject({
      kind: "receipt",
      incomeMinor: 124018,
      principalMinor: 0,
    });
    expect(allocate({ amountMinor: -189400, category: "insurance", principalOrIncome: "income" }, {})).toMatchObject({
      incomeMinor: -189400,
      principalMinor: 0,
    });
    expect(allocate({ amountMinor: 5000000, category: "sales", principalOrIncome: "principal" }, {})).toMatchObject({
      incomeMinor: 0,
      principalMinor: 5000000,
    });
    expect(allocate({ amountMinor: -100000, category: "debt_principal", principalOrIncome: "principal" }, {})).toMatchObject({
      incomeMinor: 0,
      principalMinor: -100000,
    });
  });

  it("applies the trustee's setting where the instrument directs otherwise", () => {
    expect(allocate({ amountMinor: -10000, category: "trustee_compensation", principalOrIncome: "principal" }, { trustee_compensation: 2500 })).toMatchObject({
      incomeMinor: -2500,
      principalMinor: -7500,
    });
    const row = allocationTable({ trustee_compensation: 2500 }).find((r) => r.category === "trustee_compensation");
    expect(row).toMatchObject({ incomeShareBp: 2500, defaultIncomeShareBp: 5000, isDefault: false });
  });

  it("keeps a person's deliberate side over the category's rule", () => {
    // Taxes default to income; a capital-gains tax payment marked principal stays principal.
    expect(allocate({ amountMinor: -220000, category: "taxes", principalOrIncome: "principal" }, {})).toEqual({
      kind: "disbursement",
      basis: "chosen",
      principalMinor: -220000,
      incomeMinor: 0,
    });
  });

  it("pays a distribution from the side it names, leaves transfers out, and puts the uncategorised in principal", () => {
    expect(allocate({ amountMinor: -250000, category: "distribution", principalOrIncome: "principal" }, {})).toMatchObject({
      kind: "distribution",
      principalMinor: -250000,
    });
    expect(allocate({ amountMinor: -250000, category: "distribution", principalOrIncome: null }, {})).toMatchObject({
      kind: "distribution",
      incomeMinor: -250000,
    });
    expect(allocate({ amountMinor: 100000, category: "transfer", principalOrIncome: "principal" }, {})).toMatchObject({ kind: "transfer" });
    expect(allocate({ amountMinor: 4277, category: null, principalOrIncome: null }, {})).toMatchObject({
      kind: "receipt",
      basis: "uncategorised",
      principalMinor: 4277,
    });
  });

  it("never loses or invents a cent, and a refund divides exactly like its charge", () => {
    const categories = Object.keys(UPIA_DEFAULTS);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(...categories), fc.integer({ min: 0, max: 10000 }), (amount, category, bp) => {
        const settings = { [category]: bp };
        const a = allocate({ amountMinor: amount, category, principalOrIncome: null }, settings);
        const b = allocate({ amountMinor: -amount, category, principalOrIncome: null }, settings);
        expect(a.principalMinor + a.incomeMinor).toBe(amount);
        expect(b.incomeMinor).toBe(-a.incomeMinor || 0);
        expect(Object.is(a.incomeMinor, -0) || Object.is(a.principalMinor, -0)).toBe(false);
        expect(Math.abs(shareOf(amount, bp))).toBeLessThanOrEqual(Math.abs(amount));
      }),
    );
  });
});
