import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** Messages of the compliance API in the caller's language; shared request errors come from "auth". */
export function complianceT(request: Request) {
  return serverT(["compliance", "tax", "auth"], resolveDisplayPreferences(request).language);
}
