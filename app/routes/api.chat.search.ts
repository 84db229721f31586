import { conversationsT } from "~/modules/conversations/i18n.server";
import { searchMessages } from "~/modules/conversations/messages.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const search = jsonRoute(conversationsT, {
  /** GET /api/chat/search?q=: messages in the channels the caller can see, newest first. */
  GET: endpoint({ run: async ({ ctx, session, query }) => ({ results: await searchMessages(ctx.db, session, query.get("q") ?? "") }) }),
});

export const loader = search;
export const action = search;
