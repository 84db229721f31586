import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateByShares, threeWayFigures } from "./three-way";

describe("allocateByShares", () => {
  it("divides a sum into whole cents that add up exactly when the shares make 100%", () => {
    expect(allocateByShares(10_000, [3334, 3333, 3333])).toEqual([3334, 3333, 3333]);
    expect(allocateByShares(100, [3333, 3333, 3334])).toEqual([33, 33, 34]);
    expect(allocateByShares(-101, [5000, 5000])).toEqual([-51, -50]);
  });

  it("never loses or invents a cent at 100%", () => {
    const shares = fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 8 }).map((raw) => {
      const total = raw.reduce((s, x) => s + x, 0);
      const bp = raw.map((x) => Math.floor((x * 10_000) / total));
      bp[0]! += 10_000 - bp.reduce((s, x) => s + x, 0);
      return bp;
    });
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), shares, (amount, bp) => {
        const parts = allocateByShares(amount, bp);
        expect(parts.reduce((s, p) => s + p, 0)).toBe(amount);
        parts.forEach((p, i) => expect(Math.abs(p - (amount * bp[i]!) / 10_000)).toBeLessThan(1 + 1e-6));
      }),
    );
  });

  it("covers only the shares' part below 100%", () => {
    expect(allocateByShares(1000, [2500, 2500])).toEqual([250, 250]);
    expect(allocateByShares(1000, [])).toEqual([]);
  });
});

describe("threeWayFigures", () => {
  const base = { statementBalanceMinor: 100_000, outstandingMinor: -5_000, ledgerBalanceMinor: 95_000 };

  it("balances when the bank, the ledger and the sub-ledgers agree", () => {
    const figures = threeWayFigures({
      ...base,
      beneficiaries: [
        { userId: "a", name: "Ava", shareBp: 6000, directMinor: -10_000 },
        { userId: "b", name: "Ben", shareBp: 4000, directMinor: 0 },
      ],
    });
    expect(figures.adjustedBankMinor).toBe(95_000);
    expect(figures.subLedgers.map((s) => s.balanceMinor)).toEqual([-10_000 + 63_000, 42_000]);
    expect(figures.subLedgerTotalMinor).toBe(95_000);
    expect(figures.balanced).toBe(true);
    expect(figures.causes).toEqual([]);
  });

  it("names the causes of each difference", () => {
    const figures = threeWayFigures({
      statementBalanceMinor: 100_000,
      outstandingMinor: 0,
      ledgerBalanceMinor: 99_000,
      beneficiaries: [{ userId: "a", name: "Ava", shareBp: 5000, directMinor: -1_000 }],
    });
    expect(figures.bankVsLedgerMinor).toBe(1_000);
    expect(figures.unallocatedMinor).toBe(50_000);
    expect(figures.ledgerVsSubLedgersMinor).toBe(50_000);
    expect(figures.causes.map((c) => c.key)).toEqual(["threeWay.cause.bankDifference", "threeWay.cause.sharesIncomplete"]);
    expect(figures.balanced).toBe(false);
  });

  it("says when no beneficial shares are recorded", () => {
    const figures = threeWayFigures({ ...base, beneficiaries: [] });
    expect(figures.causes).toEqual([{ key: "threeWay.cause.noShares", values: { amountMinor: 95_000 } }]);
  });
});
