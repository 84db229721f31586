import { minorDigits } from "../../money";

/**
 * Dates, months and amounts of the charts in the reader's language. Days and months are calendar dates
 * (no time of day), so they are formatted in UTC: the same day in every time zone.
 */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) cache.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" })));
  return format;
}

const asDate = (day: string) => new Date(`${day.length === 7 ? `${day}-01` : day}T00:00:00Z`);

/** "24 Nov 2026" */
export const formatDay = (day: string, locale: string) => dateFormat(locale, { day: "numeric", month: "short", year: "numeric" }).format(asDate(day));
/** "24 Nov", for an axis */
export const formatDayShort = (day: string, locale: string) => dateFormat(locale, { day: "numeric", month: "short" }).format(asDate(day));
/** "November 2026" */
export const formatMonth = (month: string, locale: string) => dateFormat(locale, { month: "long", year: "numeric" }).format(asDate(month));
/** "Nov 26", for an axis */
export const formatMonthShort = (month: string, locale: string) => dateFormat(locale, { month: "short", year: "2-digit" }).format(asDate(month));

/** "$84K", for an axis: whole units, compact. */
export function formatCompact(minor: number, currency: string, locale: string): string {
  const key = `n|${locale}|${currency}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency, notation: "compact", maximumFractionDigits: 1 });
    cache.set(key, format);
  }
  return format.format(minor / 10 ** minorDigits(currency));
}
