import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { communicationScope } from "../access.server";
import { suggestReplies, summariseThread } from "../drafting-help.server";
import { communicationT } from "../i18n.server";
import { assistSchema } from "../validation";

/**
 * POST /api/communication/assist: reply drafts for a thread (`action: "suggest"`, in a tone and the recipient's
 * language) or its summary citing the messages (`action: "summary"`); `engine` says who wrote it. Nothing is sent.
 */
const route = jsonRoute(communicationT, {
  POST: endpoint({
    body: assistSchema,
    run: async ({ ctx, session, body, request }) => {
      const scope = communicationScope(session);
      const language = body.language ?? resolveDisplayPreferences(request).language;
      return body.action === "suggest"
        ? suggestReplies(ctx, session, scope, { ...body, language })
        : summariseThread(ctx, session, scope, { ...body, language });
    },
  }),
});

export const loader = route;
export const action = route;
