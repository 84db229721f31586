import { minorDigits } from "~/modules/banking/money";
import type { AccountingReport, SideSummary, Translate } from "./types";

/** Integer minor units as a plain decimal ("-1234.50"), built from the digits so that no float rounds a cent. */
export function decimalString(minor: number, currency: string): `${number}` {
  const digits = minorDigits(currency);
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  const whole = digits ? text.slice(0, -digits) : text;
  return `${minor < 0 ? "-" : ""}${whole}${digits ? `.${text.slice(-digits)}` : ""}` as `${number}`;
}

/** Amounts as a person reads them in their language; Intl is given the exact decimal, not a float. */
export function moneyFormatter(currency: string, locale: string): (minor: number) => string {
  const digits = minorDigits(currency);
  const format = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
  return (minor) => format.format(decimalString(minor, currency));
}

/** "2025-12-31" as a long date in the reader's language (the date itself, whatever the server's time zone). */
export function longDate(on: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${on}T00:00:00Z`));
}

/** The category's translation when the namespace has one, else the caller's own word. */
export function categoryLabel(t: Translate, category: string | null): string {
  return category === null ? t("category.none") : t(`category.${category}`, { defaultValue: category });
}

/** The kind's translation when the namespace has one, else the caller's word ("real_estate" → "real estate"). */
export function kindLabel(t: Translate, kind: string): string {
  return t(`kind.${kind}`, { defaultValue: kind.replace(/_/g, " ") });
}

/** The summary's lines in order, with what each adds: subtractions negative, so each column adds up to its end. */
export function summaryLines(report: AccountingReport) {
  const { summary } = report;
  const line = (key: string, of: (s: SideSummary) => number) => ({
    key,
    principalMinor: of(summary.principal),
    incomeMinor: of(summary.income),
    totalMinor: of(summary.total),
  });
  return [
    line("summary.start", (s) => s.startMinor),
    line("summary.receipts", (s) => s.receiptsMinor),
    line("summary.gains", (s) => s.gainsMinor),
    line("summary.losses", (s) => -s.lossesMinor),
    line("summary.disbursements", (s) => -s.disbursementsMinor),
    line("summary.distributions", (s) => -s.distributionsMinor),
    line("summary.end", (s) => s.endMinor),
  ];
}
