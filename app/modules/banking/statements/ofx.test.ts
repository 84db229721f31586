import { describe, expect, it } from "vitest";
import { parseOfx } from "./ofx";
import { decode } from "./text";
import { StatementError, type ParsedStatement } from "./types";

const SGML_HEADER = [
  "OFXHEADER:100",
  "DATA:OFXSGML",
  "VERSION:102",
  "SECURITY:NONE",
  "ENCODING:USASCII",
  "CHARSET:1252",
  "COMPRESSION:NONE",
  "OLDFILEUID:NONE",
  "NEWFILEUID:NONE",
  "",
  "",
].join("\r\n");

const trn = (fields: string) => `<STMTTRN><TRNTYPE>DEBIT${fields}</STMTTRN>`;

function bank(transactions: string[], { acct = "123456789", currency = "USD", ledger = "<LEDGERBAL><BALAMT>100.00<DTASOF>20260930</LEDGERBAL>" } = {}) {
  return (
    `<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261001</SONRS></SIGNONMSGSRSV1>\n` +
    `<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>${currency}\n` +
    `<BANKACCTFROM><BANKID>121000358<ACCTID>${acct}<ACCTTYPE>CHECKING</BANKACCTFROM>\n` +
    `<BANKTRANLIST><DTSTART>20260901<DTEND>20260930\n${transactions.join("\n")}\n</BANKTRANLIST>\n${ledger}\n</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`
  );
}

const ONE = trn("<DTPOSTED>20260902<TRNAMT>-12.34<FITID>A1<NAME>ACME");
const parse = (text: string | Uint8Array, currency = "USD"): ParsedStatement => parseOfx(typeof text === "string" ? text : decode(text).text, currency);

function refusal(run: () => unknown): StatementError {
  try {
    run();
  } catch (error) {
    if (error instanceof StatementError) return error;
    throw error;
  }
  throw new Error("expected a StatementError");
}

describe("OFX 1.x SGML: the shapes banks actually send", () => {
  it("reads a plain file with headers, a blank line and unclosed leaves", () => {
    const result = parse(SGML_HEADER + bank([ONE]));
    expect(result.rows).toEqual([
      { postedOn: "2026-09-02", description: "ACME", payee: "ACME", amountMinor: -1234, currency: "USD", bankId: "A1", checkNumber: undefined, line: 15 },
    ]);
    expect(result).toMatchObject({ format: "ofx", currency: "USD", ledgerBalanceMinor: 10000, ledgerBalanceOn: "2026-09-30", accountLastFour: "6789" });
  });

  it("accepts Quicken's dotted tags (QFX <INTU.BID>) and lower-case tags", () => {
    const qfx = bank([ONE]).replace("<DTSERVER>20261001", "<DTSERVER>20261001<intu.bid>3000").replace("<NAME>ACME", "<name>ACME</name>");
    expect(parse(SGML_HEADER + qfx).rows[0]).toMatchObject({ description: "ACME", amountMinor: -1234 });
  });

  it("accepts a leading blank line, no blank line after the headers, and missing CHARSET and NEWFILEUID", () => {
    const header = "\r\n\r\nOFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\n";
    expect(parse(header + bank([ONE])).rows[0].amountMinor).toBe(-1234);
  });

  it("accepts the whole body on one line", () => {
    const result = parse(SGML_HEADER + bank([ONE, trn("<DTPOSTED>20260903<TRNAMT>5.00<FITID>A2<NAME>B")]).replace(/\n/g, ""));
    expect(result.rows.map((r) => [r.bankId, r.line])).toEqual([
      ["A1", 11],
      ["A2", 11],
    ]);
  });

  it("accepts closing tags on some leaves and not others", () => {
    const mixed = "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20260902<TRNAMT>-1.00</TRNAMT><FITID>M1<NAME>MIXED</NAME><MEMO>NOTE</STMTTRN>";
    expect(parse(SGML_HEADER + bank([mixed])).rows[0]).toMatchObject({ description: "MIXED · NOTE", amountMinor: -100, bankId: "M1" });
  });

  it("reads date-times with a time zone, comma decimals and a leading plus", () => {
    const rows = parse(
      SGML_HEADER +
        bank([
          trn("<DTPOSTED>20260902120000.000[-8:PST]<TRNAMT>-1240,18<FITID>T1<NAME>TZ"),
          trn("<DTPOSTED>20260903000000[+1:CET]<TRNAMT>+42.77<FITID>T2<NAME>PLUS"),
        ]),
    ).rows;
    expect(rows.map((r) => [r.postedOn, r.amountMinor])).toEqual([
      ["2026-09-02", -124018],
      ["2026-09-03", 4277],
    ]);
  });

  it("decodes &amp; and other entities, and takes a raw & as it is", () => {
    const rows = parse(
      SGML_HEADER +
        bank([
          trn("<DTPOSTED>20260902<TRNAMT>-1<FITID>E1<NAME>PG&amp;E<MEMO>O&#39;Brien &quot;Q3&quot;"),
          trn("<DTPOSTED>20260902<TRNAMT>-1<FITID>E2<NAME>AT&T"),
        ]),
    ).rows;
    expect(rows.map((r) => r.description)).toEqual(['PG&E · O\'Brien "Q3"', "AT&T"]);
  });

  it("takes PAYEE/NAME when there is no NAME, and CHECKNUM and MEMO", () => {
    const row = parse(
      SGML_HEADER +
        bank([trn("<DTPOSTED>20260905<TRNAMT>-6512.40<FITID>CHK1043<CHECKNUM>1043<PAYEE><NAME>ALAMEDA COUNTY<ADDR1>1221 OAK ST</PAYEE><MEMO>PROPERTY TAX")]),
    ).rows[0];
    expect(row).toMatchObject({ payee: "ALAMEDA COUNTY", description: "ALAMEDA COUNTY · PROPERTY TAX", checkNumber: "1043" });
  });

  it("skips empty elements such as <MEMO> with no value", () => {
    const row = parse(SGML_HEADER + bank([trn("<DTPOSTED>20260902<TRNAMT>-3.00<FITID>X1<MEMO><NAME>EMPTY MEMO")])).rows[0];
    expect(row).toMatchObject({ description: "EMPTY MEMO", amountMinor: -300 });
  });

  it("does not repeat a memo that only repeats the name", () => {
    const row = parse(SGML_HEADER + bank([trn("<DTPOSTED>20260902<TRNAMT>-3.00<FITID>X1<NAME>COFFEE<MEMO>COFFEE  SHOP #12")])).rows[0];
    expect(row.description).toBe("COFFEE SHOP #12");
  });

  it("reads Windows-1252 bytes (é) as the header CHARSET:1252 says", () => {
    const text = SGML_HEADER + bank([trn("<DTPOSTED>20260902<TRNAMT>-3.00<FITID>W1<NAME>CAFE")]);
    const bytes = Uint8Array.from(text.replace("CAFE", "CAF\u00e9"), (c) => c.charCodeAt(0));
    expect(bytes.includes(0xe9)).toBe(true);
    expect(parse(bytes).rows[0].description).toBe("CAF\u00e9");
  });

  it("takes a transaction's own CURRENCY over CURDEF", () => {
    const row = parse(SGML_HEADER + bank([trn("<DTPOSTED>20260902<TRNAMT>-1500<FITID>J1<NAME>TOKYO<CURRENCY><CURRATE>0.0068<CURSYM>JPY</CURRENCY>")])).rows[0];
    expect(row).toMatchObject({ currency: "JPY", amountMinor: -1500 });
  });

  it("merges several statements of one account", () => {
    const twice = bank([ONE]).replace(/<STMTTRNRS>[\s\S]*<\/STMTTRNRS>/, (m) => m + m.replace(">A1<", ">A9<"));
    expect(parse(SGML_HEADER + twice).rows.map((r) => r.bankId)).toEqual(["A1", "A9"]);
  });

  it("does not hang on a long upper-case tag name (ofx-js's own SGML repair would backtrack for minutes)", () => {
    const started = performance.now();
    const result = parse(SGML_HEADER + bank([trn(`<DTPOSTED>20260902<TRNAMT>-1<FITID>L1<NAME>LONG<${"X".repeat(60)}>Y`)]));
    expect(result.rows).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("OFX 2.x XML and credit cards", () => {
  it("reads an XML file with a prolog and closed tags", () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?><?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n' +
      "<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STMTRS><CURDEF>EUR</CURDEF>" +
      "<BANKACCTFROM><BANKID>1</BANKID><ACCTID>DE89370400440532013000</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>" +
      "<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20260902</DTPOSTED><TRNAMT>-5.00</TRNAMT><FITID>X1</FITID><NAME>B&amp;B</NAME><MEMO></MEMO></STMTTRN></BANKTRANLIST>" +
      "<LEDGERBAL><BALAMT>-5.00</BALAMT><DTASOF>20260930120000</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>";
    expect(parse(xml, "USD")).toMatchObject({
      currency: "EUR",
      accountLastFour: "3000",
      ledgerBalanceMinor: -500,
      rows: [{ description: "B&B", currency: "EUR", amountMinor: -500, line: 2 }],
    });
  });

  it("reads a credit-card statement (CCSTMTRS)", () => {
    const cc =
      SGML_HEADER +
      "<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1<CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>XXXXXXXXXXXX4321</CCACCTFROM>" +
      "<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260904<TRNAMT>-89.99<FITID>CC1<NAME>BOOKSTORE</STMTTRN>" +
      "<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260910<TRNAMT>500.00<FITID>CC2<NAME>PAYMENT THANK YOU</STMTTRN></BANKTRANLIST>" +
      "<LEDGERBAL><BALAMT>-1234.56<DTASOF>20260930</LEDGERBAL></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>";
    expect(parse(cc)).toMatchObject({ accountLastFour: "4321", ledgerBalanceMinor: -123456, rows: [{ amountMinor: -8999 }, { amountMinor: 50000 }] });
  });
});

describe("OFX refusals", () => {
  it.each([
    ["a download cut short (no </OFX>)", SGML_HEADER + bank([ONE]).replace(/<\/STMTRS>[\s\S]*$/, ""), "import.errors.unreadableOfx"],
    [
      "a transaction swallowed by a missing </STMTTRN>",
      SGML_HEADER + bank([ONE.replace("</STMTTRN>", "")]).replace("</STMTTRN>", ""),
      "import.errors.unreadableOfx",
    ],
    [
      "a sign-on error with no statement",
      SGML_HEADER + "<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR</STATUS></SONRS></SIGNONMSGSRSV1></OFX>",
      "import.errors.unreadableOfx",
    ],
    ["a statement without transactions", SGML_HEADER + bank([]), "import.errors.noRows"],
  ])("refuses %s", (_name, text, key) => {
    expect(refusal(() => parse(text)).key).toBe(key);
  });

  it("refuses an unreadable amount or date, naming its line", () => {
    const amount = refusal(() => parse(SGML_HEADER + bank([ONE, trn("<DTPOSTED>20260902<TRNAMT>12.3.4<FITID>B<NAME>BAD")])));
    expect(amount).toMatchObject({ key: "import.errors.amountUnparsable", values: { line: 16, value: "12.3.4" } });
    const date = refusal(() => parse(SGML_HEADER + bank([trn("<DTPOSTED>2026-09-02<TRNAMT>1<FITID>B<NAME>BAD")])));
    expect(date).toMatchObject({ key: "import.errors.dateUnparsable", values: { line: 15, value: "2026-09-02" } });
  });

  it("refuses a file with two accounts", () => {
    const two = bank([ONE]).replace(/<STMTTRNRS>[\s\S]*<\/STMTTRNRS>/, (m) => m + m.replace("123456789", "987654321"));
    expect(refusal(() => parse(SGML_HEADER + two)).key).toBe("import.errors.severalAccounts");
  });

  it("keeps the last four of the account a transfer went to (<BANKACCTTO>, <CCACCTTO>)", () => {
    const toSavings = trn(
      "<DTPOSTED>20260903<TRNAMT>-500.00<FITID>A2<NAME>ONLINE TRANSFER<BANKACCTTO><BANKID>121000358<ACCTID>000987657781<ACCTTYPE>SAVINGS</BANKACCTTO>",
    );
    const toCard = trn("<DTPOSTED>20260904<TRNAMT>-80.00<FITID>A3<NAME>CARD PAYMENT<CCACCTTO><ACCTID>4111111111113350</CCACCTTO>");
    const rows = parse(SGML_HEADER + bank([ONE, toSavings, toCard])).rows;
    expect(rows.map((r) => r.counterpartyLastFour)).toEqual([undefined, "7781", "3350"]);
  });
});
