import { readCookie } from "~/platform/cookies";
import { baseLanguage, DEFAULT_LANGUAGE, isLanguageCode, languageFromAcceptHeader, type LanguageCode } from "./languages";
import { STORAGE_KEYS } from "./storage-keys";
import { DEFAULT_THEME, isThemeId, type ThemeId } from "./themes";

export interface DisplayPreferences {
  language: LanguageCode;
  theme: ThemeId;
  darkMode: boolean;
}

/** What a signed-in person saved on their profile; used on a device that has no choice of its own yet. */
export interface SavedPreferences {
  language?: string | null;
  theme?: string | null;
  darkMode?: boolean | null;
}

/**
 * The language, theme and dark mode to render with. The device's own choice (the cookie mirror of
 * local storage) wins, then the profile, then — for language — the browser's Accept-Language base
 * code, then the defaults. `?lng=xx` previews a language without storing it.
 */
export function resolveDisplayPreferences(request: Request, saved?: SavedPreferences | null): DisplayPreferences {
  const query = new URL(request.url).searchParams.get("lng");
  const language =
    baseLanguage(query) ??
    baseLanguage(readCookie(request, STORAGE_KEYS.language)) ??
    (isLanguageCode(saved?.language) ? saved.language : undefined) ??
    languageFromAcceptHeader(request.headers.get("Accept-Language")) ??
    DEFAULT_LANGUAGE;
  const themeCookie = readCookie(request, STORAGE_KEYS.theme);
  const theme = isThemeId(themeCookie) ? themeCookie : isThemeId(saved?.theme) ? saved.theme : DEFAULT_THEME;
  const darkCookie = readCookie(request, STORAGE_KEYS.darkMode);
  const darkMode = darkCookie === "true" ? true : darkCookie === "false" ? false : Boolean(saved?.darkMode);
  return { language, theme, darkMode };
}
