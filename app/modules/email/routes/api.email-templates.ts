import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { emailOwnerScope } from "../access.server";
import { emailApiT } from "../i18n.server";
import { listEmailTemplates } from "../service.server";

/** GET /api/email/templates → `{ templates: [{ key, security, unsubscribable, intro, customised }], branding, fields, themes, languages }`. */
const route = jsonRoute(emailApiT, {
  GET: endpoint({ run: async ({ ctx, session }) => listEmailTemplates(ctx, emailOwnerScope(session)) }),
});

export const loader = route;
export const action = route;
