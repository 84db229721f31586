/**
 * Where the browser keeps the person's display choices. The local-storage keys are the spec's;
 * the same values are mirrored into cookies so the server renders the right language and theme
 * on the first byte, with no flash.
 */
export const STORAGE_KEYS = {
  language: "preferred-language",
  theme: "theme",
  darkMode: "darkMode",
} as const;

export const PREFERENCE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
