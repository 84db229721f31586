import type { BackendModule, ReadCallback } from "i18next";
import { translationUrl } from "./translation-loading";

/**
 * i18next's backend in the browser: each namespace is one static JSON file (spec section 7: translation files are
 * loaded lazily as static resources). A few lines in place of i18next-http-backend, whose fetch ponyfill and options
 * were 6.5 KB gzipped on every page (issue 25). As it did: a network failure or a 5xx asks i18next to try again, a
 * 4xx or a file that is not JSON does not, and a language without files loads nothing (English is the fallback).
 */
export async function readTranslations(language: string, namespace: string, callback: ReadCallback, load: typeof fetch = fetch) {
  const url = translationUrl(language, namespace);
  if (!url) return callback(null, {});
  let response: Response;
  try {
    response = await load(url, { credentials: "same-origin" });
  } catch (error) {
    return callback(`failed loading ${url}: ${error instanceof Error ? error.message : String(error)}`, true);
  }
  if (!response.ok) return callback(`failed loading ${url}; status code: ${response.status}`, response.status >= 500);
  try {
    callback(null, (await response.json()) as Record<string, string>);
  } catch {
    callback(`failed parsing ${url} to json`, false);
  }
}

export const translationBackend: BackendModule = {
  type: "backend",
  init() {},
  read: (language, namespace, callback) => void readTranslations(language, namespace, callback),
};
