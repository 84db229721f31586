import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** Messages of the finance API in the caller's language; shared request errors come from "auth". */
export function financeT(request: Request) {
  return serverT(["finance", "auth"], resolveDisplayPreferences(request).language);
}

export const requestLanguage = (request: Request) => resolveDisplayPreferences(request).language;
