import { parseSync } from "ofx-js";
import { parseOfxDate } from "./dates";
import { currencyCode, parseLooseAmount } from "./money";
import { normaliseOfx } from "./ofx-normalise";
import { clean, describe, lastFour, linesOf, withinLimits } from "./text";
import { all, isTree, one, text as textAt } from "./tree";
import { MAX_ROWS, StatementError, type ParsedStatement, type StatementRow } from "./types";

// Where statements sit: bank accounts and credit cards (each list is under its message set).
const STATEMENT_PATHS = [
  ["BANKMSGSRSV1", "STMTTRNRS", "STMTRS"],
  ["CREDITCARDMSGSRSV1", "CCSTMTTRNRS", "CCSTMTRS"],
] as const;

/** OFX/QFX 1.x (SGML) and 2.x (XML) bank and credit-card statements. */
export function parseOfx(text: string, fallbackCurrency: string): ParsedStatement {
  const root = readOfx(text);
  const statements = STATEMENT_PATHS.flatMap(([set, response, statement]) =>
    all(root, set).flatMap((node) => all(node, response).flatMap((r) => all(r, statement))),
  );
  if (statements.length === 0) throw new StatementError("import.errors.unreadableOfx");

  const accounts = new Set(statements.map((s) => accountId(s)).filter((id) => id !== undefined));
  if (accounts.size > 1) throw new StatementError("import.errors.severalAccounts");

  // Rows name the line of their <STMTTRN> in the file as the person has it.
  const lines = linesOf(text, /<STMTTRN\s*>/gi);
  const rows: StatementRow[] = [];
  let currency: string | undefined;
  let ledger: { minor: number; on?: string } | undefined;
  for (const statement of statements) {
    const statementCurrency = currencyCode(textAt(statement, "CURDEF")) ?? fallbackCurrency;
    currency ??= statementCurrency;
    for (const transaction of all(one(statement, "BANKTRANLIST"), "STMTTRN")) {
      if (rows.length === MAX_ROWS) throw new StatementError("import.errors.tooManyRows", { limit: MAX_ROWS });
      rows.push(readTransaction(transaction, statementCurrency, lines[rows.length] ?? rows.length + 1));
    }
    ledger = readLedger(statement, statementCurrency) ?? ledger;
  }
  // Every <STMTTRN> in the file must have become a row: a transaction lost to a malformed aggregate
  // would otherwise import half a statement without a word.
  if (rows.length !== lines.length) throw new StatementError("import.errors.unreadableOfx");
  if (rows.length === 0) throw new StatementError("import.errors.noRows");

  const [account] = accounts;
  return {
    format: "ofx",
    rows,
    currency,
    ledgerBalanceMinor: ledger?.minor,
    ledgerBalanceOn: ledger?.on,
    accountLastFour: lastFour(account),
  };
}

function readOfx(text: string): unknown {
  const xml = normaliseOfx(text);
  if (xml === null) throw new StatementError("import.errors.unreadableOfx");
  let root: unknown;
  try {
    root = parseSync(xml).OFX;
  } catch {
    throw new StatementError("import.errors.unreadableOfx");
  }
  if (!isTree(root)) throw new StatementError("import.errors.unreadableOfx");
  return root;
}

function accountId(statement: unknown): string | undefined {
  return textAt(statement, "BANKACCTFROM", "ACCTID") ?? textAt(statement, "CCACCTFROM", "ACCTID");
}

function readTransaction(node: unknown, statementCurrency: string, line: number): StatementRow {
  // An aggregate that came out as text lost its end tag and took its fields with it.
  if (!isTree(node)) throw new StatementError("import.errors.unreadableOfx");
  const posted = textAt(node, "DTPOSTED") ?? "";
  const postedOn = parseOfxDate(posted);
  if (postedOn === null) throw new StatementError("import.errors.dateUnparsable", { line, value: posted });
  // A <CURRENCY> aggregate means the amount is in that currency rather than CURDEF.
  const currency = currencyCode(textAt(node, "CURRENCY", "CURSYM")) ?? statementCurrency;
  const amount = textAt(node, "TRNAMT") ?? "";
  const amountMinor = parseLooseAmount(amount, currency);
  if (amountMinor === null) throw new StatementError("import.errors.amountUnparsable", { line, value: amount });
  const payee = clean(textAt(node, "NAME") ?? textAt(node, "PAYEE", "NAME")) || undefined;
  return withinLimits({
    postedOn,
    description: describe(payee, textAt(node, "MEMO")),
    payee,
    amountMinor,
    currency,
    bankId: textAt(node, "FITID"),
    checkNumber: textAt(node, "CHECKNUM"),
    // A transfer names the account it went to: <BANKACCTTO> or <CCACCTTO> (only the last four are kept).
    counterpartyLastFour: lastFour(textAt(node, "BANKACCTTO", "ACCTID") ?? textAt(node, "CCACCTTO", "ACCTID")),
    line,
  });
}

function readLedger(statement: unknown, currency: string): { minor: number; on?: string } | undefined {
  const amount = textAt(statement, "LEDGERBAL", "BALAMT");
  if (amount === undefined) return undefined;
  const minor = parseLooseAmount(amount, currency);
  if (minor === null) throw new StatementError("import.errors.unreadableOfx");
  const on = parseOfxDate(textAt(statement, "LEDGERBAL", "DTASOF") ?? "") ?? undefined;
  return { minor, on };
}
