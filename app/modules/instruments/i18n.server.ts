import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** Messages of the instruments API in the caller's language; shared request errors come from "auth". */
export function instrumentsT(request: Request) {
  return serverT(["instruments", "auth"], resolveDisplayPreferences(request).language);
}
