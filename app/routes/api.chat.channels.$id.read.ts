import { channelAccess, markRead } from "~/modules/conversations/channels.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { readUpToSchema } from "~/modules/conversations/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const read = jsonRoute(conversationsT, {
  /** POST /api/chat/channels/{id}/read {seq}: everything up to seq has been read (never moves backwards). */
  POST: endpoint({
    body: readUpToSchema,
    run: async ({ ctx: { db }, session, params, body }) => {
      await markRead(db, session, await channelAccess(db, session, params.id!), body.seq);
      return {};
    },
  }),
});

export const loader = read;
export const action = read;
