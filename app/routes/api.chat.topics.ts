import { conversationsT } from "~/modules/conversations/i18n.server";
import { listTopics } from "~/modules/conversations/topics.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const topics = jsonRoute(conversationsT, {
  /** GET /api/chat/topics?channelId=&state=open|resolved|all&sms=1: topics by last activity. */
  GET: endpoint({
    run: async ({ ctx, session, query }) => {
      const state = query.get("state");
      const topics = await listTopics(ctx.db, session, {
        channelId: query.get("channelId") || undefined,
        state: state === "open" || state === "resolved" ? state : "all",
        smsOnly: query.get("sms") === "1",
      });
      return { topics };
    },
  }),
});

export const loader = topics;
export const action = topics;
