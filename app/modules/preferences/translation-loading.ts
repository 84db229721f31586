import { hasTranslationFiles } from "./languages";

declare const __LOCALES_VERSION__: string;

/** Changes whenever a translation file changes, so browsers never keep a stale copy. */
export const LOCALES_VERSION = typeof __LOCALES_VERSION__ === "string" ? __LOCALES_VERSION__ : "dev";

/**
 * The address of one namespace's file, for the browser's translation backend (translation-backend.ts). Languages
 * without files (ko, ar, pt, it, ru, hi) have none: they load nothing and fall back to English, instead of asking for
 * a file that does not exist.
 */
export function translationUrl(language: string, namespace: string): string | null {
  if (!hasTranslationFiles(language)) return null;
  return `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json?v=${LOCALES_VERSION}`;
}
