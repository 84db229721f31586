import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { deleteMessage, editMessage, messageHistory } from "~/modules/conversations/messages.server";
import { editMessageSchema } from "~/modules/conversations/validation";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/chat/messages/{id}: the message's earlier versions (edits, moves, deletion). */
export async function loader(args: LoaderFunctionArgs) {
  const t = conversationsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    return jsonResponse({ success: true, history: await messageHistory(getRequestContext(args.request, args.context), session, args.params.id!, t) });
  });
}

/** PATCH: edit one's own words and/or move to another topic. DELETE: delete one's own message. */
export async function action(args: ActionFunctionArgs) {
  const t = conversationsT(args.request);
  const method = args.request.method;
  if (method !== "PATCH" && method !== "DELETE") return methodNotAllowed(t, "GET, PATCH, DELETE");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const ctx = getRequestContext(args.request, args.context);
    if (method === "DELETE") {
      await deleteMessage(ctx, session, args.params.id!, t);
      return jsonResponse({ success: true });
    }
    const input = parseWith(editMessageSchema(t), await readJsonBody(args.request, t), t);
    return jsonResponse({ success: true, message: await editMessage(ctx, session, args.params.id!, input, t) });
  });
}
