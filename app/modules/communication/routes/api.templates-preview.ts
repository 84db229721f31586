import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { communicationScope } from "../access.server";
import { communicationT } from "../i18n.server";
import { previewText } from "../service.server";
import { previewSchema } from "../validation";

/**
 * POST /api/communication/templates/preview `{ body, recipientId? }` → `{ text, missing }`: the text filled with the
 * workspace's values as that member (or a channel, without one) would read it now.
 */
const route = jsonRoute(communicationT, {
  POST: endpoint({
    body: previewSchema,
    run: async ({ ctx, session, body, request }) => previewText(ctx, communicationScope(session), body, resolveDisplayPreferences(request).language),
  }),
});

export const loader = route;
export const action = route;
