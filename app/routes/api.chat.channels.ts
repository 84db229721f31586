import { createChannel, listChannels } from "~/modules/conversations/channels.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { createChannelSchema } from "~/modules/conversations/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const channels = jsonRoute(conversationsT, {
  /** GET /api/chat/channels: the channels the caller can see, with unread counts. */
  GET: endpoint({ run: async ({ ctx, session }) => ({ channels: await listChannels(ctx.db, session) }) }),
  /** POST /api/chat/channels: a new open or private channel. */
  POST: endpoint({
    body: createChannelSchema,
    status: 201,
    run: async ({ ctx, session, body }) => {
      const channel = await createChannel(ctx, session, body);
      return { channel: { id: channel.id, name: channel.name, kind: channel.kind, description: channel.description } };
    },
  }),
});

export const loader = channels;
export const action = channels;
