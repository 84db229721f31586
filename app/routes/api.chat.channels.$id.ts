import { channelAccess, channelMemberList, updateChannel } from "~/modules/conversations/channels.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { listTopics } from "~/modules/conversations/topics.server";
import { updateChannelSchema } from "~/modules/conversations/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const channel = jsonRoute(conversationsT, {
  /** GET /api/chat/channels/{id}: the channel, its members and its topics. */
  GET: endpoint({
    run: async ({ ctx: { db }, session, params }) => {
      const access = await channelAccess(db, session, params.id!);
      const [members, topics] = await Promise.all([channelMemberList(db, access.channel), listTopics(db, session, { channelId: access.channel.id })]);
      const { channel } = access;
      return {
        channel: {
          id: channel.id,
          name: channel.name,
          description: channel.description,
          kind: channel.kind,
          isDefault: channel.isDefault,
          archived: channel.archivedAt !== null,
          member: access.member,
          manage: access.manage,
        },
        members,
        topics,
      };
    },
  }),
  /** PATCH /api/chat/channels/{id}: rename, describe, archive or bring back (administrators and the creator). */
  PATCH: endpoint({
    body: updateChannelSchema,
    run: async ({ ctx, session, params, body }) => {
      const channel = await updateChannel(ctx, session, params.id!, body);
      return { channel: { id: channel.id, name: channel.name, description: channel.description, kind: channel.kind, archived: channel.archivedAt !== null } };
    },
  }),
});

export const loader = channel;
export const action = channel;
