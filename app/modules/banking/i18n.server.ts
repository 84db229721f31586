import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** Messages of the banking API in the caller's language; shared request errors come from "auth". */
export function bankingT(request: Request) {
  return serverT(["banking", "auth"], resolveDisplayPreferences(request).language);
}
