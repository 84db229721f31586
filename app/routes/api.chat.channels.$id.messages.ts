import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { channelAccess } from "~/modules/conversations/channels.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { listMessages, postMessage } from "~/modules/conversations/messages.server";
import { postMessageSchema } from "~/modules/conversations/validation";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/chat/channels/{id}/messages?before={seq}&topicId=: one page of history, oldest first. */
export async function loader(args: LoaderFunctionArgs) {
  const t = conversationsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const { db } = getRequestContext(args.request, args.context);
    const url = new URL(args.request.url);
    const before = Number(url.searchParams.get("before"));
    const limit = Number(url.searchParams.get("limit"));
    const access = await channelAccess(db, session, args.params.id!, t);
    const page = await listMessages(db, access, {
      before: Number.isInteger(before) && before > 0 ? before : undefined,
      topicId: url.searchParams.get("topicId") || undefined,
      limit: Number.isInteger(limit) && limit > 0 ? limit : undefined,
    });
    return jsonResponse({ success: true, ...page });
  });
}

/** POST /api/chat/channels/{id}/messages: write in a topic (by id or name; new names start a topic). */
export async function action(args: ActionFunctionArgs) {
  const t = conversationsT(args.request);
  if (args.request.method !== "POST") return methodNotAllowed(t, "GET, POST");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const input = parseWith(postMessageSchema(t), await readJsonBody(args.request, t), t);
    const message = await postMessage(getRequestContext(args.request, args.context), session, args.params.id!, input, t);
    return jsonResponse({ success: true, message }, { status: 201 });
  });
}
