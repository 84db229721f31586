import { conversationsT } from "~/modules/conversations/i18n.server";
import { setTopicFollow, updateTopic } from "~/modules/conversations/topics.server";
import { followTopicSchema, updateTopicSchema } from "~/modules/conversations/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const topic = jsonRoute(conversationsT, {
  /** PATCH /api/chat/topics/{id} {name?, purpose?, resolved?}: rename, label, resolve or reopen. */
  PATCH: endpoint({
    body: updateTopicSchema,
    run: async ({ ctx, session, params, body }) => ({ topic: await updateTopic(ctx, session, params.id!, body) }),
  }),
  /** PUT /api/chat/topics/{id} {mode: follow|mute|none}: the caller's follow choice. */
  PUT: endpoint({
    body: followTopicSchema,
    run: async ({ ctx, session, params, body }) => ({ follow: await setTopicFollow(ctx.db, session, params.id!, body.mode) }),
  }),
});

export const loader = topic;
export const action = topic;
