import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from "./modules/preferences/languages";

/** Namespaces, one JSON file each under public/locales/{lng}/. Routes name the ones they use in `handle.i18n`. */
export const NAMESPACES = ["common", "auth", "tour", "landing", "dashboard", "help", "profile", "demo", "documents", "polls", "notifications", "scanner"] as const;

/** i18next settings shared by the server render and the browser. */
export const i18nConfig = {
  supportedLngs: LANGUAGE_CODES,
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: ["common", "auth", "tour"],
  // Keys are flat strings such as "validation.invalidEmail"; no nesting, no "ns:key" syntax.
  keySeparator: false as const,
  nsSeparator: false as const,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  // A key with no translation in any language shows the key itself (spec section 8).
  returnEmptyString: false,
};
