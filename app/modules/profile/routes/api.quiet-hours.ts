import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { profileT, quietSettingsOf, saveQuietHours } from "../quiet-hours.server";
import { quietHoursSchema } from "../validation";

const route = jsonRoute(profileT, {
  /** GET /api/profile/quiet-hours → `{ timeZone, quietHours: { enabled, start, end } }`, the caller's own. */
  GET: endpoint({ run: async ({ session }) => quietSettingsOf(session.user) }),
  /** PUT the same shape: saved and audited; a bad zone or time is a 400 naming the field. */
  PUT: endpoint({ body: quietHoursSchema, run: async ({ ctx, session, body }) => saveQuietHours(ctx, session, body) }),
});

export const loader = route;
export const action = route;
