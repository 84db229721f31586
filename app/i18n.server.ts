import { createInstance } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import enAuth from "../public/locales/en/auth.json";
import enCommon from "../public/locales/en/common.json";
import { i18nConfig } from "./i18n";

/** Bundled into the Worker so that server rendering never fetches its own static files. */
export const resources = { en: { common: enCommon, auth: enAuth } };

export const i18nServer = new RemixI18Next({
  detection: { supportedLanguages: i18nConfig.supportedLngs, fallbackLanguage: i18nConfig.fallbackLng },
  i18next: { ...i18nConfig, resources },
});

const serverInstance = createInstance();
void serverInstance.init({ ...i18nConfig, resources, lng: "en", initImmediate: false });

/** A translate function for messages the server writes itself (API errors, e-mails). */
export function serverT(ns: string) {
  return serverInstance.getFixedT("en", ns) as (key: string, options?: Record<string, unknown>) => string;
}
