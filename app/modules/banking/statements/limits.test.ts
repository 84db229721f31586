import { describe, expect, it } from "vitest";
import { parseCamt053 } from "./camt053";
import { parseStatement } from "./index";
import { joinWithin, withinLimits } from "./text";
import { DESCRIPTION_MAX, REFERENCE_MAX, StatementError } from "./types";

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof StatementError) return { key: error.key, values: error.values };
    throw error;
  }
  throw new Error("not refused");
};

const row = { postedOn: "2026-10-01", description: "RENT", amountMinor: 100, currency: "USD", line: 2 };

describe("the length of a statement row's words", () => {
  it("takes a bank's lengths and refuses longer ones with the line and the limit", () => {
    expect(withinLimits({ ...row, description: "x".repeat(DESCRIPTION_MAX), bankId: "y".repeat(REFERENCE_MAX) })).toBeTruthy();
    expect(refusal(() => withinLimits({ ...row, description: "x".repeat(DESCRIPTION_MAX + 1) }))).toEqual({
      key: "import.errors.descriptionTooLong",
      values: { line: 2, length: DESCRIPTION_MAX + 1, limit: DESCRIPTION_MAX },
    });
    expect(refusal(() => withinLimits({ ...row, payee: "p".repeat(DESCRIPTION_MAX + 1) })).key).toBe("import.errors.descriptionTooLong");
    expect(refusal(() => withinLimits({ ...row, checkNumber: "1".repeat(REFERENCE_MAX + 1) })).key).toBe("import.errors.referenceTooLong");
  });

  it("refuses a CSV whose description cell is 300 KB, whole", () => {
    const text = `Date,Description,Amount\n2026-10-01,RENT,12.00\n2026-10-02,${"A".repeat(300 * 1024)},-1.00\n`;
    expect(refusal(() => parseStatement(new TextEncoder().encode(text), "s.csv", { currency: "USD" }))).toEqual({
      key: "import.errors.descriptionTooLong",
      values: { line: 3, length: 300 * 1024, limit: DESCRIPTION_MAX },
    });
  });

  it("abridges a batch booking's many remittance lines, but keeps one over-long line whole (to be refused)", () => {
    const lines = Array.from({ length: 20 }, (_, i) => `Invoice ${i} ${"x".repeat(120)}`);
    const joined = joinWithin(lines, 400);
    expect(joined.length).toBeLessThanOrEqual(400);
    expect(joined.endsWith(" …")).toBe(true);
    expect(joined.startsWith("Invoice 0 ")).toBe(true);
    expect(joinWithin(["a", "b"], 400)).toBe("a b");
    expect(joinWithin(["short", "z".repeat(500)], 400)).toBe(`short ${"z".repeat(500)}`);

    const details = lines.map((l) => `<TxDtls><RmtInf><Ustrd>${l}</Ustrd></RmtInf></TxDtls>`).join("");
    const xml = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>1</Id>
<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Ntry><Amt Ccy="EUR">50.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-10-01</Dt></BookgDt><AcctSvcrRef>B-1</AcctSvcrRef><NtryDtls>${details}</NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`;
    const [entry] = parseCamt053(xml, "EUR").rows;
    expect(entry.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(entry.description.endsWith(" …")).toBe(true);
  });
});
