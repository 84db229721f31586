import { z } from "zod";
import { requestT } from "~/i18n.server";
import { switchWorkspace } from "~/modules/workspaces/service.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const switchSchema = (t: (key: string) => string) => z.object({ workspaceId: z.string().uuid(t("errors.workspaceNotFound")) }).strict();

const workspaceSwitch = jsonRoute(
  requestT,
  {
    POST: endpoint({
      body: switchSchema,
      run: async ({ ctx, session, body: { workspaceId } }) => {
        await switchWorkspace(ctx, session, workspaceId);
        return { workspaceId };
      },
    }),
  },
  { writesAsPost: true },
);

export const loader = workspaceSwitch;
export const action = workspaceSwitch;
