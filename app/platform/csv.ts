/**
 * The product's one CSV writer: every export (K-1 worksheets, the accounting's schedules, a bank account's
 * transactions, the audit log, the record of a vote) writes its cells through `csvCell`, so each is quoted and
 * neutralised the same way.
 *
 * Text is not trusted: a bank statement's description comes from an outside payer, a name from whoever typed it.
 * A spreadsheet runs a cell that begins with = + - or @ (or a tab, carriage return or line feed before one) as a
 * formula — `=HYPERLINK("http://…","Interest")` becomes a live link. Such a text cell is prefixed with a single
 * quote (OWASP, "CSV Injection"), which spreadsheets show as text. The full-width forms (＝ ＋ － ＠), which some
 * spreadsheets read as the plain ones, are treated alike.
 *
 * A number the product formats itself is written as it is, so a negative amount stays a number the spreadsheet can
 * add up: pass it as a `number`, or, when its digits matter ("-12.50"), as `csvNumber(text)`. Only a plain decimal
 * is let through that way; anything else given as a number is treated as text.
 */

/** The first characters that make a spreadsheet read a cell as a formula. */
export const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A decimal number as the product writes amounts: an optional minus, digits, optional fraction. */
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** A number the product formatted itself, kept as its text ("-12.50", "1234.567"). */
export interface CsvNumber {
  readonly csvNumber: string;
}

export const csvNumber = (text: string): CsvNumber => ({ csvNumber: text });

export type CsvValue = string | number | boolean | null | undefined | CsvNumber;
export type CsvRow = readonly CsvValue[];

/** Text as a spreadsheet will show it, never run it: a leading formula character gets a single quote before it. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The cell's text before quoting: text neutralised, the product's own numbers as they are. */
function cellText(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : neutralise(String(value));
  if (typeof value === "boolean") return String(value);
  if (typeof value === "object") return PLAIN_DECIMAL.test(value.csvNumber) ? value.csvNumber : neutralise(value.csvNumber);
  return neutralise(value);
}

/**
 * One cell as it goes into the file (RFC 4180): quoted when it holds a quote, a comma, a line break, a semicolon or
 * a tab (the separators a spreadsheet may guess instead of the comma), or space at either end.
 */
export function csvCell(value: CsvValue): string {
  const text = cellText(value);
  return /[",;\t\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as a CSV file: a byte-order mark (spreadsheets then read UTF-8), CRLF line ends, and a CRLF after the last row. */
export function toCsv(rows: readonly CsvRow[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
