import { requestT } from "~/i18n.server";
import { toPublicUser } from "~/modules/auth/public-user";
import { jsonResponse } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

/** The current user, as the spec shapes it (no `success`); 401 `{"message":"Unauthorized"}` when signed out. */
const user = jsonRoute(requestT, { GET: endpoint({ run: async ({ session }) => jsonResponse(toPublicUser(session)) }) });

export const loader = user;
export const action = user;
