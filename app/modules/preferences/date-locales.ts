import type { Locale } from "date-fns";
import { enUS } from "date-fns/locale/en-US";
import { useEffect, useState } from "react";

/**
 * date-fns locales for the twelve languages (spec section 9: dates formatted for the language).
 * Each is its own small chunk, loaded only for the language in use; English is built in.
 */
const LOADERS: Record<string, () => Promise<Locale>> = {
  es: () => import("date-fns/locale/es").then((m) => m.es),
  fr: () => import("date-fns/locale/fr").then((m) => m.fr),
  de: () => import("date-fns/locale/de").then((m) => m.de),
  ja: () => import("date-fns/locale/ja").then((m) => m.ja),
  zh: () => import("date-fns/locale/zh-CN").then((m) => m.zhCN),
  ko: () => import("date-fns/locale/ko").then((m) => m.ko),
  ar: () => import("date-fns/locale/ar").then((m) => m.ar),
  pt: () => import("date-fns/locale/pt").then((m) => m.pt),
  it: () => import("date-fns/locale/it").then((m) => m.it),
  ru: () => import("date-fns/locale/ru").then((m) => m.ru),
  hi: () => import("date-fns/locale/hi").then((m) => m.hi),
};

const loaded = new Map<string, Locale>([["en", enUS]]);

export function loadDateLocale(language: string): Promise<Locale> {
  const hit = loaded.get(language);
  if (hit) return Promise.resolve(hit);
  const loader = LOADERS[language];
  if (!loader) return Promise.resolve(enUS);
  return loader().then((locale) => {
    loaded.set(language, locale);
    return locale;
  });
}

/** The date-fns locale for a language; null while it loads (callers show nothing rather than English). */
export function useDateLocale(language: string): Locale | null {
  const [locale, setLocale] = useState<Locale | null>(() => loaded.get(language) ?? (LOADERS[language] ? null : enUS));
  useEffect(() => {
    let current = true;
    setLocale(loaded.get(language) ?? null);
    loadDateLocale(language)
      .catch(() => enUS)
      .then((value) => current && setLocale(value));
    return () => {
      current = false;
    };
  }, [language]);
  return locale;
}
