import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** Messages of the tax API in the caller's language; shared request errors come from "auth". */
export function taxT(request: Request) {
  return serverT(["tax", "auth"], resolveDisplayPreferences(request).language);
}
