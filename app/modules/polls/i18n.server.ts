import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** Messages of the polls and notifications APIs in the caller's language; shared request errors come from "auth". */
export function pollsT(request: Request) {
  return serverT(["polls", "auth"], resolveDisplayPreferences(request).language);
}
