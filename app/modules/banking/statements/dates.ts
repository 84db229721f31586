import type { DateFormat } from "./types";

// Each format's shapes; a time after the date ("02.09.2026 10:15", "2026-09-02T10:15") is ignored.
const PATTERNS: Record<DateFormat, RegExp> = {
  iso: /^(\d{4})([-/.]?)(\d{1,2})\2(\d{1,2})(?:[T\s].*)?$/,
  mdy: /^(\d{1,2})([/-])(\d{1,2})\2(\d{4})(?:\s.*)?$/,
  dmy: /^(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?:\s.*)?$/,
};

export const DATE_FORMATS: DateFormat[] = ["iso", "mdy", "dmy"];

/** The date as YYYY-MM-DD when `text` is a real calendar date in `format`, else null. */
export function parseDate(text: string, format: DateFormat): string | null {
  const m = PATTERNS[format].exec(text.trim());
  if (!m) return null;
  if (format === "iso") {
    // Without separators only the 8-digit basic form is ISO ("2026902" is nothing).
    if (m[2] === "" && (m[3].length !== 2 || m[4].length !== 2)) return null;
    return ymd(m[1], m[3], m[4]);
  }
  return format === "mdy" ? ymd(m[4], m[1], m[3]) : ymd(m[4], m[3], m[1]);
}

/** OFX dates: YYYYMMDD, then any time and "[-8:PST]" zone, which do not change the bank's date. */
export function parseOfxDate(text: string): string | null {
  const m = /^\s*(\d{4})(\d{2})(\d{2})/.exec(text);
  return m ? ymd(m[1], m[2], m[3]) : null;
}

/** XML dates and date-times (CAMT): the date part of "2026-09-02" or "2026-09-02T10:00:00+02:00". */
export function parseXmlDate(text: string): string | null {
  const m = /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return m ? ymd(m[1], m[2], m[3]) : null;
}

function ymd(year: string, month: string, day: string): string | null {
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1) return null;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  if (d > days) return null;
  return `${year}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/**
 * The formats that read every one of `dates` (blank ones skipped). More than one means the file does
 * not say (every day is 12 or less) and the person must choose; none means some date is unreadable,
 * and the format that reads the most is returned alone so that the error names the first bad line.
 */
export function fittingDateFormats(dates: Iterable<string>): DateFormat[] {
  const misses: Record<DateFormat, number> = { iso: 0, mdy: 0, dmy: 0 };
  let seen = 0;
  for (const raw of dates) {
    const text = raw.trim();
    if (text === "") continue;
    seen++;
    for (const format of DATE_FORMATS) if (parseDate(text, format) === null) misses[format]++;
  }
  if (seen === 0) return [];
  const fitting = DATE_FORMATS.filter((format) => misses[format] === 0);
  if (fitting.length > 0) return fitting;
  const best = DATE_FORMATS.reduce((a, b) => (misses[b] < misses[a] ? b : a));
  return [best];
}
