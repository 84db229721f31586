import { describe, expect, it } from "vitest";
import { k1Worksheet, type K1Entry } from "./k1";

const entry = (id: string, category: string, amountMinor: number, incomeMinor = amountMinor): K1Entry => ({
  id,
  on: "2026-09-01",
  description: id,
  category,
  amountMinor,
  incomeMinor,
  kind: category === "distribution" ? "distribution" : amountMinor >= 0 ? "receipt" : "disbursement",
});

describe("the K-1 worksheet", () => {
  const entries = [
    entry("div", "dividends", 124_018),
    entry("int", "interest", 42_77),
    entry("fee", "trustee_compensation", -100_000, -50_000),
    entry("sale", "sales", 500_000, 0),
  ];
  const distributions = [
    { beneficiaryKey: "m", beneficiaryName: "Margaret", amountMinor: 600, on: "2026-09-12", source: "d1" },
    { beneficiaryKey: "s", beneficiaryName: "Sofia", amountMinor: 400, on: "2026-09-08", source: "d2" },
  ];

  it("carries out the distributable income in proportion to what each received, capped at the income", () => {
    // Distributable income: 1,240.18 + 42.77 − 500.00 = 782.95; distributions 10.00 carry out 10.00 of it.
    const w = k1Worksheet({ year: 2026, beneficiary: { key: "m", name: "Margaret" }, entries, distributions, unreconciledMonths: [] });
    expect(w.distributableIncomeMinor).toBe(78_295);
    expect(w.totalDistributionsMinor).toBe(1_000);
    // 1000/78295 of the income, 60% of it Margaret's: 7,663 millionths.
    expect(w.shareMicro).toBe(Math.round(((1_000 / 78_295) * 600 * 1e6) / 1_000));
    expect(w.boxes.find((b) => b.box === "1")).toMatchObject({ trustMinor: 4_277, beneficiaryMinor: Math.round((4_277 * w.shareMicro) / 1e6) });
    expect(w.boxes.find((b) => b.box === "2a")?.sources.map((s) => s.id)).toEqual(["div"]);
    expect(w.boxes.find((b) => b.box === "2b")).toMatchObject({ trustMinor: null, noteKey: "k1.note.qualified" });
  });

  it("gives each beneficiary all of her share when distributions exceed the income", () => {
    const big = distributions.map((d) => ({ ...d, amountMinor: d.amountMinor * 1_000 }));
    const m = k1Worksheet({ year: 2026, beneficiary: { key: "m", name: "Margaret" }, entries, distributions: big, unreconciledMonths: ["2026-10"] });
    const s = k1Worksheet({ year: 2026, beneficiary: { key: "s", name: "Sofia" }, entries, distributions: big, unreconciledMonths: ["2026-10"] });
    expect(m.shareMicro + s.shareMicro).toBe(1_000_000);
    expect(m.boxes[0].beneficiaryMinor! + s.boxes[0].beneficiaryMinor!).toBe(4_277);
    expect(m.unreconciledMonths).toEqual(["2026-10"]);
  });

  it("carries out nothing without distributions or without income", () => {
    expect(k1Worksheet({ year: 2026, beneficiary: { key: "m", name: "M" }, entries, distributions: [], unreconciledMonths: [] }).shareMicro).toBe(0);
    expect(
      k1Worksheet({ year: 2026, beneficiary: { key: "m", name: "M" }, entries: [entry("fee", "bank_fees", -1_500)], distributions, unreconciledMonths: [] })
        .shareMicro,
    ).toBe(0);
  });
});
