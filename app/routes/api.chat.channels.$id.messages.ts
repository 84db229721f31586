import { channelAccess } from "~/modules/conversations/channels.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { listMessages, postMessage } from "~/modules/conversations/messages.server";
import { postMessageSchema } from "~/modules/conversations/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const messages = jsonRoute(conversationsT, {
  /** GET /api/chat/channels/{id}/messages?before={seq}&topicId=: one page of history, oldest first. */
  GET: endpoint({
    run: async ({ ctx: { db }, session, params, query }) => {
      const before = Number(query.get("before"));
      const limit = Number(query.get("limit"));
      const access = await channelAccess(db, session, params.id!);
      return listMessages(db, access, {
        before: Number.isInteger(before) && before > 0 ? before : undefined,
        topicId: query.get("topicId") || undefined,
        limit: Number.isInteger(limit) && limit > 0 ? limit : undefined,
      });
    },
  }),
  /** POST /api/chat/channels/{id}/messages: write in a topic (by id or name; new names start a topic). */
  POST: endpoint({
    body: postMessageSchema,
    status: 201,
    run: async ({ ctx, session, params, body }) => ({ message: await postMessage(ctx, session, params.id!, body) }),
  }),
});

export const loader = messages;
export const action = messages;
