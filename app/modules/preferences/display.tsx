import { dateTimeFormat, numberFormat } from "~/platform/intl-cache";
import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useAnnouncer } from "~/modules/a11y/announcer";
import { hasCookie, readStored, writeStored } from "./browser-storage";
import { findLanguage, isLanguageCode, LANGUAGES, languageDirection, type LanguageCode, type LanguageEntry } from "./languages";
import { STORAGE_KEYS } from "./storage-keys";
import { isThemeId, THEMES, type ThemeId } from "./themes";

export interface ThemeState {
  theme: ThemeId;
  darkMode: boolean;
}

/* One module-level store for theme and dark mode, so <html> (rendered by the root Layout, outside any provider) follows it. */
let themeState: ThemeState | null = null;
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function setThemeState(next: ThemeState) {
  themeState = next;
  listeners.forEach((l) => l());
}

/** The theme to render: the server's choice until the browser's store says otherwise. */
export function useThemeState(server: ThemeState): ThemeState {
  return useSyncExternalStore(
    subscribe,
    () => themeState ?? server,
    () => server,
  );
}

interface LanguageApi {
  language: LanguageCode;
  current: LanguageEntry;
  languages: readonly LanguageEntry[];
  direction: "ltr" | "rtl";
  setLanguage: (code: LanguageCode) => Promise<void>;
  formatNumber: (value: number, options?: Intl.NumberFormatOptions) => string;
  /** Dates with the month written out ("March 5, 2026", "5. März 2026"); an invalid date throws "Invalid time value". */
  formatDate: (value: Date | string | number, options?: Intl.DateTimeFormatOptions) => string;
  formatCurrency: (value: number, currency?: string) => string;
}

interface ThemeApi extends ThemeState {
  themes: typeof THEMES;
  setTheme: (theme: ThemeId) => void;
  setDarkMode: (on: boolean) => void;
}

const LONG_DATE: Intl.DateTimeFormatOptions = { year: "numeric", month: "long", day: "numeric" };

const LanguageContext = createContext<LanguageApi | null>(null);
const ThemeContext = createContext<ThemeApi | null>(null);

function savePreference(body: Record<string, string | boolean>) {
  // Signed-in people carry their choice to other devices; a failure only loses that convenience.
  void fetch("/api/preferences", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => undefined);
}

export function PreferencesProvider({
  server,
  signedIn,
  children,
}: {
  server: ThemeState & { language: LanguageCode };
  signedIn: boolean;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  const { announce } = useAnnouncer();
  const theme = useThemeState(server);
  const language = isLanguageCode(i18n.language) ? i18n.language : server.language;

  const setLanguage = useCallback(
    async (code: LanguageCode, { persist = true }: { persist?: boolean } = {}) => {
      writeStored(STORAGE_KEYS.language, code);
      await i18n.changeLanguage(code);
      if (!persist) return;
      if (signedIn) savePreference({ language: code });
      const entry = findLanguage(code);
      announce(i18n.t("language.changed", { language: entry.nativeName, lng: code }), { clearAfterMs: 1000 });
    },
    [i18n, signedIn, announce],
  );

  const setTheme = useCallback(
    (next: ThemeId) => {
      writeStored(STORAGE_KEYS.theme, next);
      setThemeState({ ...(themeState ?? server), theme: next });
      if (signedIn) savePreference({ theme: next });
    },
    [server, signedIn],
  );

  const setDarkMode = useCallback(
    (on: boolean) => {
      writeStored(STORAGE_KEYS.darkMode, String(on));
      setThemeState({ ...(themeState ?? server), darkMode: on });
      if (signedIn) savePreference({ darkMode: on });
    },
    [server, signedIn],
  );

  // Local storage is the spec's home for these choices. The pre-paint script already fixed <html> and the
  // cookies from it; here the React state adopts it, and a choice known only from the cookie is copied back.
  useEffect(() => {
    const storedTheme = readStored(STORAGE_KEYS.theme);
    const storedDark = readStored(STORAGE_KEYS.darkMode);
    const next = {
      theme: isThemeId(storedTheme) ? storedTheme : server.theme,
      darkMode: storedDark === "true" ? true : storedDark === "false" ? false : server.darkMode,
    };
    if (next.theme !== server.theme || next.darkMode !== server.darkMode) setThemeState(next);
    if (storedTheme === null && hasCookie(STORAGE_KEYS.theme)) writeStored(STORAGE_KEYS.theme, server.theme);
    if (storedDark === null && hasCookie(STORAGE_KEYS.darkMode)) writeStored(STORAGE_KEYS.darkMode, String(server.darkMode));

    const storedLanguage = readStored(STORAGE_KEYS.language);
    const previewing = new URL(window.location.href).searchParams.has("lng");
    if (isLanguageCode(storedLanguage) && storedLanguage !== server.language && !previewing) void setLanguage(storedLanguage, { persist: false });
    else if (storedLanguage === null && hasCookie(STORAGE_KEYS.language)) writeStored(STORAGE_KEYS.language, server.language);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, []);

  const languageApi = useMemo<LanguageApi>(() => {
    const formatNumber = (value: number, options?: Intl.NumberFormatOptions) => numberFormat(language, options).format(value);
    return {
      language,
      current: findLanguage(language),
      languages: LANGUAGES,
      direction: languageDirection(language),
      setLanguage: (code) => setLanguage(code),
      formatNumber,
      formatDate: (value, options) => {
        const date = value instanceof Date ? value : new Date(value);
        if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
        return dateTimeFormat(language, options ?? LONG_DATE).format(date);
      },
      formatCurrency: (value, currency = "USD") => formatNumber(value, { style: "currency", currency }),
    };
  }, [language, setLanguage]);

  const themeApi = useMemo<ThemeApi>(() => ({ ...theme, themes: THEMES, setTheme, setDarkMode }), [theme, setTheme, setDarkMode]);

  return (
    <LanguageContext.Provider value={languageApi}>
      <ThemeContext.Provider value={themeApi}>{children}</ThemeContext.Provider>
    </LanguageContext.Provider>
  );
}

/** The language facility (spec section 8: using it outside its provider is an error). */
export function useLanguage(): LanguageApi {
  const value = useContext(LanguageContext);
  if (!value) throw new Error("useLanguage must be used within a PreferencesProvider");
  return value;
}

export function useTheme(): ThemeApi {
  const value = useContext(ThemeContext);
  if (!value) throw new Error("useTheme must be used within a PreferencesProvider");
  return value;
}
