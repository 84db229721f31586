import { hasTranslationFiles } from "./languages";

declare const __LOCALES_VERSION__: string;

/** Changes whenever a translation file changes, so browsers never keep a stale copy. */
export const LOCALES_VERSION = typeof __LOCALES_VERSION__ === "string" ? __LOCALES_VERSION__ : "dev";

/**
 * Where the browser's translation backend (translation-backend.ts) fetches a namespace. Languages without files (ko, ar, pt, it, ru, hi)
 * load nothing and fall back to English, instead of asking for a file that does not exist.
 */
export function translationLoadPath(languages: string[], namespaces: string[]): string | null {
  const language = languages[0];
  if (!language || !hasTranslationFiles(language) || namespaces.length === 0) return null;
  return `/locales/{{lng}}/{{ns}}.json?v=${LOCALES_VERSION}`;
}
