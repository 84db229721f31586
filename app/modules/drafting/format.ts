/**
 * Formatting for the text of drafted instruments. The instruments are written in English (US trust
 * law, the Uniform Trust Code), so dates and amounts are formatted the American way whatever the
 * interface language; the browser's preview and the server's export share these functions, so both
 * produce the same words.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** A real calendar date written YYYY-MM-DD (no 2023-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1800 || year > 2200 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** "2019-03-14" → "March 14, 2019"; anything else is returned as written. */
export function longDate(value: string): string {
  if (!isCalendarDate(value)) return value;
  const [year, month, day] = value.split("-").map(Number);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** Days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number | null {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return null;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Today in UTC as YYYY-MM-DD. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  const list = names.map((n) => n.trim()).filter(Boolean);
  if (list.length <= 1) return list[0] ?? "";
  return `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

/** Currencies a distribution can be written in (ISO 4217). */
export const CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD", "CHF", "JPY"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** How many decimals a currency has (JPY none, the others two). */
export function minorDigits(currency: string): number {
  return currency === "JPY" ? 0 : 2;
}

/**
 * "15,000.50" in USD → 1500050 minor units; null when it is not an amount in that currency.
 * Money is never a float here: the digits are read as integers.
 */
export function parseAmount(text: string, currency: string): number | null {
  const cleaned = text.replace(/[\s,]/g, "");
  const digits = minorDigits(currency);
  const pattern = digits === 0 ? /^(\d{1,13})$/ : /^(\d{1,13})(?:\.(\d{1,2}))?$/;
  const match = pattern.exec(cleaned);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = digits === 0 ? 0 : Number((match[2] ?? "").padEnd(2, "0"));
  const minor = whole * 10 ** digits + fraction;
  return Number.isSafeInteger(minor) ? minor : null;
}

const CURRENCY_NAMES: Record<Currency, string> = {
  USD: "US dollars",
  EUR: "euros",
  GBP: "pounds sterling",
  CAD: "Canadian dollars",
  AUD: "Australian dollars",
  CHF: "Swiss francs",
  JPY: "Japanese yen",
};

/** 1500050 USD → "$15,000.50 (US dollars)". The integer part is grouped by hand, never through a float. */
export function formatAmount(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const whole = Math.floor(minor / 10 ** digits);
  const fraction = digits ? `.${String(minor % 10 ** digits).padStart(digits, "0")}` : "";
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const symbol: Record<string, string> = { USD: "$", EUR: "€", GBP: "£", JPY: "¥" };
  const name = CURRENCY_NAMES[currency as Currency];
  const figure = symbol[currency] ? `${symbol[currency]}${grouped}${fraction}` : `${currency} ${grouped}${fraction}`;
  return name ? `${figure} (${name})` : figure;
}
