import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** Messages of the export API in the caller's language; shared request errors come from "auth". */
export function exportsT(request: Request) {
  return serverT(["exports", "auth"], resolveDisplayPreferences(request).language);
}
