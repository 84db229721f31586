import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** Messages of the meetings API in the caller's language; shared request errors come from "auth". */
export function meetingsT(request: Request) {
  return serverT(["meetings", "auth"], resolveDisplayPreferences(request).language);
}

/** The caller's language, for what is written in it (the .ics). */
export function meetingsLanguage(request: Request) {
  return resolveDisplayPreferences(request).language;
}
