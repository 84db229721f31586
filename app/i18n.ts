/** i18next settings shared by the server render and the browser. */
export const i18nConfig = {
  supportedLngs: ["en"],
  fallbackLng: "en",
  defaultNS: "common",
  ns: ["common", "auth"],
  // Keys are flat strings such as "validation.invalidEmail"; no nesting, no "ns:key" syntax.
  keySeparator: false as const,
  nsSeparator: false as const,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

export type Language = (typeof i18nConfig.supportedLngs)[number];
