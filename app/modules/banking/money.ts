/** The currency's minor digits as the runtime's Intl knows them (2 for USD, 0 for JPY, 3 for KWD). */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Integer minor units to the amount a person reads, in their language. */
export function formatMinor(minor: number, currency: string, locale?: string): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    minor / 10 ** digits,
  );
}

/**
 * What a person typed as an amount ("84,210.55", "-1.234,56", "1200") to integer minor units, without
 * floating point; null when it is not an amount. The last "." or "," followed by at most the currency's
 * minor digits is the decimal separator; other separators group thousands.
 */
export function parseAmountInput(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  let s = text.trim().replace(/[\s\u00a0\u202f']/g, "");
  if (!s) return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  const signed = /^[-+\u2212]/.test(s);
  if (s.startsWith("-") || s.startsWith("\u2212")) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith("+")) s = s.slice(1);
  // A currency's symbol or code before or after the number ("$", "€", "USD").
  s = s.replace(/^(?:[A-Za-z]{3}|[^\d.,+\-\u2212A-Za-z])+|(?:[A-Za-z]{3}|[^\d.,A-Za-z])+$/g, "");
  // "$-12.00": the sign after the symbol (only one sign in all).
  if (!signed && (s.startsWith("-") || s.startsWith("\u2212"))) {
    negative = !negative;
    s = s.slice(1);
  }
  if (!/^[\d.,]+$/.test(s)) return null;
  // The last separator marks decimals when at most the currency's minor digits follow it ("1,5" and
  // "1.50"); otherwise it groups thousands ("1,234" in dollars).
  const lastSep = Math.max(s.lastIndexOf("."), s.lastIndexOf(","));
  const fractionLength = lastSep < 0 ? 0 : s.length - lastSep - 1;
  let whole = s;
  let fraction = "";
  if (fractionLength > 0 && fractionLength <= digits) {
    whole = s.slice(0, lastSep);
    fraction = s.slice(lastSep + 1);
  }
  // Thousands come in groups of three ("1,234,567"); "1.2.3" is not an amount.
  if (!/^\d+$|^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*$/.test(whole)) return null;
  whole = whole.replace(/[.,]/g, "");
  if (!/^\d+$/.test(whole || "0") || !/^\d*$/.test(fraction)) return null;
  const value = Number(whole || "0") * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  if (!Number.isSafeInteger(value)) return null;
  return negative ? -value : value;
}
