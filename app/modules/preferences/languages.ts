/** Spec section 9: the twelve languages. Only six have translation files; the rest fall back to English. */
export interface LanguageEntry {
  code: string;
  englishName: string;
  nativeName: string;
  flag: string;
  direction: "ltr" | "rtl";
}

export const LANGUAGES = [
  { code: "en", englishName: "English", nativeName: "English", flag: "🇺🇸", direction: "ltr" },
  { code: "es", englishName: "Spanish", nativeName: "Español", flag: "🇪🇸", direction: "ltr" },
  { code: "fr", englishName: "French", nativeName: "Français", flag: "🇫🇷", direction: "ltr" },
  { code: "de", englishName: "German", nativeName: "Deutsch", flag: "🇩🇪", direction: "ltr" },
  { code: "zh", englishName: "Chinese", nativeName: "中文", flag: "🇨🇳", direction: "ltr" },
  { code: "ja", englishName: "Japanese", nativeName: "日本語", flag: "🇯🇵", direction: "ltr" },
  { code: "ko", englishName: "Korean", nativeName: "한국어", flag: "🇰🇷", direction: "ltr" },
  { code: "ar", englishName: "Arabic", nativeName: "العربية", flag: "🇸🇦", direction: "rtl" },
  { code: "pt", englishName: "Portuguese", nativeName: "Português", flag: "🇧🇷", direction: "ltr" },
  { code: "it", englishName: "Italian", nativeName: "Italiano", flag: "🇮🇹", direction: "ltr" },
  { code: "ru", englishName: "Russian", nativeName: "Русский", flag: "🇷🇺", direction: "ltr" },
  { code: "hi", englishName: "Hindi", nativeName: "हिन्दी", flag: "🇮🇳", direction: "ltr" },
] as const satisfies readonly LanguageEntry[];

export type LanguageCode = (typeof LANGUAGES)[number]["code"];

export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as LanguageCode[];

/** Languages with their own translation files in public/locales. */
export const TRANSLATED_LANGUAGES = ["en", "es", "fr", "de", "ja", "zh"] as const satisfies readonly LanguageCode[];

export const DEFAULT_LANGUAGE: LanguageCode = "en";

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && (LANGUAGE_CODES as string[]).includes(value);
}

export function hasTranslationFiles(code: string): boolean {
  return (TRANSLATED_LANGUAGES as readonly string[]).includes(code);
}

export function findLanguage(code: string): LanguageEntry {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
}

export function languageDirection(code: string): "ltr" | "rtl" {
  return findLanguage(code).direction;
}

/** "pt-BR" → "pt" when supported; anything else → undefined. */
export function baseLanguage(tag: string | null | undefined): LanguageCode | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguageCode(base) ? base : undefined;
}

/** The first supported base language of an Accept-Language header, honouring q-values. */
export function languageFromAcceptHeader(header: string | null): LanguageCode | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const code = baseLanguage(entry.tag);
    if (code) return code;
  }
  return undefined;
}
