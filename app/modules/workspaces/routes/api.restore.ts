import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { workspacesT } from "../i18n.server";
import { restoreWorkspace } from "../lifecycle/deletion.server";

/** POST: an owner restores a deleted workspace within its 30 days; anyone else, or too late, is a 404. */
const restore = jsonRoute(workspacesT, {
  POST: endpoint({ run: async ({ ctx, session, params }) => restoreWorkspace(ctx, session, params.id ?? "") }),
});

export const loader = restore;
export const action = restore;
