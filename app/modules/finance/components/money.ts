import { formatMinor } from "~/modules/banking/money";

/** Money as the reader writes it, in the trust's currency. */
export const moneyIn = (currency: string | null, language: string) => (minor: number) => formatMinor(minor, currency ?? "USD", language);

/** A day as the reader writes it ("12 Sept 2026"). */
export const dayIn = (language: string) => (iso: string | null) =>
  iso ? new Intl.DateTimeFormat(language, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`)) : "";
