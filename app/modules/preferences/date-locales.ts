import type { Locale } from "date-fns";
import { ar, de, enUS, es, fr, hi, it, ja, ko, pt, ru, zhCN } from "date-fns/locale";

/** date-fns locales for the twelve languages (spec section 9: dates formatted for the language). */
const LOCALES: Record<string, Locale> = { en: enUS, es, fr, de, ja, zh: zhCN, ko, ar, pt, it, ru, hi };

export function dateLocale(language: string): Locale {
  return LOCALES[language] ?? enUS;
}
