import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** The assistant's language: the caller's (cookie, ?lng or Accept-Language), English by default. */
export function aiLanguage(request: Request): string {
  return resolveDisplayPreferences(request).language;
}

/** Messages of the assistant in the caller's language; shared request errors come from "auth". */
export function aiT(request: Request) {
  return serverT(["ai", "auth"], aiLanguage(request));
}
