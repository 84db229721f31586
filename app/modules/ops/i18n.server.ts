import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** Messages of the operations API in the caller's language; shared request errors come from "auth". */
export function opsT(request: Request) {
  return serverT(["ops", "auth"], resolveDisplayPreferences(request).language);
}
