import { defineServerModule } from "~/platform/module-manifest.server";
import { releaseHeldTexts } from "./held-texts.server";
import { endRoomAccess } from "./service.server";

export const notificationsServer = defineServerModule({
  id: "notifications",
  // The person's sockets to their own room (/ws) that belonged to the ended sessions close at once.
  on: {
    "sessions.ended": async (env, { userId, sessionIds, workspaceId }) => {
      await endRoomAccess(env, userId, { sessionIds, workspaceId });
    },
  },
  // Texts held for the recipient's quiet hours go once they end (ADR 0033).
  scheduled: [{ name: "release held texts", run: (env, now) => releaseHeldTexts(env, now) }],
});
