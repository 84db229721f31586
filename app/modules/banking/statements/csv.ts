import { balanceLabel, isComplete } from "./csv-headers";
import { accountFromPreamble, columnIndexes, detectLayout, fromLine, readTable, type ColumnIndexes } from "./csv-detect";
import { fittingDateFormats, parseDate } from "./dates";
import { detectDecimal, parseAmount } from "./money";
import { clean, describe, lastFour, withinLimits, type Encoding } from "./text";
import {
  MAX_ROWS,
  StatementError,
  type CsvMapping,
  type CsvProposal,
  type GivenCsvMapping,
  type DateFormat,
  type ParsedStatement,
  type ParseOptions,
  type StatementRow,
} from "./types";

type Cells = Record<keyof ColumnIndexes, string>;
type Kind = "skip" | "opening" | "closing" | "balance" | "transaction";

interface Analysis {
  mapping: CsvMapping;
  dateFormats: DateFormat[]; // every format the transaction dates fit
  headers: string[];
  columns: Partial<CsvMapping["columns"]>;
  rows: string[][];
  lines: number[];
  indexes: ColumnIndexes;
  accountLastFour?: string;
}

/**
 * A CSV export, with the given mapping or one proposed from the file. When the dates fit both MM/DD
 * and DD/MM and nothing decides, `rows` is empty and `ambiguousDateFormats` lists the candidates
 * (`mapping.dateFormat` is then only the first): pass the person's choice as `options.dateFormat`.
 */
export function parseCsv(text: string, encoding: Encoding, options: ParseOptions): ParsedStatement {
  const analysis = analyse(text, encoding, options.mapping, options.dateFormat);
  if (!isComplete(analysis.columns)) throw new StatementError("import.errors.mappingIncomplete");
  const { mapping, rows: table, lines, indexes } = analysis;
  const currency = options.currency.toUpperCase();
  // Formats given by the caller leave one candidate; several means the file alone cannot tell.
  const ambiguous = analysis.dateFormats.length > 1;

  const width = table[0]?.length ?? 0;
  const rows: StatementRow[] = [];
  let opening: number | undefined;
  for (let i = 1; i < table.length; i++) {
    const cells = cellsOf(table[i], indexes);
    const kind = kindOf(table[i], cells);
    const line = lines[i];
    // Cells past the header's width mean an unquoted separator shifted the row ("1,234.56" read as 1).
    if (kind !== "skip" && table[i].slice(width).some((cell) => cell.trim() !== "")) {
      throw new StatementError("import.errors.extraColumns", { line });
    }
    if (kind === "opening" || (kind === "balance" && rows.length === 0)) {
      // The first stated balance before any movement opens the period; later ones are running totals.
      const stated = cells.balance || cells.amount;
      if (stated || cells.debit || cells.credit) {
        opening ??= stated ? money(stated, mapping, currency, line) : movement(cells, mapping, currency, line);
      }
    } else if (kind === "transaction") {
      if (rows.length === MAX_ROWS) throw new StatementError("import.errors.tooManyRows", { limit: MAX_ROWS });
      rows.push(transaction(cells, mapping, currency, line));
    }
  }
  if (rows.length === 0) throw new StatementError("import.errors.noRows");
  return {
    format: "csv",
    rows: ambiguous ? [] : rows,
    currency,
    openingBalanceMinor: opening,
    accountLastFour: analysis.accountLastFour,
    mapping,
    ambiguousDateFormats: ambiguous ? analysis.dateFormats : undefined,
  };
}

/** The mapping we would use for this file, for the person to confirm or correct column by column. */
export function proposeCsv(text: string, encoding: Encoding): CsvProposal {
  const analysis = analyse(text, encoding, undefined, undefined);
  return {
    headers: analysis.headers,
    columns: analysis.columns,
    mapping: isComplete(analysis.columns) ? analysis.mapping : undefined,
    draft: analysis.mapping,
    dateFormats: analysis.dateFormats,
  };
}

function analyse(text: string, encoding: Encoding, given: GivenCsvMapping | undefined, dateFormat: DateFormat | undefined): Analysis {
  const layout = given ?? detectLayout(text);
  if (layout === null) throw new StatementError("import.errors.notAStatement");
  const { body, preamble } = fromLine(text, layout.headerRow);
  const { rows, lines } = readTable(body, layout.delimiter, layout.headerRow + 1);
  const headers = (rows[0] ?? []).map((h) => h.trim());
  const columns = layout.columns;
  if (given && !isComplete(columns)) throw new StatementError("import.errors.mappingIncomplete");
  const indexes = columnIndexes(headers, columns);

  // One pass for what the data says about itself: its dates and its decimal separator.
  const dates: string[] = [];
  const amounts: string[] = [];
  for (let i = 1; i < rows.length; i++) {
    const cells = cellsOf(rows[i], indexes);
    const kind = kindOf(rows[i], cells);
    if (kind === "transaction") dates.push(cells.date);
    if (kind !== "skip") amounts.push(cells.amount, cells.debit, cells.credit, cells.balance);
  }
  const decided = dateFormat ?? given?.dateFormat;
  const dateFormats = decided ? [decided] : fittingDateFormats(dates);
  const mapping: CsvMapping = {
    delimiter: layout.delimiter,
    decimal: given?.decimal ?? detectDecimal(amounts, layout.delimiter),
    dateFormat: dateFormats[0] ?? "iso",
    encoding,
    headerRow: layout.headerRow,
    columns: { ...columns, date: columns.date ?? "", description: columns.description ?? "" },
  };
  return { mapping, dateFormats, headers, columns, rows, lines, indexes, accountLastFour: accountFromPreamble(preamble) };
}

function cellsOf(row: string[], indexes: ColumnIndexes): Cells {
  const cell = (index: number) => (index === -1 ? "" : (row[index] ?? "").trim());
  return {
    date: cell(indexes.date),
    description: cell(indexes.description),
    amount: cell(indexes.amount),
    debit: cell(indexes.debit),
    credit: cell(indexes.credit),
    reference: cell(indexes.reference),
    balance: cell(indexes.balance),
    payee: cell(indexes.payee),
    checkNumber: cell(indexes.checkNumber),
    counterpartyAccount: cell(indexes.counterpartyAccount),
  };
}

function kindOf(row: string[], cells: Cells): Kind {
  if (row.every((cell) => cell.trim() === "")) return "skip";
  const moves = cells.amount !== "" || cells.debit !== "" || cells.credit !== "";
  const label = balanceLabel([cells.description, cells.date, cells.payee]);
  // A labelled row is a balance unless it also moves money next to a different running balance
  // ("Opening balance transfer from savings", -500, 1500 is a transaction).
  if (label && (!moves || cells.balance === "" || cells.balance === (cells.amount || cells.credit))) return label;
  if (!moves) return cells.balance !== "" ? "balance" : cells.date === "" ? "skip" : "transaction";
  return "transaction";
}

function money(value: string, mapping: CsvMapping, currency: string, line: number): number | undefined {
  if (value === "") return undefined;
  const minor = parseAmount(value, mapping.decimal, currency);
  if (minor === null) throw new StatementError("import.errors.amountUnparsable", { line, value });
  return minor;
}

// One signed amount column, or debit and credit columns where a debit is money out whatever its sign.
function movement(cells: Cells, mapping: CsvMapping, currency: string, line: number): number {
  if (mapping.columns.amount) {
    const amount = money(cells.amount, mapping, currency, line);
    if (amount === undefined) throw new StatementError("import.errors.amountUnparsable", { line, value: "" });
    return amount;
  }
  const debit = money(cells.debit, mapping, currency, line);
  const credit = money(cells.credit, mapping, currency, line);
  if (debit === undefined && credit === undefined) {
    throw new StatementError("import.errors.amountUnparsable", { line, value: "" });
  }
  return (credit ?? 0) - Math.abs(debit ?? 0);
}

function transaction(cells: Cells, mapping: CsvMapping, currency: string, line: number): StatementRow {
  const postedOn = parseDate(cells.date, mapping.dateFormat);
  if (postedOn === null) throw new StatementError("import.errors.dateUnparsable", { line, value: cells.date });
  const amountMinor = movement(cells, mapping, currency, line);
  const payee = clean(cells.payee) || undefined;
  return withinLimits({
    postedOn,
    description: describe(payee, cells.description),
    payee,
    amountMinor,
    currency,
    bankId: cells.reference || undefined,
    checkNumber: cells.checkNumber || undefined,
    counterpartyLastFour: lastFour(cells.counterpartyAccount),
    line,
  });
}
