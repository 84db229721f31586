import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** Messages of the e-mail API in the caller's language; shared request errors come from "auth". */
export function emailApiT(request: Request) {
  return serverT(["email", "auth"], resolveDisplayPreferences(request).language);
}
