import { requestT } from "~/i18n.server";
import { savePreferences } from "~/modules/profile/service.server";
import { preferencesSchema } from "~/modules/profile/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const preferences = jsonRoute(
  requestT,
  {
    /** POST `{ language?, theme?, darkMode? }`: the display choices, kept for the next device too. */
    POST: endpoint({
      body: preferencesSchema,
      run: async ({ ctx, session, body }) => {
        await savePreferences(ctx, session, body);
        return { preferences: body };
      },
    }),
  },
  { writesAsPost: true },
);

export const loader = preferences;
export const action = preferences;
