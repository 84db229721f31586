import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AccountingInputError, computeAccounting } from "./compute";
import { handExample } from "./test-example";
import { ENTRY_KINDS, SIDES, type AccountingInput, type AccountingReport, type EntryInput } from "./types";

describe("computeAccounting on a year worked by hand", () => {
  const report = computeAccounting(handExample());

  it("lists the property on hand at the start and at the end, at carrying and current value", () => {
    expect(report.propertyAtStart.items.map((a) => a.id)).toEqual(["a-cash", "a-acme", "a-house", "a-car"]);
    // 2,000,000 + 1,000,000 + 30,000,000 + 300,000 and 2,000,000 + 1,500,000 + 45,000,000 + 200,000
    expect(report.propertyAtStart.carryingMinor).toBe(33_300_000);
    expect(report.propertyAtStart.currentMinor).toBe(48_700_000);
    expect(report.propertyAtEnd.items.map((a) => a.id)).toEqual(["a-cash", "a-house", "a-bond"]);
    // 2,451,630 + 30,000,000 + 500,000 and 2,451,630 + 47,500,000 + 510,000
    expect(report.propertyAtEnd.carryingMinor).toBe(32_951_630);
    expect(report.propertyAtEnd.currentMinor).toBe(50_461_630);
  });

  it("groups receipts by category on each side, a split royalty on both", () => {
    const { principal, income } = report.receipts;
    expect(principal.groups.map((g) => [g.category, g.totalMinor])).toEqual([
      ["contributions", 250_000],
      [null, 1_000],
    ]);
    expect(principal.totalMinor).toBe(251_000);
    expect(income.groups.map((g) => [g.category, g.totalMinor, g.lines.map((l) => l.entryId)])).toEqual([
      ["dividends", 12_345, ["e01"]],
      ["interest", 1_001, ["e02"]],
      [null, 9_000, ["e04"]],
    ]);
    expect(income.totalMinor).toBe(22_346);
  });

  it("reports the gain on the shares and the loss on the car", () => {
    expect(report.gainsAndLosses.items.map((d) => [d.assetId, d.gainMinor])).toEqual([
      ["a-acme", 200_000],
      ["a-car", -50_000],
    ]);
    expect(report.gainsAndLosses.gainsMinor).toEqual({ principal: 200_000, income: 0 });
    expect(report.gainsAndLosses.lossesMinor).toEqual({ principal: 50_000, income: 0 });
  });

  it("lists compensation apart, with who was paid and their relationship, and counts it once", () => {
    expect(report.compensation.lines).toEqual([
      {
        entryId: "e06",
        on: "2025-06-15",
        description: "Legal advice on the sale",
        category: "professional_fees",
        agent: { name: "Hale & Ortiz LLP", relationship: "None" },
        principalMinor: 100_000,
        incomeMinor: 50_000,
      },
      {
        entryId: "e07",
        on: "2025-12-31",
        description: "Trustee fee 2025",
        category: "trustee_compensation",
        agent: { name: "Jane Doe", relationship: "Trustee" },
        principalMinor: 100_000,
        incomeMinor: 100_000,
      },
    ]);
    expect(report.disbursements.principal).toEqual({
      groups: [
        { category: "repairs", lines: [{ entryId: "e17", on: "2025-09-15", description: "Roof replacement", amountMinor: 123_456 }], totalMinor: 123_456 },
      ],
      compensationMinor: 200_000,
      totalMinor: 323_456,
    });
    expect(report.disbursements.income.groups.map((g) => [g.category, g.totalMinor])).toEqual([
      ["insurance", 75_050],
      ["taxes", 43_210],
    ]);
    expect(report.disbursements.income.compensationMinor).toBe(150_000);
    expect(report.disbursements.income.totalMinor).toBe(268_260);
  });

  it("totals distributions per beneficiary on each side", () => {
    expect(report.distributions.beneficiaries.map((b) => [b.beneficiary?.name, b.principalMinor, b.incomeMinor, b.lines.map((l) => l.entryId)])).toEqual([
      ["Zoë Ångström", 50_000, 100_000, ["e09", "e10"]],
      ["山田 花子", 0, 30_000, ["e11"]],
    ]);
    expect(report.distributions.principalMinor).toBe(50_000);
    expect(report.distributions.incomeMinor).toBe(130_000);
  });

  it("summarises each side to the cent, and the account balances", () => {
    // Principal: 33,300,000 − 1,000,000 + 251,000 + 200,000 − 50,000 − 323,456 − 50,000 = 32,327,544
    expect(report.summary.principal).toEqual({
      startMinor: 32_300_000,
      receiptsMinor: 251_000,
      gainsMinor: 200_000,
      lossesMinor: 50_000,
      disbursementsMinor: 323_456,
      distributionsMinor: 50_000,
      endMinor: 32_327_544,
    });
    // Income: 1,000,000 + 22,346 − 268,260 − 130,000 = 624,086
    expect(report.summary.income).toEqual({
      startMinor: 1_000_000,
      receiptsMinor: 22_346,
      gainsMinor: 0,
      lossesMinor: 0,
      disbursementsMinor: 268_260,
      distributionsMinor: 130_000,
      endMinor: 624_086,
    });
    expect(report.summary.total.endMinor).toBe(32_951_630);
    expect(report.check).toEqual({ computedEndMinor: 32_951_630, propertyEndMinor: 32_951_630, differenceMinor: 0, balanced: true });
  });

  it("reports an account that does not balance, with its difference", () => {
    const input = handExample();
    input.assets[0].end = { carryingMinor: 2_451_600, currentMinor: 2_451_600, valuedOn: "2025-12-31" };
    const { check } = computeAccounting(input);
    expect(check).toEqual({ computedEndMinor: 32_951_630, propertyEndMinor: 32_951_600, differenceMinor: -30, balanced: false });
  });

  it("refuses input that would print wrong figures", () => {
    const split = handExample();
    split.entries[0].principalMinor = 1;
    expect(() => computeAccounting(split)).toThrow(AccountingInputError);
    const fraction = handExample();
    fraction.entries[1] = { ...fraction.entries[1], amountMinor: 10.5, incomeMinor: 10.5 };
    expect(() => computeAccounting(fraction)).toThrow(/whole number/);
    const late = handExample();
    late.entries[2].on = "2026-01-01";
    expect(() => computeAccounting(late)).toThrow(/outside the period/);
  });
});

// Random books: entries of every kind, split any way between the sides, and dispositions either side.
const amount = fc.integer({ min: -5_000_000, max: 5_000_000 });
const entryArb = fc
  .record({
    kind: fc.constantFrom(...ENTRY_KINDS),
    principalMinor: amount,
    incomeMinor: amount,
    category: fc.constantFrom("dividends", "taxes", "rent", null),
    day: fc.integer({ min: 1, max: 28 }),
    beneficiary: fc.option(fc.constantFrom({ id: "b1", name: "Ann" }, { id: "b2", name: "Ben" })),
    agent: fc.option(fc.constant({ name: "Hale & Ortiz LLP", relationship: "None" }), { freq: 4 }),
  })
  .map(({ day, ...e }) => ({ ...e, on: `2025-03-${String(day).padStart(2, "0")}`, description: "x", amountMinor: e.principalMinor + e.incomeMinor }));
const inputArb = fc
  .record({
    openingIncomeMinor: amount,
    entries: fc.array(entryArb, { maxLength: 60 }),
    dispositions: fc.array(fc.record({ proceedsMinor: fc.nat(5_000_000), carryingMinor: fc.nat(5_000_000), side: fc.constantFrom(...SIDES) }), {
      maxLength: 10,
    }),
    assets: fc.array(fc.record({ start: fc.option(amount), end: fc.option(amount) }), { maxLength: 8 }),
  })
  .map((r): AccountingInput => ({
    trust: { name: "T", trustees: ["A"], currency: "USD" },
    period: { from: "2025-01-01", to: "2025-12-31", reason: "annual" },
    jurisdiction: null,
    openingIncomeMinor: r.openingIncomeMinor,
    entries: r.entries.map((e, i) => ({ ...e, id: `e${i}` })),
    dispositions: r.dispositions.map((d, i) => ({ ...d, assetId: `a${i}`, assetName: `Asset ${i}`, on: "2025-06-30" })),
    assets: r.assets.map((a, i) => ({
      id: `a${i}`,
      name: `Asset ${i}`,
      kind: "security",
      start: a.start === null ? null : { carryingMinor: a.start, currentMinor: a.start + 1, valuedOn: "2024-12-31" },
      end: a.end === null ? null : { carryingMinor: a.end, currentMinor: a.end - 1, valuedOn: "2025-12-31" },
    })),
  }));

const total = <T>(items: T[], of: (item: T) => number) => items.reduce((s, i) => s + of(i), 0);

function expectSelfConsistent(input: AccountingInput, report: AccountingReport) {
  for (const side of SIDES) {
    const s = report.summary[side];
    expect(s.endMinor).toBe(s.startMinor + s.receiptsMinor + s.gainsMinor - s.lossesMinor - s.disbursementsMinor - s.distributionsMinor);
    const receipts = report.receipts[side];
    for (const g of receipts.groups) expect(g.totalMinor).toBe(total(g.lines, (l) => l.amountMinor));
    expect(receipts.totalMinor).toBe(total(receipts.groups, (g) => g.totalMinor));
    const out = report.disbursements[side];
    for (const g of out.groups) expect(g.totalMinor).toBe(total(g.lines, (l) => l.amountMinor));
    expect(out.compensationMinor).toBe(total(report.compensation.lines, (c) => (side === "principal" ? c.principalMinor : c.incomeMinor)));
    expect(out.totalMinor).toBe(total(out.groups, (g) => g.totalMinor) + out.compensationMinor);
    const gains = report.gainsAndLosses.items.filter((d) => d.side === side).map((d) => d.proceedsMinor - d.carryingMinor);
    expect(report.gainsAndLosses.gainsMinor[side] - report.gainsAndLosses.lossesMinor[side]).toBe(total(gains, (g) => g));
  }
  for (const b of report.distributions.beneficiaries) {
    expect(b.principalMinor).toBe(total(b.lines, (l) => l.principalMinor));
    expect(b.incomeMinor).toBe(total(b.lines, (l) => l.incomeMinor));
  }
  expect(report.distributions.principalMinor).toBe(total(report.distributions.beneficiaries, (b) => b.principalMinor));
  for (const p of [report.propertyAtStart, report.propertyAtEnd]) {
    expect(p.carryingMinor).toBe(total(p.items, (i) => i.carryingMinor));
    expect(p.currentMinor).toBe(total(p.items, (i) => i.currentMinor));
  }
  expect(report.summary.principal.startMinor + report.summary.income.startMinor).toBe(report.propertyAtStart.carryingMinor);
  expect(report.summary.income.startMinor).toBe(input.openingIncomeMinor);
  expect(report.check.differenceMinor).toBe(report.propertyAtEnd.carryingMinor - report.summary.principal.endMinor - report.summary.income.endMinor);
  expect(report.check.balanced).toBe(report.check.differenceMinor === 0);
  // Every non-transfer entry is accounted for once: the ledger's net movement is the change it explains.
  const ledgerNet = total(
    input.entries.filter((e) => e.kind !== "transfer"),
    (e) => e.amountMinor,
  );
  const s = report.summary.total;
  expect(s.receiptsMinor - s.disbursementsMinor - s.distributionsMinor).toBe(ledgerNet);
}

describe("computeAccounting on random books", () => {
  it("each side runs start + receipts + gains − losses − disbursements − distributions = end, and totals are their items' sums", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const report = computeAccounting(input);
        expect(
          Object.values(report.summary)
            .flatMap((s) => Object.values(s))
            .every(Number.isSafeInteger),
        ).toBe(true);
        expectSelfConsistent(input, report);
      }),
    );
  });

  it("transfers change nothing", () => {
    const transfer = entryArb.map((e): Omit<EntryInput, "id"> => ({ ...e, kind: "transfer" }));
    fc.assert(
      fc.property(inputArb, fc.array(transfer, { minLength: 1, maxLength: 20 }), (input, transfers) => {
        const withTransfers = { ...input, entries: [...input.entries, ...transfers.map((t, i) => ({ ...t, id: `t${i}` }))] };
        const withoutAny = { ...input, entries: input.entries.filter((e) => e.kind !== "transfer") };
        expect(computeAccounting(withTransfers)).toEqual(computeAccounting(withoutAny));
      }),
    );
  });
});
