export type StatementFormat = "ofx" | "camt053" | "csv";
export type DateFormat = "iso" | "mdy" | "dmy"; // dmy covers DD.MM.YYYY and DD/MM/YYYY; mdy MM/DD/YYYY

export interface CsvColumns {
  date: string;
  description: string;
  amount?: string;
  debit?: string;
  credit?: string;
  reference?: string;
  balance?: string;
  payee?: string;
  checkNumber?: string;
  /** The other party's account number or IBAN (only its last four are kept). */
  counterpartyAccount?: string;
}

export interface CsvMapping {
  delimiter: "," | ";" | "\t";
  decimal: "." | ",";
  dateFormat: DateFormat;
  encoding: "utf-8" | "windows-1252";
  headerRow: number; // 0-based line index of the header row (preamble lines before it are skipped)
  columns: CsvColumns;
}

/** A mapping a person chose: without a date format or decimal separator, those are read from the data. */
export type GivenCsvMapping = Omit<CsvMapping, "decimal" | "dateFormat"> & Partial<Pick<CsvMapping, "decimal" | "dateFormat">>;

export interface StatementRow {
  postedOn: string; // YYYY-MM-DD
  description: string; // what the person reads: payee/name plus memo when both exist ("CAL STATE UNIV TUITION · SOFIA CHEN"), trimmed, whitespace collapsed
  payee?: string;
  amountMinor: number; // signed: money in positive, money out negative
  currency: string; // ISO 4217 upper case
  bankId?: string; // FITID / AcctSvcrRef / the CSV's mapped reference column
  checkNumber?: string;
  /** The other account's last four digits or letters, when the file names it (OFX BANKACCTTO, CAMT CdtrAcct/DbtrAcct, a CSV column). */
  counterpartyLastFour?: string;
  line: number; // 1-based line or entry number in the file, for messages
}

export interface ParsedStatement {
  format: StatementFormat;
  rows: StatementRow[];
  currency?: string;
  ledgerBalanceMinor?: number; // OFX LEDGERBAL / CAMT closing booked balance (CLBD)
  ledgerBalanceOn?: string;
  openingBalanceMinor?: number; // CSV opening-balance row, CAMT OPBD
  accountLastFour?: string;
  mapping?: CsvMapping; // CSV: the mapping used (proposed or given)
  ambiguousDateFormats?: DateFormat[]; // CSV: when the dates fit more than one format (e.g. all days <= 12), the candidates; the caller must ask the person
}

/** What `proposeCsvMapping` found, for a column picker: `mapping` only when every needed column was named. */
export interface CsvProposal {
  headers: string[];
  columns: Partial<CsvColumns>;
  mapping?: CsvMapping;
  /** The layout read from the file (separators, encoding, header row) with whatever columns were recognised: the start of the person's own mapping. */
  draft: CsvMapping;
  dateFormats: DateFormat[]; // the formats every date fits; more than one means the person must choose
}

export interface ParseOptions {
  currency: string; // the account's currency, used where the file names none
  mapping?: GivenCsvMapping;
  dateFormat?: DateFormat; // the person's answer to `ambiguousDateFormats`
}

/** A refusal with the key of its sentence in the `banking` namespace (docs/decisions/0018). */
export class StatementError extends Error {
  constructor(
    public key: string,
    public values?: Record<string, unknown>,
  ) {
    super(key);
  }
}

/** More rows than this is not a statement a person can review; the caller should split the period. */
export const MAX_ROWS = 100_000;

/**
 * The longest description (payee and memo as the person reads them) and payee a row may have, in characters; and the
 * longest reference (the bank's id, a check number). Banks write far less (OFX: a 96-character name and a 255-character
 * memo; CAMT: 140 characters a remittance line): a longer cell is a damaged file or not the bank's, so the file is
 * refused with the line, not cut short. A trustee's books must say what the bank said, and a statement is read whole
 * or not at all (a row left out would leave the reconciliation off by its amount with nothing to show why).
 */
export const DESCRIPTION_MAX = 1000;
export const REFERENCE_MAX = 255;
