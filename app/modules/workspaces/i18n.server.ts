import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** Messages of the membership and workspace APIs in the caller's language; shared request errors come from "auth". */
export function workspacesT(request: Request) {
  return serverT(["workspaces", "auth"], resolveDisplayPreferences(request).language);
}
