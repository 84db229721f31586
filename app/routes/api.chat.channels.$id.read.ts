import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { channelAccess, markRead } from "~/modules/conversations/channels.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { readUpToSchema } from "~/modules/conversations/validation";
import { handleJson, jsonResponse, methodNotAllowed, onlyMethods, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** POST /api/chat/channels/{id}/read {seq}: everything up to seq has been read (never moves backwards). */
export async function action(args: ActionFunctionArgs) {
  const t = conversationsT(args.request);
  if (args.request.method !== "POST") return methodNotAllowed(t, "POST");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const { db } = getRequestContext(args.request, args.context);
    const { seq } = parseWith(readUpToSchema(), await readJsonBody(args.request, t), t);
    await markRead(db, session, await channelAccess(db, session, args.params.id!, t), seq);
    return jsonResponse({ success: true });
  });
}

export const loader = onlyMethods("POST");
