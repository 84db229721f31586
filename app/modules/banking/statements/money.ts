// Money as integer minor units, converted with string arithmetic so that no float ever rounds a cent.

// ISO 4217 currencies whose minor unit is not 2 digits; everything else has cents.
// prettier-ignore
const MINOR_DIGITS: Record<string, number> = {
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0,
  RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  CLF: 4, UYW: 4,
};

export function minorDigits(currency: string): number {
  return MINOR_DIGITS[currency.toUpperCase()] ?? 2;
}

/** The upper-case ISO code when `value` looks like one, else undefined. */
export function currencyCode(value: string | undefined): string | undefined {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{3}$/.test(code) ? code : undefined;
}

// Symbols and markers banks put around amounts; stripped before reading the number.
const SYMBOLS = /[$€£¥₹₩₽₺₪₫₦₱฿₴₲₵₡¢]/gu;
const SPACES = /[\s\u00a0\u2007\u202f]/gu;
const MAX_DIGITS = 15; // stays within Number.MAX_SAFE_INTEGER

/**
 * Reads a decimal amount into signed minor units, or null. `decimal` is the decimal separator; the
 * other one (and spaces, apostrophes) may group thousands. Accepts "-1 234,56", "+12.00", "(12.00)",
 * "12.00-", "$1,234.56", "EUR 12,00", "12.00 DR"/"CR". Extra fraction digits must be zeros: a
 * statement never holds a fraction of a cent, so "1.234" in dollars is a misread, not 1.23.
 */
export function parseAmount(input: string, decimal: "." | ",", currency: string): number | null {
  let s = input
    .replace(SPACES, "")
    .replace(SYMBOLS, "")
    .replace(/\u2212/g, "-");
  let negative = false;
  const code = s.match(/^([A-Za-z]{3})(?=[-+(\d.,])|([A-Za-z]{2,3})$/);
  if (code) {
    const marker = (code[1] ?? code[2]).toUpperCase();
    if (marker === "DR") negative = true;
    s = code[1] ? s.slice(3) : s.slice(0, -marker.length);
  }
  if (s.startsWith("(") && s.endsWith(")")) {
    negative = !negative;
    s = s.slice(1, -1);
  }
  const sign = s.match(/^[-+]|[-+]$/);
  if (sign) {
    if (sign[0] === "-") negative = !negative;
    s = sign.index === 0 ? s.slice(1) : s.slice(0, -1);
  }
  const point = s.lastIndexOf(decimal);
  const whole = point === -1 ? s : s.slice(0, point);
  const fraction = point === -1 ? "" : s.slice(point + 1);
  if (!/^\d*$/.test(fraction) || (whole === "" && fraction === "")) return null;
  const digits = groupedDigits(whole, decimal === "." ? /[,'’]/ : /[.'’]/);
  if (digits === null) return null;
  const places = minorDigits(currency);
  if (/[^0]/.test(fraction.slice(places))) return null;
  const minor = (digits + fraction.slice(0, places).padEnd(places, "0")).replace(/^0+/, "");
  if (minor.length > MAX_DIGITS) return null;
  const value = minor === "" ? 0 : Number(minor);
  return negative && value !== 0 ? -value : value;
}

// "1,234,567" → "1234567" when grouped in threes with one separator; plain digits pass as they are.
function groupedDigits(whole: string, separators: RegExp): string | null {
  if (/^\d*$/.test(whole)) return whole;
  const separator = whole.match(separators)?.[0];
  if (!separator) return null;
  const groups = whole.split(separator);
  const [first, ...rest] = groups;
  if (!/^\d{1,3}$/.test(first) || !rest.every((group) => /^\d{3}$/.test(group))) return null;
  return groups.join("");
}

/** OFX and similar: no thousands separators, but some banks write a comma as the decimal point. */
export function parseLooseAmount(input: string, currency: string): number | null {
  const comma = input.lastIndexOf(",");
  return parseAmount(input, comma > input.lastIndexOf(".") ? "," : ".", currency);
}

/**
 * Which decimal separator a column of amounts uses: the separator after the last group decides for
 * "1.234,56" and "1,234.56"; a lone separator followed by 1–2 or 4+ digits is a decimal point; a lone
 * one followed by exactly 3 digits ("1,234") tells nothing. Undecided columns follow the delimiter:
 * semicolon files come from comma-decimal locales.
 */
export function detectDecimal(values: Iterable<string>, delimiter: string): "." | "," {
  let dot = 0;
  let comma = 0;
  for (const raw of values) {
    const s = raw.replace(/[^\d.,]/g, "");
    const lastDot = s.lastIndexOf(".");
    const lastComma = s.lastIndexOf(",");
    if (lastDot === -1 && lastComma === -1) continue;
    if (lastDot !== -1 && lastComma !== -1) {
      if (lastDot > lastComma) dot++;
      else comma++;
      continue;
    }
    const separator = lastDot === -1 ? "," : ".";
    const at = Math.max(lastDot, lastComma);
    const after = s.length - at - 1;
    if (s.indexOf(separator) !== at) {
      // Repeated: it groups thousands, so the other one is the decimal.
      if (separator === ".") comma++;
      else dot++;
    } else if (after !== 3) {
      if (separator === ".") dot++;
      else comma++;
    }
  }
  if (dot !== comma) return dot > comma ? "." : ",";
  return delimiter === ";" ? "," : ".";
}
