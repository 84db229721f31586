import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { workspacesT } from "../i18n.server";
import { changeMemberRole, removeMember } from "../lifecycle/members.server";
import { memberRoleSchema } from "../validation";

const member = jsonRoute(workspacesT, {
  /** PATCH `{ "role": "trustee" }`: an administrator changes a member's role (audited; the person is told). */
  PATCH: endpoint({
    body: memberRoleSchema,
    run: async ({ ctx, session, params, body }) => changeMemberRole(ctx, session, params.userId ?? "", body.role),
  }),
  /** DELETE: an administrator removes a member; their sessions in this workspace end and their sockets close now. */
  DELETE: endpoint({
    run: async ({ ctx, session, params }) => removeMember(ctx, session, params.userId ?? ""),
  }),
});

export const loader = member;
export const action = member;
