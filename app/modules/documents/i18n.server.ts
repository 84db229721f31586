import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** Messages of the documents API in the caller's language; shared request errors come from "auth". */
export function documentsT(request: Request) {
  return serverT(["documents", "auth"], resolveDisplayPreferences(request).language);
}
