import { XMLParser, XMLValidator } from "fast-xml-parser";
import { parseXmlDate } from "./dates";
import { currencyCode, parseAmount } from "./money";
import { clean, describe, joinWithin, lastFour, linesOf, withinLimits } from "./text";
import { all, attribute, one, text as textAt } from "./tree";
import { DESCRIPTION_MAX, MAX_ROWS, StatementError, type ParsedStatement, type StatementRow } from "./types";

// Namespace prefixes dropped (files use none, "ns2:" or others); every value kept as its string, since
// parsing numbers would make floats of amounts and strip the zeros of references like "00123".
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Numeric references (&#233;) are plain XML, but this version decodes them only with this flag.
  htmlEntities: true,
});

// Some banks write "AT&T" unescaped; that one slip should not cost the person the whole file.
const RAW_AMPERSAND = /&(?!(?:[A-Za-z][\w.-]*|#\d+|#x[0-9A-Fa-f]+);)/g;

interface Balance {
  minor: number;
  on?: string;
}

/** ISO 20022 camt.053 bank-to-customer statements, any version from .001.02 to .001.08. */
export function parseCamt053(text: string, fallbackCurrency: string): ParsedStatement {
  const xml = text.replace(RAW_AMPERSAND, "&amp;");
  // The parser is lenient: a file cut short mid-entry would parse into half a statement, so it is
  // validated first and refused whole.
  let document: unknown;
  try {
    if (XMLValidator.validate(xml) !== true) throw new Error("invalid XML");
    document = parser.parse(xml);
  } catch {
    throw new StatementError("import.errors.unreadableCamt");
  }
  const statements = all(one(document, "Document", "BkToCstmrStmt"), "Stmt");
  if (statements.length === 0) throw new StatementError("import.errors.unreadableCamt");

  const accounts = new Set(statements.map((s) => accountId(s)).filter((id) => id !== undefined));
  if (accounts.size > 1) throw new StatementError("import.errors.severalAccounts");

  const lines = linesOf(text, /<(?:[A-Za-z_][\w.-]*:)?Ntry[\s>/]/g);
  const rows: StatementRow[] = [];
  let entry = 0;
  let opening: Balance | undefined;
  let closing: Balance | undefined;
  let currency: string | undefined;
  for (const statement of statements) {
    const balances = all(statement, "Bal");
    const statementCurrency = currencyCode(textAt(statement, "Acct", "Ccy")) ?? currencyCode(attribute(balances[0], "Ccy", "Amt")) ?? fallbackCurrency;
    currency ??= statementCurrency;
    // Several statements (days) of one account: the first opens the period, the last closes it.
    opening ??= readBalance(balances, "OPBD", statementCurrency) ?? readBalance(balances, "PRCD", statementCurrency);
    closing = readBalance(balances, "CLBD", statementCurrency) ?? closing;
    for (const node of all(statement, "Ntry")) {
      const line = lines[entry] ?? entry + 1;
      entry++;
      if (!isBooked(node)) continue;
      if (rows.length === MAX_ROWS) throw new StatementError("import.errors.tooManyRows", { limit: MAX_ROWS });
      rows.push(readEntry(node, statementCurrency, line));
    }
  }
  if (rows.length === 0) throw new StatementError("import.errors.noRows");

  const [account] = accounts;
  return {
    format: "camt053",
    rows,
    currency,
    ledgerBalanceMinor: closing?.minor,
    ledgerBalanceOn: closing?.on,
    openingBalanceMinor: opening?.minor,
    accountLastFour: lastFour(account),
  };
}

function accountId(statement: unknown): string | undefined {
  return textAt(statement, "Acct", "Id", "IBAN") ?? textAt(statement, "Acct", "Id", "Othr", "Id");
}

// Pending and information-only entries are not on the statement yet (.02 has a code, .08 a <Cd>).
function isBooked(node: unknown): boolean {
  const status = textAt(node, "Sts") ?? textAt(node, "Sts", "Cd") ?? "BOOK";
  return status.toUpperCase() === "BOOK";
}

function signed(node: unknown, currency: string): number | null {
  const minor = parseAmount(textAt(node, "Amt") ?? "", ".", currency);
  const indicator = textAt(node, "CdtDbtInd");
  if (minor === null || (indicator !== "CRDT" && indicator !== "DBIT")) return null;
  return indicator === "DBIT" && minor !== 0 ? -minor : minor;
}

function readBalance(balances: unknown[], code: string, currency: string): Balance | undefined {
  const node = balances.find((b) => textAt(b, "Tp", "CdOrPrtry", "Cd") === code);
  if (node === undefined) return undefined;
  const minor = signed(node, currencyCode(attribute(node, "Ccy", "Amt")) ?? currency);
  if (minor === null) throw new StatementError("import.errors.unreadableCamt");
  const on = parseXmlDate(textAt(node, "Dt", "Dt") ?? textAt(node, "Dt", "DtTm") ?? "") ?? undefined;
  return { minor, on };
}

function readEntry(node: unknown, statementCurrency: string, line: number): StatementRow {
  const date = dateOf(node, "ValDt") ?? dateOf(node, "BookgDt") ?? "";
  const postedOn = parseXmlDate(date);
  if (postedOn === null) throw new StatementError("import.errors.dateUnparsable", { line, value: date });
  const currency = currencyCode(attribute(node, "Ccy", "Amt")) ?? statementCurrency;
  const amountMinor = signed(node, currency);
  if (amountMinor === null) throw new StatementError("import.errors.amountUnparsable", { line, value: textAt(node, "Amt") ?? "" });

  const details = all(node, "NtryDtls").flatMap((d) => all(d, "TxDtls"));
  const first = details[0];
  // The other party: who paid us on a credit, whom we paid on a debit (.08 wraps it in <Pty>).
  const role = amountMinor >= 0 ? "Dbtr" : "Cdtr";
  const payee = clean(textAt(first, "RltdPties", role, "Nm") ?? textAt(first, "RltdPties", role, "Pty", "Nm")) || undefined;
  const remittanceLines = details.flatMap((d) => all(one(d, "RmtInf"), "Ustrd").map((u) => clean(textAt(u)))).filter((text) => text !== "");
  // A batch booking's many lines are abridged to fit beside the payee; one line too long refuses the file (types.ts).
  const remittance = joinWithin(remittanceLines, DESCRIPTION_MAX - (payee ? payee.length + 3 : 0));
  const memo = remittance || textAt(first, "AddtlTxInf") || textAt(node, "AddtlNtryInf");
  const endToEnd = textAt(first, "Refs", "EndToEndId");
  return withinLimits({
    postedOn,
    description: describe(payee, memo),
    payee,
    amountMinor,
    currency,
    bankId:
      textAt(node, "AcctSvcrRef") ?? textAt(first, "Refs", "AcctSvcrRef") ?? (endToEnd && endToEnd.toUpperCase() !== "NOTPROVIDED" ? endToEnd : undefined),
    checkNumber: textAt(first, "Refs", "ChqNb"),
    // The other party's account (only the last four are kept).
    counterpartyLastFour: lastFour(textAt(first, "RltdPties", `${role}Acct`, "Id", "IBAN") ?? textAt(first, "RltdPties", `${role}Acct`, "Id", "Othr", "Id")),
    line,
  });
}

function dateOf(node: unknown, name: string): string | undefined {
  return textAt(node, name, "Dt") ?? textAt(node, name, "DtTm");
}
