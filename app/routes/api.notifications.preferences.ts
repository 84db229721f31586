import { getPreferences, savePreferences } from "~/modules/notifications/preferences.server";
import { preferenceMatrixSchema } from "~/modules/notifications/validation";
import { NOTIFICATION_TYPES } from "~/modules/registry";
import { pollsT } from "~/modules/polls/i18n.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const matrixSchema = preferenceMatrixSchema(NOTIFICATION_TYPES);

const preferences = jsonRoute(pollsT, {
  /** GET /api/notifications/preferences: each event type × channel (in_app, email, sms) as it applies now. */
  GET: endpoint({ run: async ({ ctx, session }) => ({ preferences: await getPreferences(ctx.db, session.user.id) }) }),
  /** PUT `{ preferences: { vote_cast: { in_app: false, email: false }, … } }`: what is off is not sent there. */
  PUT: endpoint({
    body: () => matrixSchema,
    run: async ({ ctx: { db }, session, body: { preferences } }) => {
      const current = await getPreferences(db, session.user.id);
      const merged = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, { ...current[type], ...(preferences[type] ?? {}) }]));
      await savePreferences(db, session.user.id, merged);
      return { preferences: await getPreferences(db, session.user.id) };
    },
  }),
});

export const loader = preferences;
export const action = preferences;
