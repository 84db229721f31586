import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** Messages of the conversations API in the caller's language; shared request errors come from "auth". */
export function conversationsT(request: Request) {
  return serverT(["conversations", "auth"], resolveDisplayPreferences(request).language);
}
