import { commandRoute, endpoint, jsonRoute } from "~/platform/json-route.server";
import { requireOpsViewer } from "../access.server";
import { GROUP_COMMANDS, type GroupCommand, listErrorGroups, setGroupStatus } from "../errors.server";
import { opsT } from "../i18n.server";

/** GET /api/errors/groups → `{ groups: [{ id, fingerprint, message, count, firstSeen, lastSeen, status, … }] }`. */
const read = jsonRoute(opsT, {
  GET: endpoint({
    run: async ({ ctx, session }) => ({ groups: await listErrorGroups(ctx.db, requireOpsViewer(ctx.config, session)) }),
  }),
});

/** POST /api/errors/groups/{id}/{resolve|ignore|fixed-next|reopen}: audited, within the viewer's workspace. */
const command = (name: GroupCommand) =>
  jsonRoute(opsT, {
    POST: endpoint({
      run: async ({ ctx, session, params }) => {
        const viewer = requireOpsViewer(ctx.config, session);
        const group = await setGroupStatus(ctx.db, viewer, params.id ?? "", name);
        await ctx.audit({
          action: ({ resolve: "ops.error_resolve", ignore: "ops.error_ignore", "fixed-next": "ops.error_fixed_next", reopen: "ops.error_reopen" } as const)[
            name
          ],
          actorUserId: session.user.id,
          workspaceId: group.workspaceId,
          targetType: "error_group",
          targetId: group.id,
        });
        return { group: { id: group.id, status: group.status } };
      },
    }),
  });

const route = commandRoute(
  opsT,
  read,
  Object.fromEntries((Object.keys(GROUP_COMMANDS) as GroupCommand[]).map((name) => [name, command(name)])),
  "errors.groupNotFound",
);

export const loader = route;
export const action = route;
