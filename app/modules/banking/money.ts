import { minorDigits, parseAmount } from "./statements/money";

export { minorDigits };

// Building an Intl.NumberFormat costs far more than using one: a page of 100 amounts reuses a handful.
const formatCache = new Map<string, Intl.NumberFormat>();

/** Integer minor units to the amount a person reads, in their language. */
export function formatMinor(minor: number, currency: string, locale?: string): string {
  const digits = minorDigits(currency);
  const key = `${locale ?? ""}|${currency}`;
  let format = formatCache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatCache.set(key, format);
  }
  return format.format(minor / 10 ** digits);
}

/**
 * What a person typed as an amount ("84,210.55", "-1.234,56", "1200", "(12.00)") to integer minor units,
 * or null. The last "." or "," marks decimals when at most the currency's minor digits follow it ("1,5",
 * "1.50"); otherwise it groups thousands ("1,234" in dollars). The statements' parser does the rest.
 */
export function parseAmountInput(text: string, currency: string): number | null {
  const s = text.trim();
  const last = Math.max(s.lastIndexOf("."), s.lastIndexOf(","));
  if (last < 0) return parseAmount(s, ".", currency);
  const fractionLength = (/^\d*/.exec(s.slice(last + 1)) ?? [""])[0].length;
  const separator = s[last] === "," ? "," : ".";
  const decimal = fractionLength > 0 && fractionLength <= minorDigits(currency) ? separator : separator === "." ? "," : ".";
  return parseAmount(s, decimal, currency);
}
