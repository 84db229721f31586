import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { emailApiT } from "../i18n.server";
import { getEmailSettings, resubscribe, saveEmailSettings } from "../settings.server";
import { resubscribeSchema, settingsSchema } from "../validation";

const language = (request: Request) => resolveDisplayPreferences(request).language;

/**
 * GET /api/email/settings → `{ digest, lastDigestAt, optOuts: [{ scope, label, since }] }`; PUT `{ digest }` with
 * "off" (one e-mail per event), "daily" or "weekly"; DELETE `{ scope }` receives that mail again. Every member's own.
 */
const route = jsonRoute(emailApiT, {
  GET: endpoint({ run: async ({ ctx, session, request }) => getEmailSettings(ctx, session, language(request)) }),
  PUT: endpoint({ body: settingsSchema, run: async ({ ctx, session, body, request }) => saveEmailSettings(ctx, session, body, language(request)) }),
  DELETE: endpoint({ body: resubscribeSchema, run: async ({ ctx, session, body, request }) => resubscribe(ctx, session, body.scope, language(request)) }),
});

export const loader = route;
export const action = route;
