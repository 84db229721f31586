import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** The portal's messages in the caller's language; shared request errors come from "auth". */
export function portalT(request: Request) {
  return serverT(["portal", "auth"], resolveDisplayPreferences(request).language);
}

export const portalLanguage = (request: Request) => resolveDisplayPreferences(request).language;
