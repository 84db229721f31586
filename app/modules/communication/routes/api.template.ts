import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { communicationScope } from "../access.server";
import { communicationT } from "../i18n.server";
import { deleteTemplate, updateTemplate } from "../service.server";
import { templateSchema } from "../validation";

/** PUT /api/communication/templates/{id} `{ name, body }`; DELETE it. A workspace's own templates only. */
const route = jsonRoute(communicationT, {
  PUT: endpoint({
    body: templateSchema,
    run: async ({ ctx, session, params, body }) => updateTemplate(ctx, communicationScope(session), params.id ?? "", body),
  }),
  DELETE: endpoint({ run: async ({ ctx, session, params }) => deleteTemplate(ctx, communicationScope(session), params.id ?? "") }),
});

export const loader = route;
export const action = route;
