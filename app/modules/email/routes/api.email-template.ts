import { commandRoute, endpoint, jsonRoute } from "~/platform/json-route.server";
import { emailOwnerScope } from "../access.server";
import { emailApiT } from "../i18n.server";
import { getEmailTemplate, previewEmail, resetEmailTemplate, saveEmailTemplate, sendTestEmail, templateKey } from "../service.server";
import { previewSchema, templateUpdateSchema } from "../validation";

/**
 * GET /api/email/templates/{key}; PUT `{ intro?, familyName?, greeting?, signature?, accentTheme? }` (an empty text
 * returns that part to the default); DELETE resets the template's intro (`?all=1`: the shared look too).
 */
const one = jsonRoute(emailApiT, {
  GET: endpoint({ run: async ({ ctx, session, params }) => getEmailTemplate(ctx, emailOwnerScope(session), templateKey(params.key)) }),
  PUT: endpoint({
    body: templateUpdateSchema,
    run: async ({ ctx, session, params, body }) => saveEmailTemplate(ctx, emailOwnerScope(session), templateKey(params.key), body),
  }),
  DELETE: endpoint({
    run: async ({ ctx, session, params, query }) => resetEmailTemplate(ctx, emailOwnerScope(session), templateKey(params.key), query.get("all") === "1"),
  }),
});

/** POST /api/email/templates/{key}/preview `{ language?, memberId?, …unsaved changes }` → `{ preview: { subject, text, html, headers, language, translated } }`. */
const preview = jsonRoute(emailApiT, {
  POST: endpoint({
    body: previewSchema,
    run: async ({ ctx, session, params, body }) => previewEmail(ctx, emailOwnerScope(session), templateKey(params.key), body),
  }),
});

/** POST /api/email/templates/{key}/test `{ language?, …unsaved changes }`: sent to the owner's own address. */
const test = jsonRoute(emailApiT, {
  POST: endpoint({
    body: previewSchema,
    status: 202,
    run: async ({ ctx, session, params, body }) => sendTestEmail(ctx, emailOwnerScope(session), templateKey(params.key), body),
  }),
});

/** POST /api/email/templates/{key}/reset `{ all? }`: back to the product's default. */
const reset = jsonRoute(emailApiT, {
  POST: endpoint({
    run: async ({ ctx, session, params, query }) => resetEmailTemplate(ctx, emailOwnerScope(session), templateKey(params.key), query.get("all") === "1"),
  }),
});

const handle = commandRoute(emailApiT, one, { preview, test, reset }, "errors.unknownTemplate");
export const loader = handle;
export const action = handle;
