import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** Messages of the translator in the caller's language; document and shared request errors follow. */
export function translatorT(request: Request) {
  return serverT(["translator", "documents", "auth"], resolveDisplayPreferences(request).language);
}
