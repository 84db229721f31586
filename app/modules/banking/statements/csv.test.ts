import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv, proposeCsv } from "./csv";
import { decode } from "./text";
import { StatementError, type CsvMapping, type DateFormat, type ParsedStatement } from "./types";

function parse(content: string | Uint8Array, options: { mapping?: CsvMapping; dateFormat?: DateFormat; currency?: string } = {}): ParsedStatement {
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  const { text, encoding } = decode(bytes, options.mapping?.encoding);
  return parseCsv(text, encoding, { currency: options.currency ?? "USD", ...options });
}

function refusal(run: () => unknown): StatementError {
  try {
    run();
  } catch (error) {
    if (error instanceof StatementError) return error;
    throw error;
  }
  throw new Error("expected a StatementError");
}

const amounts = (result: ParsedStatement) => result.rows.map((r) => r.amountMinor);
const dates = (result: ParsedStatement) => result.rows.map((r) => r.postedOn);

describe("CSV: delimiters, decimals and signs", () => {
  it("reads a comma file with grouped dot decimals, quotes, $ and parentheses", () => {
    const result = parse('Date,Description,Amount\n2026-09-02,"SMITH, JOHN","$1,234.56"\n2026-09-03,FEE,(12.00)\n2026-09-04,REFUND,"-$5.00"\n');
    expect(amounts(result)).toEqual([123456, -1200, -500]);
    expect(result.rows[0].description).toBe("SMITH, JOHN");
    expect(result.mapping).toMatchObject({ delimiter: ",", decimal: "." });
  });

  it("reads a semicolon file with comma decimals, € and a trailing minus", () => {
    const result = parse(
      "Datum;Verwendungszweck;Betrag\n02.09.2026;Miete;-1.234,56\n03.09.2026;Gehalt;2.500,00 €\n04.09.2026;Gebühr;12,00-\n05.09.2026;Zins;-1234,56\n",
    );
    expect(amounts(result)).toEqual([-123456, 250000, -1200, -123456]);
    expect(dates(result)).toEqual(["2026-09-02", "2026-09-03", "2026-09-04", "2026-09-05"]);
    expect(result.mapping).toMatchObject({ delimiter: ";", decimal: ",", dateFormat: "dmy" });
  });

  it("reads a tab file", () => {
    const result = parse("Date\tDescription\tAmount\n2026-09-02\tA\t-1.50\n2026-09-03\tB\t2\n");
    expect(result.mapping?.delimiter).toBe("\t");
    expect(amounts(result)).toEqual([-150, 200]);
  });

  it("reads separate debit and credit columns, either empty, a debit being money out whatever its sign", () => {
    const result = parse("Date,Description,Debit,Credit\n2026-09-02,RENT,1500.00,\n2026-09-03,SALARY,,3200.00\n2026-09-04,FEE,-2.50,\n");
    expect(amounts(result)).toEqual([-150000, 320000, -250]);
    expect(result.mapping?.columns).toMatchObject({ debit: "Debit", credit: "Credit" });
  });

  it("reads Soll and Haben", () => {
    const result = parse(
      "Buchungstag;Buchungstext;Verwendungszweck;Soll;Haben\n01.09.2026;LASTSCHRIFT;Strom September;84,20;\n02.09.2026;GUTSCHRIFT;Miete Wohnung 2;;950,00\n",
    );
    expect(amounts(result)).toEqual([-8420, 95000]);
    expect(result.rows[0].description).toBe("Strom September");
  });
});

describe("CSV: dates", () => {
  it("reads MM/DD/YYYY when a day above 12 decides", () => {
    expect(dates(parse("Date,Description,Amount\n09/02/2026,A,1\n09/15/2026,B,2\n"))).toEqual(["2026-09-02", "2026-09-15"]);
  });

  it("reads DD/MM/YYYY when a day above 12 decides", () => {
    expect(dates(parse("Fecha,Concepto,Importe\n02/09/2026,A,1\n15/09/2026,B,2\n"))).toEqual(["2026-09-02", "2026-09-15"]);
  });

  it("asks when every day is 12 or less, and reads nothing as final until told", () => {
    const file = "Date,Description,Amount\n09/02/2026,A,1.00\n09/03/2026,B,2.00\n";
    const asked = parse(file);
    expect(asked.ambiguousDateFormats).toEqual(["mdy", "dmy"]);
    expect(asked.rows).toEqual([]);
    expect(dates(parse(file, { dateFormat: "mdy" }))).toEqual(["2026-09-02", "2026-09-03"]);
    expect(dates(parse(file, { dateFormat: "dmy" }))).toEqual(["2026-02-09", "2026-03-09"]);
    const mapping: CsvMapping = { ...(asked.mapping as CsvMapping), dateFormat: "dmy" };
    expect(parse(file, { mapping }).ambiguousDateFormats).toBeUndefined();
    expect(dates(parse(file, { mapping }))).toEqual(["2026-02-09", "2026-03-09"]);
  });

  it("still refuses an unreadable amount in a file whose dates are ambiguous", () => {
    expect(refusal(() => parse("Date,Description,Amount\n09/02/2026,A,1.00\n09/03/2026,B,one\n")).key).toBe("import.errors.amountUnparsable");
  });

  it("refuses a date that fits no format, naming its line", () => {
    expect(refusal(() => parse("Date,Description,Amount\n2026-09-02,A,1\n2026-09-31,B,2\n"))).toMatchObject({
      key: "import.errors.dateUnparsable",
      values: { line: 3, value: "2026-09-31" },
    });
  });
});

describe("CSV: encodings, preamble, balances and blank lines", () => {
  it("reads Windows-1252 bytes when the file is not UTF-8", () => {
    const text = "Datum;Libellé;Montant\n02.09.2026;Café;-3,50\n";
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
    expect(bytes.includes(0xe9)).toBe(true);
    const result = parse(bytes);
    expect(result.rows[0].description).toBe("Café");
    expect(result.mapping).toMatchObject({ encoding: "windows-1252", columns: { description: "Libellé", amount: "Montant" } });
  });

  it("strips a UTF-8 byte-order mark", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("Date,Description,Amount\n2026-09-02,Crème,1\n")]);
    const result = parse(bytes);
    expect(result.mapping).toMatchObject({ encoding: "utf-8", columns: { date: "Date" } });
    expect(result.rows[0].description).toBe("Crème");
  });

  it("skips preamble lines before the header, and finds the account's last four there", () => {
    const file = [
      "Account: Pacific Coast Checking ****0932",
      "Statement period 09/01/2026 - 09/30/2026",
      "",
      "Date,Description,Amount,Balance,Reference",
      "09/02/2026,DEPOSIT,1240.18,85450.73,DIV-0902",
      "09/15/2026,UTILITY,-318.27,85132.46,ACH-55120",
    ].join("\r\n");
    const result = parse(file);
    expect(result.mapping?.headerRow).toBe(3);
    expect(result.accountLastFour).toBe("0932");
    expect(result.rows.map((r) => [r.line, r.bankId])).toEqual([
      [5, "DIV-0902"],
      [6, "ACH-55120"],
    ]);
  });

  it("reads a file whose lines end in a lone CR (old Mac exports), preamble included", () => {
    const result = parse("Konto: DE89 3704 0044 0532 0130 00\rDatum;Text;Betrag\r02.09.2026;A;-1,00\r03.09.2026;B;2,00\r");
    expect(result.rows.map((r) => [r.line, r.amountMinor])).toEqual([
      [3, -100],
      [4, 200],
    ]);
    expect(result.accountLastFour).toBe("3000");
  });

  it.each(["OPENING BALANCE", "Opening balance", "Saldo inicial", "Anfangssaldo", "Solde initial", "Beginsaldo"])(
    "takes a %j row as the opening balance, not a transaction",
    (label) => {
      const result = parse(`Date,Description,Amount,Balance\n2026-09-01,${label},,1000.00\n2026-09-02,A,-1.00,999.00\n`);
      expect(result.openingBalanceMinor).toBe(100000);
      expect(amounts(result)).toEqual([-100]);
    },
  );

  it("takes an opening balance stated in the amount column, or a first row with a balance and no amount", () => {
    expect(parse("Date,Description,Amount\n,Opening balance,500.00\n2026-09-02,A,-1.00\n").openingBalanceMinor).toBe(50000);
    expect(parse("Date,Description,Amount,Balance\n2026-09-01,,,250.00\n2026-09-02,A,-1.00,249.00\n").openingBalanceMinor).toBe(25000);
  });

  it("keeps a transaction whose text merely starts like a balance", () => {
    const result = parse("Date,Description,Amount,Balance\n2026-09-02,Opening balance transfer from savings,500.00,1500.00\n");
    expect(amounts(result)).toEqual([50000]);
    expect(result.openingBalanceMinor).toBeUndefined();
  });

  it("ignores closing-balance and total rows, and blank trailing lines", () => {
    const result = parse(
      "Date,Description,Amount,Balance\n2026-09-02,A,-1.00,99.00\n2026-09-30,Closing balance,,99.00\n,Total,-1.00,\n2026-09-30,Endsaldo,,99.00\n\n\n  \n",
    );
    expect(amounts(result)).toEqual([-100]);
  });

  it("keeps line numbers right across a quoted cell that spans lines", () => {
    const result = parse('Date,Description,Amount\n2026-09-02,"TWO\nLINES",1\n2026-09-03,NEXT,2\n');
    expect(result.rows.map((r) => [r.line, r.description])).toEqual([
      [2, "TWO LINES"],
      [4, "NEXT"],
    ]);
  });
});

describe("CSV: column names", () => {
  it.each([
    ["Date,Description,Amount,Ref", { date: "Date", description: "Description", amount: "Amount", reference: "Ref" }],
    [
      "Posting Date,Payee,Memo,Amount (USD),Transaction ID",
      { date: "Posting Date", payee: "Payee", description: "Memo", amount: "Amount (USD)", reference: "Transaction ID" },
    ],
    [
      "Buchungstag;Valuta;Auftraggeber/Empfänger;Verwendungszweck;Betrag (EUR)",
      { date: "Buchungstag", payee: "Auftraggeber/Empfänger", description: "Verwendungszweck", amount: "Betrag (EUR)" },
    ],
    ["Date opération;Libellé;Débit;Crédit", { date: "Date opération", description: "Libellé", debit: "Débit", credit: "Crédit" }],
    ["Fecha;Concepto;Importe;Saldo", { date: "Fecha", description: "Concepto", amount: "Importe", balance: "Saldo" }],
    ["Datum;Naam / Omschrijving;Bedrag;FITID", { date: "Datum", description: "Naam / Omschrijving", amount: "Bedrag", reference: "FITID" }],
    [
      "Date,Description,Amount,Counterparty Account,Counterparty",
      { date: "Date", description: "Description", amount: "Amount", counterpartyAccount: "Counterparty Account", payee: "Counterparty" },
    ],
    [
      "Datum;Naam tegenpartij;Tegenrekening;Omschrijving;Bedrag",
      { date: "Datum", payee: "Naam tegenpartij", counterpartyAccount: "Tegenrekening", description: "Omschrijving", amount: "Bedrag" },
    ],
    [
      "Date,Name,Withdrawals,Deposits,Check Number",
      { date: "Date", description: "Name", debit: "Withdrawals", credit: "Deposits", checkNumber: "Check Number" },
    ],
  ])("maps %s", (header, columns) => {
    expect(proposeCsv(`${header}\n`, "utf-8").columns).toEqual(columns);
  });

  it("reads payee and memo into one description", () => {
    const row = parse("Date,Payee,Memo,Amount\n2026-09-08,CAL STATE UNIV TUITION,SOFIA CHEN,-7420.00\n").rows[0];
    expect(row).toMatchObject({ payee: "CAL STATE UNIV TUITION", description: "CAL STATE UNIV TUITION · SOFIA CHEN" });
  });

  it("keeps the last four of the other party's account, and nothing more of it", () => {
    const rows = parse(
      "Date,Description,Amount,Counterparty Account\n2026-09-08,ONLINE TRANSFER,-500.00,DE89 3704 0044 0532 0137 81\n2026-09-09,FEE,-5.00,\n",
    ).rows;
    expect(rows.map((r) => r.counterpartyLastFour)).toEqual(["3781", undefined]);
  });

  it("proposes no mapping when the names are unknown, but lists the header", () => {
    const proposal = proposeCsv("When,What,How much\n2026-09-02,A,1\n", "utf-8");
    expect(proposal).toMatchObject({ headers: ["When", "What", "How much"], mapping: undefined });
    expect(refusal(() => parse("When,What,How much\n2026-09-02,A,1\n")).key).toBe("import.errors.mappingIncomplete");
  });

  it("reads with a given mapping, and refuses one naming a column the file lacks", () => {
    const mapping: CsvMapping = {
      delimiter: ",",
      decimal: ".",
      dateFormat: "iso",
      encoding: "utf-8",
      headerRow: 0,
      columns: { date: "When", description: "What", amount: "How much" },
    };
    expect(amounts(parse("When,What,How much\n2026-09-02,A,1\n", { mapping }))).toEqual([100]);
    const missing = { ...mapping, columns: { ...mapping.columns, reference: "Bank ref" } };
    expect(refusal(() => parse("When,What,How much\n2026-09-02,A,1\n", { mapping: missing }))).toMatchObject({
      key: "import.errors.mappingMissingColumn",
      values: { column: "Bank ref" },
    });
    const noAmount = { ...mapping, columns: { date: "When", description: "What" } };
    expect(refusal(() => parse("When,What,How much\n2026-09-02,A,1\n", { mapping: noAmount })).key).toBe("import.errors.mappingIncomplete");
  });
});

describe("CSV refusals", () => {
  it("refuses the whole file for one unreadable amount, naming its line", () => {
    expect(refusal(() => parse("Date,Description,Amount\n2026-09-02,A,1.00\n2026-09-03,B,12.3.4\n2026-09-04,C,1\n"))).toMatchObject({
      key: "import.errors.amountUnparsable",
      values: { line: 3, value: "12.3.4" },
    });
  });

  it("refuses a row with more cells than the header (an unquoted 1,234.56 would otherwise read as 1)", () => {
    expect(refusal(() => parse("Date,Description,Amount\n2026-09-02,A,1,234.56\n"))).toMatchObject({ key: "import.errors.extraColumns", values: { line: 2 } });
    expect(amounts(parse("Date,Description,Amount\n2026-09-02,A,1.00,,\n"))).toEqual([100]);
  });

  it("refuses a transaction row without an amount", () => {
    expect(refusal(() => parse("Date,Description,Amount\n2026-09-02,A,\n"))).toMatchObject({
      key: "import.errors.amountUnparsable",
      values: { line: 2, value: "" },
    });
  });

  it("refuses a header without rows, and text that is not a table", () => {
    expect(refusal(() => parse("Date,Description,Amount\n\n")).key).toBe("import.errors.noRows");
    expect(refusal(() => parse("Dear trustee\nPlease find attached\n")).key).toBe("import.errors.notAStatement");
  });
});

describe("CSV, property", () => {
  // How a bank prints an amount: always two decimals, thousands grouped, in the file's convention.
  const print = (minor: number, decimal: "." | ",") => {
    const abs = Math.abs(minor).toString().padStart(3, "0");
    const whole = abs.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, decimal === "." ? "," : ".");
    return `${minor < 0 ? "-" : ""}${whole}${decimal}${abs.slice(-2)}`;
  };

  it("reads back any amounts in either convention, with the delimiter that goes with it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -(10 ** 11), max: 10 ** 11 }), { minLength: 1, maxLength: 30 }),
        fc.constantFrom<"." | ",">(".", ","),
        (minors, decimal) => {
          const delimiter = decimal === "," ? ";" : ",";
          const lines = minors.map((minor, i) => ["2026-09-02", `ROW ${i}`, `"${print(minor, decimal)}"`].join(delimiter));
          const result = parse(["Date", "Description", "Amount"].join(delimiter) + "\n" + lines.join("\n"));
          expect(amounts(result)).toEqual(minors);
        },
      ),
      { numRuns: 300 },
    );
  });
});
