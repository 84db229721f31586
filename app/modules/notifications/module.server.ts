import { defineServerModule } from "~/platform/module-manifest.server";
import { endRoomAccess } from "./service.server";

export const notificationsServer = defineServerModule({
  id: "notifications",
  // The person's sockets to their own room (/ws) that belonged to the ended sessions close at once.
  on: {
    "sessions.ended": async (env, { userId, sessionIds, workspaceId }) => {
      await endRoomAccess(env, userId, { sessionIds, workspaceId });
    },
  },
});
