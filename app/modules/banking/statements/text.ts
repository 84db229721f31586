// Text helpers shared by the three formats: decoding bytes once, and the description a person reads.

import { DESCRIPTION_MAX, REFERENCE_MAX, StatementError, type StatementRow } from "./types";

const BOM = [0xef, 0xbb, 0xbf];

export type Encoding = "utf-8" | "windows-1252";

/**
 * Decodes the file once. Without a stated encoding: valid UTF-8 is UTF-8, anything else is taken as
 * Windows-1252 (what European and US bank exports use when they are not UTF-8). A UTF-8 BOM is dropped.
 */
export function decode(bytes: Uint8Array, encoding?: Encoding): { text: string; encoding: Encoding } {
  const hasBom = bytes.length >= 3 && BOM.every((b, i) => bytes[i] === b);
  const body = hasBom ? bytes.subarray(3) : bytes;
  if (encoding === "windows-1252") return { text: new TextDecoder("windows-1252").decode(body), encoding };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body), encoding: "utf-8" };
  } catch {
    if (encoding === "utf-8") return { text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(body), encoding };
    return { text: new TextDecoder("windows-1252").decode(body), encoding: "windows-1252" };
  }
}

/** Trimmed, with runs of whitespace (including line breaks inside quoted CSV cells) made one space. */
export function clean(value: string | undefined): string {
  return value ? value.replace(/\s+/g, " ").trim() : "";
}

/**
 * "NAME · MEMO" when both say something; one of them when the other adds nothing (empty, equal, or
 * already contained), so that a bank repeating the payee in the memo does not show it twice.
 */
export function describe(name: string | undefined, memo: string | undefined): string {
  const a = clean(name);
  const b = clean(memo);
  if (!a || !b) return a || b;
  const upperA = a.toUpperCase();
  const upperB = b.toUpperCase();
  if (upperB.includes(upperA)) return b;
  if (upperA.includes(upperB)) return a;
  return `${a} · ${b}`;
}

/** The last four letters or digits of an account number ("DE89 3704 0044 0532 0130 00" → "3000"). */
export function lastFour(accountId: string | undefined): string | undefined {
  const chars = (accountId ?? "").replace(/[^0-9A-Za-z]/g, "");
  return chars.length >= 4 ? chars.slice(-4) : undefined;
}

/** 1-based line numbers of each match of `pattern` (global) in `text`, in order: one pass. */
export function linesOf(text: string, pattern: RegExp): number[] {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (const match of text.matchAll(pattern)) {
    for (let i = text.indexOf("\n", from); i !== -1 && i < match.index; i = text.indexOf("\n", i + 1)) line++;
    from = match.index;
    lines.push(line);
  }
  return lines;
}

/** The row, if its words and references are no longer than a bank writes them; otherwise the file is refused (types.ts). */
export function withinLimits(row: StatementRow): StatementRow {
  for (const text of [row.description, row.payee]) {
    if (text && text.length > DESCRIPTION_MAX)
      throw new StatementError("import.errors.descriptionTooLong", { line: row.line, length: text.length, limit: DESCRIPTION_MAX });
  }
  for (const text of [row.bankId, row.checkNumber]) {
    if (text && text.length > REFERENCE_MAX)
      throw new StatementError("import.errors.referenceTooLong", { line: row.line, length: text.length, limit: REFERENCE_MAX });
  }
  return row;
}

/**
 * Remittance lines joined for one description, abridged with "…" when together they pass `max` (a batch booking can
 * carry hundreds, each within a bank's limit); a single line longer than `max` is kept whole, for `withinLimits` to refuse.
 */
export function joinWithin(lines: string[], max: number): string {
  const joined = lines.join(" ");
  if (joined.length <= max || lines.some((line) => line.length > max)) return joined;
  let out = "";
  for (const line of lines) {
    const next = out ? `${out} ${line}` : line;
    if (next.length > max - 2) break;
    out = next;
  }
  return `${out} …`;
}
