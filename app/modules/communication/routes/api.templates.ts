import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { communicationScope } from "../access.server";
import { communicationT } from "../i18n.server";
import { createTemplate, listTemplates } from "../service.server";
import { templateSchema } from "../validation";

const route = jsonRoute(communicationT, {
  /** GET /api/communication/templates → `{ templates: [{ id, name, subject, body, builtin, updatedAt }], fields }`. */
  GET: endpoint({ run: async ({ ctx, session, request }) => listTemplates(ctx, communicationScope(session), resolveDisplayPreferences(request).language) }),
  /** POST /api/communication/templates `{ name, body }` → 201 `{ template, markupRemoved }`. */
  POST: endpoint({
    body: templateSchema,
    status: 201,
    run: async ({ ctx, session, body }) => createTemplate(ctx, communicationScope(session), body),
  }),
});

export const loader = route;
export const action = route;
