import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { computeAccounting } from "./compute";
import { accountingCsvs } from "./csv";
import { decimalString } from "./format";
import { accountingT, handExample } from "./test-example";

const t = accountingT();
const parse = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;

describe("accountingCsvs", () => {
  const files = accountingCsvs(computeAccounting(handExample()), { t });

  it("gives one file per schedule, in the PDF's order", () => {
    expect(files.map((f) => f.fileName)).toEqual([
      "accounting-2025-01-01-2025-12-31-1-summary.csv",
      "accounting-2025-01-01-2025-12-31-2-property-at-start.csv",
      "accounting-2025-01-01-2025-12-31-3-receipts.csv",
      "accounting-2025-01-01-2025-12-31-4-gains-and-losses.csv",
      "accounting-2025-01-01-2025-12-31-5-disbursements.csv",
      "accounting-2025-01-01-2025-12-31-6-distributions.csv",
      "accounting-2025-01-01-2025-12-31-7-property-at-end.csv",
    ]);
    for (const f of files) expect(f.csv.startsWith("\uFEFF")).toBe(true);
  });

  it("translates the headers and reads back row by row", () => {
    const receipts = parse(files[2].csv);
    expect(receipts[0]).toEqual(["Principal or income", "Category", "Date", "Description", "Amount", "Entry ID"]);
    expect(receipts[1]).toEqual(["Principal", "Contributions", "2025-04-10", "Addition by the settlor", "2500.00", "e03"]);
    expect(receipts.at(-1)).toEqual(["Income", "Total", "", "", "223.46", ""]);
    const header = Papa.parse<Record<string, string>>(files[5].csv.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true }).data;
    expect(header[0]).toEqual({
      Beneficiary: "Zoë Ångström",
      Date: "2025-08-01",
      Description: "Quarterly distribution",
      Principal: "0.00",
      Income: "1000.00",
      Total: "1000.00",
      "Entry ID": "e09",
    });
  });

  it("summarises with subtractions negative, so that each column adds up to its end", () => {
    const summary = parse(files[0].csv);
    expect(summary[0]).toEqual(["Item", "Principal", "Income", "Total"]);
    expect(summary.slice(1, 8).map((r) => r.slice(1))).toEqual([
      ["323000.00", "10000.00", "333000.00"],
      ["2510.00", "223.46", "2733.46"],
      ["2000.00", "0.00", "2000.00"],
      ["-500.00", "0.00", "-500.00"],
      ["-3234.56", "-2682.60", "-5917.16"],
      ["-500.00", "-1300.00", "-1800.00"],
      ["323275.44", "6240.86", "329516.30"],
    ]);
    expect(summary[9]).toEqual(["Difference", "", "", "0.00"]);
  });

  it("lists compensation among disbursements with who was paid", () => {
    const rows = parse(files[4].csv);
    expect(rows).toContainEqual([
      "Principal",
      "Trustee's compensation and agents' fees",
      "2025-12-31",
      "Trustee fee 2025",
      "Jane Doe",
      "Trustee",
      "1000.00",
      "e07",
    ]);
    expect(rows).toContainEqual(["Income", "Total", "", "", "", "", "2682.60", ""]);
  });

  it("adds a liabilities file only when liabilities were given", () => {
    const input = { ...handExample(), liabilities: [{ name: "=Mortgage", amountMinor: 12_000_000 }] };
    const withLiabilities = accountingCsvs(computeAccounting(input), { t });
    expect(withLiabilities).toHaveLength(8);
    // A spreadsheet would run "=Mortgage" as a formula.
    expect(parse(withLiabilities[7].csv)).toEqual([
      ["Liability", "Amount"],
      ["'=Mortgage", "120000.00"],
      ["Total", "120000.00"],
    ]);
  });
});

describe("decimalString", () => {
  it("writes minor units with the currency's digits, without floats", () => {
    expect(decimalString(123_456, "USD")).toBe("1234.56");
    expect(decimalString(-5, "USD")).toBe("-0.05");
    expect(decimalString(0, "EUR")).toBe("0.00");
    expect(decimalString(-1234, "JPY")).toBe("-1234");
    expect(decimalString(1_234_567, "BHD")).toBe("1234.567");
    expect(decimalString(900_719_925_474_099, "USD")).toBe("9007199254740.99");
  });
});
