import { describe, expect, it } from "vitest";
import { parseCamt053 } from "./camt053";
import { StatementError } from "./types";

const NS = (version: string) => `urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}`;

function balance(code: string, amount: string, indicator: "CRDT" | "DBIT", date: string) {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
}

function statement(
  entries: string[],
  { iban = "DE89370400440532013000", balances = [balance("OPBD", "1000.00", "CRDT", "2026-09-01"), balance("CLBD", "250.50", "DBIT", "2026-09-30")] } = {},
) {
  return `<Stmt><Id>S1</Id><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>\n${balances.join("\n")}\n${entries.join("\n")}\n</Stmt>`;
}

function document(statements: string[], version = "02") {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="${NS(version)}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n<BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId></GrpHdr>\n${statements.join("\n")}\n</BkToCstmrStmt></Document>`;
}

// A credit from a named debtor with two remittance lines (camt.053.001.02 shapes).
const CREDIT = `<Ntry><Amt Ccy="EUR">1240.18</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-09-01</Dt></BookgDt><ValDt><Dt>2026-09-02</Dt></ValDt><AcctSvcrRef>REF-1</AcctSvcrRef>
<NtryDtls><TxDtls><Refs><EndToEndId>E2E-1</EndToEndId></Refs><RltdPties><Dbtr><Nm>Bayview Securities</Nm></Dbtr><Cdtr><Nm>Hartwell Family Trust</Nm></Cdtr></RltdPties>
<RmtInf><Ustrd>Dividend Q3</Ustrd><Ustrd>ISIN US0000000001</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;

const DEBIT = `<Ntry><Amt Ccy="EUR">7420.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-09-08</Dt></BookgDt>
<NtryDtls><TxDtls><Refs><AcctSvcrRef>TX-REF-2</AcctSvcrRef><EndToEndId>NOTPROVIDED</EndToEndId></Refs><RltdPties><Dbtr><Nm>Hartwell Family Trust</Nm></Dbtr><Cdtr><Nm>Cal State Univ</Nm></Cdtr></RltdPties>
<RmtInf><Ustrd>Tuition Sofia Chen</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;

function refusal(run: () => unknown): StatementError {
  try {
    run();
  } catch (error) {
    if (error instanceof StatementError) return error;
    throw error;
  }
  throw new Error("expected a StatementError");
}

describe("CAMT.053", () => {
  it("reads entries, signs, value dates, references, counterparties and remittance (version .02)", () => {
    const result = parseCamt053(document([statement([CREDIT, DEBIT])]), "USD");
    expect(result.rows).toEqual([
      {
        postedOn: "2026-09-02",
        description: "Bayview Securities · Dividend Q3 ISIN US0000000001",
        payee: "Bayview Securities",
        amountMinor: 124018,
        currency: "EUR",
        bankId: "REF-1",
        checkNumber: undefined,
        line: 7,
      },
      {
        postedOn: "2026-09-08",
        description: "Cal State Univ · Tuition Sofia Chen",
        payee: "Cal State Univ",
        amountMinor: -742000,
        currency: "EUR",
        bankId: "TX-REF-2",
        checkNumber: undefined,
        line: 10,
      },
    ]);
    expect(result).toMatchObject({
      format: "camt053",
      currency: "EUR",
      openingBalanceMinor: 100000,
      ledgerBalanceMinor: -25050,
      ledgerBalanceOn: "2026-09-30",
      accountLastFour: "3000",
    });
  });

  it("reads version .08 with a namespace prefix, <Pty> around names, status codes and date-times", () => {
    const entry = `<Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
<ValDt><DtTm>2026-09-03T23:30:00+02:00</DtTm></ValDt>
<NtryDtls><TxDtls><Refs><EndToEndId>E2E-8</EndToEndId></Refs><RltdPties><Cdtr><Pty><Nm>Caf&#233; &amp; Bar</Nm></Pty></Cdtr></RltdPties></TxDtls></NtryDtls></Ntry>`;
    const xml = document([statement([entry])], "08")
      .replace(/<(\/?)([A-Za-z])/g, "<$1ns2:$2")
      .replace(`xmlns="${NS("08")}"`, `xmlns:ns2="${NS("08")}"`);
    expect(xml).toContain("<ns2:Ntry><ns2:Amt Ccy=");
    const [row] = parseCamt053(xml, "USD").rows;
    expect(row).toMatchObject({ postedOn: "2026-09-03", payee: "Café & Bar", description: "Café & Bar", amountMinor: -500, bankId: "E2E-8" });
  });

  it("falls back to the booking date, and leaves out pending entries", () => {
    const pending = CREDIT.replace("<Sts>BOOK</Sts>", "<Sts>PDNG</Sts>");
    const rows = parseCamt053(document([statement([pending, DEBIT])]), "USD").rows;
    expect(rows.map((r) => [r.postedOn, r.line])).toEqual([["2026-09-08", 10]]);
  });

  it("takes a raw & in a name as it is", () => {
    const rows = parseCamt053(document([statement([DEBIT.replace("Cal State Univ", "AT&T")])]), "USD").rows;
    expect(rows[0].payee).toBe("AT&T");
  });

  it("uses the entry's additional information when there are no details", () => {
    const bare = `<Ntry><Amt Ccy="EUR">3.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-09-30</Dt></BookgDt><AddtlNtryInf>Account fee</AddtlNtryInf></Ntry>`;
    expect(parseCamt053(document([statement([bare])]), "USD").rows[0]).toMatchObject({ description: "Account fee", bankId: undefined, amountMinor: -350 });
  });

  it("takes no EndToEndId of NOTPROVIDED as the bank id", () => {
    const entry = CREDIT.replace("<AcctSvcrRef>REF-1</AcctSvcrRef>", "").replace("E2E-1", "NOTPROVIDED");
    expect(parseCamt053(document([statement([entry])]), "USD").rows[0].bankId).toBeUndefined();
    expect(parseCamt053(document([statement([CREDIT.replace("<AcctSvcrRef>REF-1</AcctSvcrRef>", "")])]), "USD").rows[0].bankId).toBe("E2E-1");
  });

  it("merges daily statements of one account: the first opens, the last closes", () => {
    const day1 = statement([CREDIT], { balances: [balance("OPBD", "10.00", "CRDT", "2026-09-01"), balance("CLBD", "20.00", "CRDT", "2026-09-01")] });
    const day2 = statement([DEBIT], { balances: [balance("PRCD", "20.00", "CRDT", "2026-09-01"), balance("CLBD", "30.00", "CRDT", "2026-09-08")] });
    const result = parseCamt053(document([day1, day2]), "USD");
    expect(result).toMatchObject({ openingBalanceMinor: 1000, ledgerBalanceMinor: 3000, ledgerBalanceOn: "2026-09-08" });
    expect(result.rows).toHaveLength(2);
  });

  it.each([
    ["broken XML", "<Document><BkToCstmrStmt><Stmt>", "import.errors.unreadableCamt"],
    ["a download cut short mid-entry", document([statement([CREDIT, DEBIT])]).slice(0, -400), "import.errors.unreadableCamt"],
    ["XML without a statement", `<Document xmlns="${NS("02")}"><BkToCstmrStmt><GrpHdr/></BkToCstmrStmt></Document>`, "import.errors.unreadableCamt"],
    ["a statement without entries", document([statement([])]), "import.errors.noRows"],
    ["two accounts", document([statement([CREDIT]), statement([DEBIT], { iban: "FR7630006000011234567890189" })]), "import.errors.severalAccounts"],
  ])("refuses %s", (_name, xml, key) => {
    expect(refusal(() => parseCamt053(xml, "USD")).key).toBe(key);
  });

  it("refuses an entry without a readable amount or direction, naming its line", () => {
    const bad = DEBIT.replace("<CdtDbtInd>DBIT</CdtDbtInd>", "");
    expect(refusal(() => parseCamt053(document([statement([CREDIT, bad])]), "USD"))).toMatchObject({
      key: "import.errors.amountUnparsable",
      values: { line: 10, value: "7420.00" },
    });
  });

  it("keeps the last four of the other party's account: the creditor's on a debit, the debtor's on a credit", () => {
    const out = DEBIT.replace(
      "<Cdtr><Nm>Cal State Univ</Nm></Cdtr>",
      "<Cdtr><Nm>Robert Hartwell</Nm></Cdtr><CdtrAcct><Id><IBAN>DE89370400440532017781</IBAN></Id></CdtrAcct>",
    );
    const back = CREDIT.replace(
      "<Dbtr><Nm>Bayview Securities</Nm></Dbtr>",
      "<Dbtr><Nm>R Hartwell</Nm></Dbtr><DbtrAcct><Id><Othr><Id>55-3350</Id></Othr></Id></DbtrAcct>",
    );
    const rows = parseCamt053(document([statement([out, back, DEBIT])]), "EUR").rows;
    expect(rows.map((r) => r.counterpartyLastFour)).toEqual(["7781", "3350", undefined]);
  });
});
