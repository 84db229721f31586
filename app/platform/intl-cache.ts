/**
 * Intl formatters kept per locale and options for the isolate's (or the tab's) life. Building one costs far more
 * than formatting with it (a dashboard built about sixty a render), and they never change.
 */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
const BOUND = 500; // callers pass the person's language and a handful of option sets; the bound is for safety

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = make();
    if (cache.size >= BOUND) cache.clear();
    cache.set(key, format);
  }
  return format;
}

const keyOf = (kind: string, locale: string, options: object | undefined) => `${kind}|${locale}|${options ? JSON.stringify(options) : ""}`;

export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(keyOf("d", locale, options), () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(keyOf("n", locale, options), () => new Intl.NumberFormat(locale, options));
}

export function relativeTimeFormat(locale: string, options?: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return cached(keyOf("r", locale, options), () => new Intl.RelativeTimeFormat(locale, options));
}
