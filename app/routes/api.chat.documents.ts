import { documentCards } from "~/modules/conversations/document-cards.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const documents = jsonRoute(conversationsT, {
  /** GET /api/chat/documents?ids=a,b: cards for linked documents the caller may open (others are left out). */
  GET: endpoint({
    run: async ({ ctx, session, query }) => ({ documents: await documentCards(ctx.db, session, (query.get("ids") ?? "").split(",").filter(Boolean)) }),
  }),
});

export const loader = documents;
export const action = documents;
