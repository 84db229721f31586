import { draftingT } from "~/modules/drafting/i18n.server";
import { draftWithAi } from "~/modules/drafting/service.server";
import { aiRequestSchema } from "~/modules/drafting/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const draftAi = jsonRoute(draftingT, {
  /**
   * POST /api/drafting/ai `{ template, request, fields? }`: the configured model fills the template's
   * fields from a plain-language request; `{ success, fields, ignored, engine, model }`. Without a
   * model, 503 with the reason.
   */
  POST: endpoint({ body: aiRequestSchema, run: async ({ ctx, session, body, t }) => draftWithAi(ctx, session, body, t) }),
});

export const loader = draftAi;
export const action = draftAi;
