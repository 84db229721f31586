import { addMembers, removeMember } from "~/modules/conversations/channels.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { channelMembersSchema } from "~/modules/conversations/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const members = jsonRoute(conversationsT, {
  /** POST /api/chat/channels/{id}/members {userIds}: join an open channel (your own id) or add people. */
  POST: endpoint({
    body: channelMembersSchema,
    run: async ({ ctx, session, params, body }) => {
      await addMembers(ctx, session, params.id!, body.userIds);
      return {};
    },
  }),
  /** DELETE /api/chat/channels/{id}/members {userIds: [one id]}: leave, or remove someone. */
  DELETE: endpoint({
    body: channelMembersSchema,
    run: async ({ ctx, session, params, body }) => {
      for (const userId of body.userIds.slice(0, 1)) await removeMember(ctx, session, params.id!, userId);
      return {};
    },
  }),
});

export const loader = members;
export const action = members;
