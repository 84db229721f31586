import { conversationsT } from "~/modules/conversations/i18n.server";
import { deleteMessage, editMessage, messageHistory } from "~/modules/conversations/messages.server";
import { editMessageSchema } from "~/modules/conversations/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const message = jsonRoute(conversationsT, {
  /** GET /api/chat/messages/{id}: the message's earlier versions (edits, moves, deletion). */
  GET: endpoint({ run: async ({ ctx, session, params }) => ({ history: await messageHistory(ctx, session, params.id!) }) }),
  /** PATCH: edit one's own words and/or move to another topic. */
  PATCH: endpoint({
    body: editMessageSchema,
    run: async ({ ctx, session, params, body }) => ({ message: await editMessage(ctx, session, params.id!, body) }),
  }),
  /** DELETE: delete one's own message. */
  DELETE: endpoint({
    run: async ({ ctx, session, params }) => {
      await deleteMessage(ctx, session, params.id!);
      return {};
    },
  }),
});

export const loader = message;
export const action = message;
