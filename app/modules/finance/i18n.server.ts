import { serverT } from "~/i18n.server";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";

/**
 * Messages of the finance API in the caller's language. A request put to the family's vote is checked by the polls'
 * own rules, so their sentences (no shares to weigh, a closing time too soon) come from "polls"; shared request
 * errors from "auth".
 */
export function financeT(request: Request) {
  return serverT(["finance", "polls", "auth"], resolveDisplayPreferences(request).language);
}

export const requestLanguage = (request: Request) => resolveDisplayPreferences(request).language;
