import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { workspacesT } from "../i18n.server";
import { requestWorkspaceDeletion } from "../lifecycle/deletion.server";
import { deleteWorkspaceSchema } from "../validation";

/**
 * DELETE `{ "confirmName": "<the workspace's name>" }`: the owner deletes the current workspace. It closes now and can
 * be restored for 30 days (`purgeAfter`), then the cron purges it.
 */
const current = jsonRoute(workspacesT, {
  DELETE: endpoint({
    body: deleteWorkspaceSchema,
    run: async ({ ctx, session, body }) => {
      const { purgeAfter } = await requestWorkspaceDeletion(ctx, session, body.confirmName);
      return { purgeAfter: purgeAfter.toISOString() };
    },
  }),
});

export const loader = current;
export const action = current;
