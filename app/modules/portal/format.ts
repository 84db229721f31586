import { formatMinor } from "~/modules/banking/money";
import type { Formatters } from "./summary";

/** Money, days and shares in the reader's language (Intl): the same on the page and in /api/portal. */
export function portalFormatters(language: string, currency: string): Formatters {
  const day = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" });
  const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 });
  return {
    money: (minor) => formatMinor(minor, currency, language),
    date: (iso) => day.format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso)),
    percent: (bp) => percent.format(bp / 10_000),
  };
}
