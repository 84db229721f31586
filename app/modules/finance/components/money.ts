import { formatDay } from "~/modules/banking/components/charts/format";
import { formatMinor } from "~/modules/banking/money";

/** Money as the reader writes it, in the trust's currency. */
export const moneyIn = (currency: string | null, language: string) => (minor: number) => formatMinor(minor, currency ?? "USD", language);

/** A day as the reader writes it ("12 Sept 2026"), as banking's charts write it. */
export const dayIn = (language: string) => (iso: string | null) => (iso ? formatDay(iso, language) : "");
