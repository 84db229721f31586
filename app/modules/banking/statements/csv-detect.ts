import Papa from "papaparse";
import { COLUMN_FIELDS, proposeColumns } from "./csv-headers";
import { StatementError, type CsvColumns, type CsvMapping } from "./types";

type Delimiter = CsvMapping["delimiter"];

const DELIMITERS: Delimiter[] = [",", ";", "\t"];
const SAMPLE_CHARS = 64 * 1024;
const SAMPLE_ROWS = 60;

/** Rows of cells with the 1-based line each starts on (a quoted cell may span lines). */
export interface Table {
  rows: string[][];
  lines: number[];
}

export interface Layout {
  delimiter: Delimiter;
  headerRow: number; // 0-based line index
  columns: Partial<CsvColumns>;
}

export function readTable(text: string, delimiter: Delimiter, firstLine = 1, preview = 0): Table {
  const { data } = Papa.parse<string[]>(text, { delimiter, newline: lineBreak(text), preview, skipEmptyLines: false });
  const lines: number[] = [];
  let line = firstLine;
  for (const row of data) {
    lines.push(line);
    line += 1;
    for (const cell of row) for (let i = cell.indexOf("\n"); i !== -1; i = cell.indexOf("\n", i + 1)) line++;
  }
  return { rows: data, lines };
}

// Papaparse would guess by splitting the first megabyte on "\r"; the first line end tells as much.
function lineBreak(text: string): "\r\n" | "\n" | "\r" {
  const lf = text.indexOf("\n");
  if (lf > 0 && text[lf - 1] === "\r") return "\r\n";
  return lf === -1 && text.includes("\r") ? "\r" : "\n";
}

/**
 * The delimiter that splits the most sample rows into the same number (2 or more) of cells, and the
 * first row of that width. Preamble lines ("Account: …") and decimal commas in a semicolon file split
 * unevenly, so they do not win. Null when no delimiter makes a table: not a CSV.
 */
export function detectDelimiter(text: string): { delimiter: Delimiter; firstRow: number; rows: number } | null {
  let best: { delimiter: Delimiter; score: number; width: number; firstRow: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const { rows, lines } = readTable(text.slice(0, SAMPLE_CHARS), delimiter, 1, SAMPLE_ROWS);
    const widths = new Map<number, { score: number; firstRow: number }>();
    rows.forEach((row, i) => {
      if (row.length < 2) return;
      const seen = widths.get(row.length);
      widths.set(row.length, { score: (seen?.score ?? 0) + 1, firstRow: seen?.firstRow ?? lines[i] - 1 });
    });
    for (const [width, { score, firstRow }] of widths) {
      if (!best || score > best.score || (score === best.score && width > best.width)) best = { delimiter, score, width, firstRow };
    }
  }
  return best && { delimiter: best.delimiter, firstRow: best.firstRow, rows: best.score };
}

/**
 * The header is the first sample row whose names give a date and an amount; what precedes it is
 * preamble. When no row does, the first row of the table's width, with whatever names matched, if
 * the table has a header and a row at least (one line with a comma is a sentence, not a table).
 */
export function detectLayout(text: string): Layout | null {
  const found = detectDelimiter(text);
  if (found === null) return null;
  const { delimiter, firstRow, rows: tableRows } = found;
  const { rows, lines } = readTable(text.slice(0, SAMPLE_CHARS), delimiter, 1, SAMPLE_ROWS);
  for (let i = 0; i < rows.length; i++) {
    const columns = proposeColumns(rows[i]);
    if (columns.date && (columns.amount || columns.debit || columns.credit)) return { delimiter, headerRow: lines[i] - 1, columns };
  }
  if (tableRows < 2) return null;
  const index = lines.indexOf(firstRow + 1);
  return { delimiter, headerRow: firstRow, columns: index === -1 ? {} : proposeColumns(rows[index]) };
}

/** The text from the start of 0-based line `index`, and the preamble before it (substrings, not copies). */
export function fromLine(text: string, index: number): { body: string; preamble: string } {
  const lineEnd = lineBreak(text);
  let offset = 0;
  for (let line = 0; line < index; line++) {
    const next = text.indexOf(lineEnd, offset);
    if (next === -1) return { body: "", preamble: text };
    offset = next + lineEnd.length;
  }
  return { body: text.slice(offset), preamble: text.slice(0, offset) };
}

/** The last four digits of an account number stated in the preamble ("Account: ****0932"). */
export function accountFromPreamble(preamble: string): string | undefined {
  for (const line of preamble.split(/\r\n|\r|\n/)) {
    const m = /(?:account|acct|konto|compte|cuenta|rekening|iban)[^0-9\n]{0,40}([0-9][0-9 *xX-]*)/i.exec(line);
    const digits = m?.[1].replace(/[^0-9]/g, "") ?? "";
    if (digits.length >= 4) return digits.slice(-4);
  }
  return undefined;
}

export type ColumnIndexes = Record<keyof CsvColumns, number>;

/** Positions of the mapped columns in the header row (-1 when unmapped); a name not there is refused. */
export function columnIndexes(headers: string[], columns: Partial<CsvColumns>): ColumnIndexes {
  const trimmed = headers.map((h) => h.trim());
  const lower = trimmed.map((h) => h.toLowerCase());
  const indexes: ColumnIndexes = {
    date: -1,
    description: -1,
    amount: -1,
    debit: -1,
    credit: -1,
    reference: -1,
    balance: -1,
    payee: -1,
    checkNumber: -1,
    counterpartyAccount: -1,
  };
  for (const field of COLUMN_FIELDS) {
    const name = columns[field]?.trim();
    if (!name) continue;
    let index = trimmed.indexOf(name);
    if (index === -1) index = lower.indexOf(name.toLowerCase());
    if (index === -1) throw new StatementError("import.errors.mappingMissingColumn", { column: name });
    indexes[field] = index;
  }
  return indexes;
}
