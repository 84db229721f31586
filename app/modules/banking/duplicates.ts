/**
 * Which incoming statement rows are already in the books (issue 16): the bank's own id first; otherwise
 * the same amount within seven days, the nearest date and the same payee first, each existing row matched
 * at most once. Pure, so the import preview and its tests agree.
 */
export interface IncomingRow {
  postedOn: string;
  description: string;
  payee?: string;
  amountMinor: number;
  bankId?: string;
}

export interface ExistingRow {
  id: string;
  postedOn: string;
  description: string;
  payee: string | null;
  amountMinor: number;
  bankId: string | null;
}

export type RowState = "new" | "duplicate" | "possible_duplicate";
export interface Classified {
  state: RowState;
  /** The existing transaction it repeats (absent when it repeats an earlier row of the same file). */
  duplicateOf?: string;
}

export const DUPLICATE_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

const dayNumber = (isoDay: string) => Math.round(Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS);

/** Upper case letters and digits only: banks change spacing, punctuation and prefixes ("CHECK 1043 …"). */
export function normalisePayee(text: string | null | undefined): string {
  return (text ?? "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();
}

function samePayee(a: IncomingRow, b: ExistingRow): boolean {
  const x = normalisePayee(a.payee || a.description);
  const y = normalisePayee(b.payee || b.description);
  if (!x || !y) return false;
  return x === y || x.includes(y) || y.includes(x);
}

/** The window of dates whose existing transactions can match `rows`. */
export function candidateWindow(rows: IncomingRow[]): { from: string; to: string } | null {
  if (rows.length === 0) return null;
  let lo = Infinity;
  let hi = -Infinity;
  for (const r of rows) {
    const d = dayNumber(r.postedOn);
    lo = Math.min(lo, d);
    hi = Math.max(hi, d);
  }
  const iso = (d: number) => new Date(d * DAY_MS).toISOString().slice(0, 10);
  return { from: iso(lo - DUPLICATE_WINDOW_DAYS), to: iso(hi + DUPLICATE_WINDOW_DAYS) };
}

export function classifyRows(rows: IncomingRow[], existing: ExistingRow[]): Classified[] {
  const byBankId = new Map<string, ExistingRow>();
  const byAmount = new Map<number, ExistingRow[]>();
  for (const e of existing) {
    if (e.bankId) byBankId.set(e.bankId, e);
    const list = byAmount.get(e.amountMinor);
    if (list) list.push(e);
    else byAmount.set(e.amountMinor, [e]);
  }
  const matched = new Set<string>();
  const seenInFile = new Set<string>();
  const result: Classified[] = new Array(rows.length);

  // Pass 1: the bank's id decides where there is one.
  rows.forEach((row, i) => {
    if (!row.bankId) return;
    const hit = byBankId.get(row.bankId);
    if (hit) {
      matched.add(hit.id);
      result[i] = { state: "duplicate", duplicateOf: hit.id };
    } else if (seenInFile.has(row.bankId)) {
      result[i] = { state: "duplicate" };
    }
    seenInFile.add(row.bankId);
  });

  // Pass 2: the rest by amount and date, nearest date and the same payee first.
  rows.forEach((row, i) => {
    if (result[i]) return;
    const day = dayNumber(row.postedOn);
    let best: { row: ExistingRow; distance: number; payee: boolean } | null = null;
    for (const e of byAmount.get(row.amountMinor) ?? []) {
      if (matched.has(e.id)) continue;
      // Two different ids from the bank are two different transactions, however alike.
      if (row.bankId && e.bankId && row.bankId !== e.bankId) continue;
      const distance = Math.abs(dayNumber(e.postedOn) - day);
      if (distance > DUPLICATE_WINDOW_DAYS) continue;
      const payee = samePayee(row, e);
      if (!best || distance < best.distance || (distance === best.distance && payee && !best.payee)) best = { row: e, distance, payee };
    }
    if (!best) {
      result[i] = { state: "new" };
      return;
    }
    matched.add(best.row.id);
    // The same day and the same payee is the same transaction; anything looser is for the person to decide.
    result[i] = { state: best.distance === 0 && best.payee ? "duplicate" : "possible_duplicate", duplicateOf: best.row.id };
  });
  return result;
}
