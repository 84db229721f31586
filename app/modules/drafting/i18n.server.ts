import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/**
 * Messages of the drafting API in the caller's language: its own first, then the documents
 * module's (a save goes through the document upload), then the shared request errors of "auth".
 */
export function draftingT(request: Request) {
  return serverT(["drafting", "documents", "auth"], resolveDisplayPreferences(request).language);
}
