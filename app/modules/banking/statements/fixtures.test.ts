import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseStatement } from "./index";

const dir = "/work/shared/fixtures/bank";
const read = (name: string) => new Uint8Array(readFileSync(`${dir}/${name}`));

describe("the shared Pacific Coast fixtures (September 2026, one checking account)", () => {
  const ofx = parseStatement(read("pacific-coast-2026-09.ofx"), "pacific-coast-2026-09.ofx", { currency: "USD" });
  const csv = parseStatement(read("pacific-coast-2026-09.csv"), "pacific-coast-2026-09.csv", { currency: "USD" });
  const key = (r: { postedOn: string; amountMinor: number; bankId?: string }) => [r.postedOn, r.amountMinor, r.bankId];

  it("reads the same ten transactions from the OFX and the CSV", () => {
    expect(ofx.rows).toHaveLength(10);
    expect(csv.rows.map(key)).toEqual(ofx.rows.map(key));
    expect(ofx.rows[0]).toEqual({
      postedOn: "2026-09-02",
      description: "BAYVIEW SECURITIES DIVIDEND",
      payee: "BAYVIEW SECURITIES DIVIDEND",
      amountMinor: 124018,
      currency: "USD",
      bankId: "DIV-0902",
      checkNumber: undefined,
      line: 17,
    });
  });

  it("reads the OFX's ledger balance, account and memos", () => {
    expect(ofx).toMatchObject({ format: "ofx", currency: "USD", ledgerBalanceMinor: 6148383, ledgerBalanceOn: "2026-09-30", accountLastFour: "0932" });
    expect(ofx.rows[2].description).toBe("CAL STATE UNIV TUITION · SOFIA CHEN");
    expect(ofx.rows[4].description).toBe("PG&E UTILITIES · CEDAR CREST");
    expect(ofx.rows[1].checkNumber).toBe("1043");
  });

  it("takes the CSV's first row as the opening balance, and the balances agree", () => {
    expect(csv).toMatchObject({ format: "csv", openingBalanceMinor: 8421055, ambiguousDateFormats: undefined });
    expect(csv.mapping).toEqual({
      delimiter: ",",
      decimal: ".",
      dateFormat: "iso",
      encoding: "utf-8",
      headerRow: 0,
      columns: { date: "Date", description: "Description", amount: "Amount", balance: "Balance", reference: "Reference" },
    });
    expect(csv.rows[0].line).toBe(3);
    const total = csv.rows.reduce((sum, r) => sum + r.amountMinor, 0);
    expect((csv.openingBalanceMinor ?? 0) + total).toBe(ofx.ledgerBalanceMinor);
  });
});
