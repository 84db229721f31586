import { createInstance, type Resource } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { i18nConfig } from "./i18n";
import { bundledResources } from "./locales.generated";
import { resolveDisplayPreferences } from "./modules/preferences/preferences.server";

/**
 * Every translation file, bundled into the Worker so that server rendering never fetches its own
 * static files. The browser loads the same files lazily from /locales.
 */
export const resources: Resource = bundledResources;

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: i18nConfig.supportedLngs,
    fallbackLanguage: i18nConfig.fallbackLng,
    findLocale: async (request) => resolveDisplayPreferences(request).language,
  },
  i18next: { ...i18nConfig, resources },
});

const serverInstance = createInstance();
void serverInstance.init({ ...i18nConfig, resources, lng: "en", initImmediate: false });

export type ServerT = (key: string, options?: Record<string, unknown>) => string;

/**
 * A translate function for messages the server writes itself (API errors, e-mails), in the caller's
 * language. With several namespaces a key is looked up in each in turn (a module's own, then "auth"'s
 * shared request errors).
 */
export function serverT(ns: string | string[], lng = "en"): ServerT {
  // One function per language and namespaces for the isolate's life: the resources never change, and a stable
  // function lets callers keep what they build from it (a route's zod schemas with their messages).
  const key = `${lng}|${String(ns)}`;
  let t = fixedTs.get(key);
  if (!t) {
    t = serverInstance.getFixedT(lng, ns) as ServerT;
    if (fixedTs.size >= 1000) fixedTs.clear(); // a bound, should a caller ever pass unchecked languages
    fixedTs.set(key, t);
  }
  return t;
}
const fixedTs = new Map<string, ServerT>();

/** The shared request messages ("auth": invalid input, methods, origins) in the caller's language. */
export function requestT(request: Request): ServerT {
  return serverT("auth", resolveDisplayPreferences(request).language);
}
