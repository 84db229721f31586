import type { CsvColumns } from "./types";

// Header names banks use, normalised (lower case, no accents, punctuation as spaces), best first.
// English, German, French, Spanish and Dutch exports; value dates rank below booking dates.
// prettier-ignore
const NAMES: Record<keyof CsvColumns, string[]> = {
  date: [
    "date", "posted date", "posting date", "post date", "date posted", "transaction date", "trans date",
    "booking date", "buchungstag", "buchungsdatum", "datum", "date operation", "date de l operation",
    "date comptable", "fecha", "fecha operacion", "fecha de operacion", "fecha contable", "boekdatum",
    "transactiedatum", "value date", "valuta", "valutadatum", "wertstellung", "date de valeur",
    "date valeur", "fecha valor", "rentedatum",
  ],
  description: [
    "description", "transaction description", "details", "transaction details", "memo", "narrative",
    "particulars", "verwendungszweck", "buchungstext", "beschreibung", "umsatztext", "text", "libelle",
    "libelle operation", "libelle de l operation", "detail", "detail de l operation", "intitule",
    "concepto", "descripcion", "detalle", "movimiento", "omschrijving", "naam omschrijving",
    "mededelingen",
  ],
  payee: [
    "payee", "payee name", "name", "beneficiary", "counterparty", "merchant", "recipient",
    "beguenstigter zahlungspflichtiger", "begunstigter zahlungspflichtiger", "auftraggeber begunstigter",
    "auftraggeber empfanger", "zahlungsempfanger", "empfanger", "name zahlungsbeteiligter",
    "beneficiaire", "tiers", "beneficiario", "ordenante", "naam tegenpartij", "tegenpartij", "naam",
  ],
  amount: ["amount", "transaction amount", "betrag", "umsatz", "montant", "importe", "cantidad", "monto", "bedrag"],
  debit: [
    "debit", "debits", "debit amount", "withdrawal", "withdrawals", "money out", "paid out", "out",
    "soll", "lastschrift", "ausgang", "belastung", "debe", "cargo", "cargos", "af", "afschrijving",
  ],
  credit: [
    "credit", "credits", "credit amount", "deposit", "deposits", "money in", "paid in", "in", "haben",
    "gutschrift", "eingang", "haber", "abono", "abonos", "bij", "bijschrijving",
  ],
  reference: [
    "reference", "ref", "ref no", "reference number", "fitid", "transaction id", "transaction reference",
    "bank reference", "id", "referenz", "kundenreferenz", "referencia", "referentie",
  ],
  balance: ["balance", "running balance", "account balance", "saldo", "kontostand", "solde"],
  // The other party's account (only its last four are kept): named columns only, never a bare "IBAN" or
  // "account", which many banks use for the statement's own account.
  counterpartyAccount: [
    "counterparty account", "counterparty account number", "counterparty iban", "payee account", "payee account number",
    "beneficiary account", "beneficiary account number", "beneficiary iban", "other account", "transfer account",
    "gegenkonto", "iban zahlungsbeteiligter", "kontonummer iban", "iban gegenkonto", "compte contrepartie",
    "iban contrepartie", "cuenta contrapartida", "cuenta destino", "iban contrapartida", "tegenrekening",
    "tegenrekening iban",
  ],
  checkNumber: ["check number", "check no", "check", "cheque number", "cheque no", "cheque", "checknum", "numero de cheque"],
};

// Claimed in this order so that "Amount" is never taken for a description, nor "Name" for a date.
export const COLUMN_FIELDS: (keyof CsvColumns)[] = [
  "date",
  "amount",
  "debit",
  "credit",
  "balance",
  "reference",
  "checkNumber",
  "counterpartyAccount",
  "description",
  "payee",
];

const CURRENCY_WORDS = /\b(usd|eur|gbp|chf|cad|aud|nzd|jpy|sek|nok|dkk|pln|czk|huf|mxn|brl)\b/g;

export function normaliseHeader(header: string): string {
  return header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .replace(CURRENCY_WORDS, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The columns whose header names we recognise: exact names first, then names that begin with one. */
export function proposeColumns(headers: string[]): Partial<CsvColumns> {
  const normalised = headers.map(normaliseHeader);
  const taken = new Set<number>();
  const columns: Partial<CsvColumns> = {};
  for (const field of COLUMN_FIELDS) {
    const index = bestMatch(normalised, NAMES[field], taken);
    if (index === -1) continue;
    taken.add(index);
    columns[field] = headers[index].trim();
  }
  // A file with names but no separate description column: the name is what the person reads.
  if (!columns.description && columns.payee) {
    columns.description = columns.payee;
    delete columns.payee;
  }
  return columns;
}

function bestMatch(headers: string[], names: string[], taken: Set<number>): number {
  for (const exact of [true, false]) {
    for (const name of names) {
      if (!exact && name.length < 4) continue;
      const index = headers.findIndex((h, i) => !taken.has(i) && (exact ? h === name : h.startsWith(`${name} `)));
      if (index !== -1) return index;
    }
  }
  return -1;
}

/** Whether the columns are enough to read transactions: a date, a description and some amount. */
export function isComplete(columns: Partial<CsvColumns>): columns is CsvColumns {
  return Boolean(columns.date && columns.description && (columns.amount || columns.debit || columns.credit));
}

// Rows that state a balance instead of moving money, matched on the whole start of a cell so that a
// payee such as "TOTAL WINE & MORE" is never taken for a total.
const OPENING =
  /^(?:(?:opening|beginning|starting|previous|initial)(?: ledger)? balance|balance (?:brought )?forward|saldo (?:inicial|anterior|de apertura|anfang|alt|vortrag)|anfangssaldo|alter saldo|saldovortrag|solde (?:initial|d ouverture|precedent|anterieur|de debut)|beginsaldo|openingssaldo|startsaldo|vorig saldo)\b/;
const CLOSING =
  /^(?:(?:closing|ending|final|current)(?: ledger)? balance|saldo (?:final|de cierre|actual|neu|ende)|endsaldo|neuer saldo|schlusssaldo|solde (?:final|de cloture|actuel|de fin)|eindsaldo|slotsaldo)\b|^(?:total|totals|totaal|totales|summe|gesamt)$/;

// Every label above has one of these words; testing for them first spares normalising each cell.
const BALANCE_WORD = /balance|saldo|solde|total|summe|gesamt/i;

export function balanceLabel(cells: string[]): "opening" | "closing" | undefined {
  for (const cell of cells) {
    if (!BALANCE_WORD.test(cell)) continue;
    const label = normaliseHeader(cell);
    if (OPENING.test(label)) return "opening";
    if (CLOSING.test(label)) return "closing";
  }
  return undefined;
}
