import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/** Messages of the communication API in the caller's language; shared request errors come from "auth". */
export function communicationT(request: Request) {
  return serverT(["communication", "auth"], resolveDisplayPreferences(request).language);
}

/** Texts in a given language (a recipient's, for what is sent to them). */
export function communicationTIn(language: string | null | undefined) {
  return serverT(["communication"], language ?? "en");
}
