type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A duty's title in the reader's words: the rule packs' keys live in "compliance", the tax calendar's (prefixed
 * "tax:", as the engine hands them on) in "tax" — i18next's namespace separator is off, so the prefix is read here.
 */
export function translateTitle(t: Translate, key: string, params: Record<string, unknown> = {}): string {
  return key.startsWith("tax:") ? t(key.slice(4), { ...params, ns: "tax" }) : t(key, { ...params, ns: "compliance" });
}
