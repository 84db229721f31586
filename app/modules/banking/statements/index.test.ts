import { describe, expect, it } from "vitest";
import { MAX_ROWS, parseStatement, proposeCsvMapping, StatementError } from "./index";

const encode = (text: string) => new TextEncoder().encode(text);
const parse = (bytes: Uint8Array, fileName = "statement.csv") => parseStatement(bytes, fileName, { currency: "usd" });

function refusal(run: () => unknown): StatementError {
  try {
    run();
  } catch (error) {
    if (error instanceof StatementError) return error;
    throw error;
  }
  throw new Error("expected a StatementError");
}

const OFX =
  "OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST><STMTTRN><DTPOSTED>20260902<TRNAMT>-1<FITID>A</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>";
const CAMT =
  '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-09-02</Dt></BookgDt></Ntry></Stmt></BkToCstmrStmt></Document>';

describe("parseStatement: the format comes from the content, not the name", () => {
  it.each([
    ["OFX named .csv", OFX, "export.csv", "ofx"],
    ["CAMT named .txt", CAMT, "export.txt", "camt053"],
    ["CSV named .ofx", "Date,Description,Amount\n2026-09-02,A,1\n", "export.ofx", "csv"],
  ])("reads %s", (_name, text, fileName, format) => {
    expect(parse(encode(text), fileName).format).toBe(format);
  });

  it("upper-cases the account currency it is given", () => {
    expect(parse(encode("Date,Description,Amount\n2026-09-02,A,1\n")).rows[0].currency).toBe("USD");
    expect(() => parseStatement(encode("x"), "x.csv", { currency: "dollars" })).toThrow(TypeError);
  });
});

describe("parseStatement refusals", () => {
  it.each([
    ["an empty file", new Uint8Array(), "import.errors.empty"],
    ["a file of blank lines", encode("\n \r\n\t\n"), "import.errors.empty"],
    ["a BOM alone", new Uint8Array([0xef, 0xbb, 0xbf]), "import.errors.empty"],
    [
      "a bank's HTML sign-in page renamed .ofx",
      encode("<!DOCTYPE html>\n<html><head><title>Sign in</title></head><body>Session expired</body></html>"),
      "import.errors.html",
    ],
    ["HTML without a doctype", encode("\n<html lang=en><body>Oops</body></html>"), "import.errors.html"],
    ["a PDF's bytes", new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x25, 0xe2, 0xe3, 0xcf, 0xd3]), "import.errors.pdf"],
    ["an Excel workbook", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), "import.errors.spreadsheet"],
    ["other binary bytes", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]), "import.errors.notAStatement"],
    ["some other XML", encode('<?xml version="1.0"?><Invoice><Total>1</Total></Invoice>'), "import.errors.notAStatement"],
    [
      "a camt.054 notification",
      encode('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn/></Document>'),
      "import.errors.notAStatement",
    ],
    ["a letter", encode("Dear trustee,\nplease find the statement attached.\n"), "import.errors.notAStatement"],
    ["a CSV with an unparsable amount", encode("Date,Description,Amount\n2026-09-02,A,ten dollars\n"), "import.errors.amountUnparsable"],
  ])("refuses %s", (_name, bytes, key) => {
    expect(refusal(() => parse(bytes, "statement.ofx")).key).toBe(key);
  });

  it("refuses a mapping naming a column the file lacks", () => {
    const mapping = {
      delimiter: "," as const,
      decimal: "." as const,
      dateFormat: "iso" as const,
      encoding: "utf-8" as const,
      headerRow: 0,
      columns: { date: "Date", description: "Description", amount: "Betrag" },
    };
    const error = refusal(() => parseStatement(encode("Date,Description,Amount\n2026-09-02,A,1\n"), "s.csv", { currency: "USD", mapping }));
    expect(error).toMatchObject({ key: "import.errors.mappingMissingColumn", values: { column: "Betrag" } });
  });

  it(`refuses more than ${MAX_ROWS} transactions`, () => {
    const rows = Array.from({ length: MAX_ROWS + 1 }, (_, i) => `2026-09-02,T${i},1.00`);
    expect(refusal(() => parse(encode(`Date,Description,Amount\n${rows.join("\n")}\n`)))).toMatchObject({
      key: "import.errors.tooManyRows",
      values: { limit: MAX_ROWS },
    });
  });
});

describe("proposeCsvMapping", () => {
  it("proposes a complete mapping with the formats the dates fit", () => {
    const proposal = proposeCsvMapping(encode("Date;Omschrijving;Bedrag\n01/02/2026;A;-1,00\n03/04/2026;B;2,50\n"));
    expect(proposal).toMatchObject({
      headers: ["Date", "Omschrijving", "Bedrag"],
      dateFormats: ["mdy", "dmy"],
      mapping: { delimiter: ";", decimal: ",", headerRow: 0, columns: { date: "Date", description: "Omschrijving", amount: "Bedrag" } },
    });
  });

  it("refuses what is not a CSV", () => {
    expect(refusal(() => proposeCsvMapping(encode(OFX))).key).toBe("import.errors.notAStatement");
  });
});

describe("a large CSV", () => {
  it("parses 10,000 rows well under a second", () => {
    const lines = ["Date,Description,Amount,Balance,Reference"];
    for (let i = 0; i < 10_000; i++) {
      const day = String((i % 28) + 1).padStart(2, "0");
      lines.push(`2026-09-${day},"PAYEE ${i}, MEMO",${i % 2 ? "-" : ""}${(i * 37) % 100000}.${String(i % 100).padStart(2, "0")},1000.00,REF-${i}`);
    }
    const bytes = encode(lines.join("\r\n"));
    parse(bytes); // warm up the JIT as a Worker would be after its first request
    const started = performance.now();
    const result = parse(bytes);
    const elapsed = performance.now() - started;
    console.info(`10,000-row CSV (${bytes.length} bytes) parsed in ${elapsed.toFixed(1)} ms`);
    expect(result.rows).toHaveLength(10_000);
    expect(result.rows[9_999]).toMatchObject({ bankId: "REF-9999", amountMinor: -(((9_999 * 37) % 100000) * 100 + 99), line: 10_001 });
    expect(elapsed).toBeLessThan(1000);
  });
});
