import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from "./modules/preferences/languages";

/**
 * i18next settings shared by the server render and the browser. The namespaces are the JSON files
 * under public/locales/{lng}/ (listed by scripts/locales-index.mjs in app/locales.generated.ts);
 * `ns` is only those loaded up front, and routes name the others they use in `handle.i18n`.
 */
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
