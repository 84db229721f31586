import { z } from "zod";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { workspacesT } from "../i18n.server";
import { leaveWorkspace } from "../lifecycle/members.server";

/**
 * POST `{ "workspaceId"?: … }`: the caller leaves that workspace (their current one when none is named). The last
 * owner cannot: they hand it on or delete it first (409).
 */
const leave = jsonRoute(workspacesT, {
  POST: endpoint({
    body: () => z.object({ workspaceId: z.string().max(64).optional() }),
    run: async ({ ctx, session, body }) => leaveWorkspace(ctx, session, body.workspaceId),
  }),
});

export const loader = leave;
export const action = leave;
