import { StatementError, type StatementFormat } from "./types";

const SNIFF = 4096;

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
}

/**
 * Refuses what is not text before decoding it: PDFs and spreadsheets get their own sentence, since a
 * person can do something about them; other binary files (a NUL in the first bytes) are not statements.
 */
export function refuseBinary(bytes: Uint8Array): void {
  if (bytes.length === 0) throw new StatementError("import.errors.empty");
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) throw new StatementError("import.errors.pdf"); // %PDF
  // XLSX/ODS are ZIP archives; old .xls is an OLE compound file.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) {
    throw new StatementError("import.errors.spreadsheet");
  }
  if (bytes.subarray(0, SNIFF).includes(0)) throw new StatementError("import.errors.notAStatement");
}

/**
 * The format from the content alone (a file's name says what it was saved as, not what it holds): a
 * bank's sign-in page saved as "statement.ofx" is HTML and is refused as such.
 */
export function detectFormat(text: string): StatementFormat {
  const head = text.slice(0, SNIFF).trimStart();
  if (head === "") throw new StatementError("import.errors.empty");
  if (/^OFXHEADER|<OFX\s*>|<\?OFX\b/i.test(head)) return "ofx";
  if (/camt\.053|<(?:[\w.-]+:)?BkToCstmrStmt[\s>]/.test(head)) return "camt053";
  if (/<!doctype\s+html|<html[\s>]|^<(?:head|body)[\s>]/i.test(head)) throw new StatementError("import.errors.html");
  // Other XML (camt.052/054, invoices, …) and anything else in angle brackets is not a statement.
  if (head.startsWith("<")) throw new StatementError("import.errors.notAStatement");
  return "csv";
}
