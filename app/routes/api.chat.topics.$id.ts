import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { setTopicFollow, updateTopic } from "~/modules/conversations/topics.server";
import { followTopicSchema, updateTopicSchema } from "~/modules/conversations/validation";
import { handleJson, jsonResponse, methodNotAllowed, onlyMethods, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/**
 * PATCH /api/chat/topics/{id} {name?, purpose?, resolved?}: rename, label, resolve or reopen.
 * PUT /api/chat/topics/{id} {mode: follow|mute|none}: the caller's follow choice.
 */
export async function action(args: ActionFunctionArgs) {
  const t = conversationsT(args.request);
  const method = args.request.method;
  if (method !== "PATCH" && method !== "PUT") return methodNotAllowed(t, "PATCH, PUT");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const ctx = getRequestContext(args.request, args.context);
    const body = await readJsonBody(args.request, t);
    if (method === "PUT") {
      const { mode } = parseWith(followTopicSchema(t), body, t);
      return jsonResponse({ success: true, follow: await setTopicFollow(ctx.db, session, args.params.id!, mode, t) });
    }
    return jsonResponse({ success: true, topic: await updateTopic(ctx, session, args.params.id!, parseWith(updateTopicSchema(t), body, t), t) });
  });
}

export const loader = onlyMethods("PATCH, PUT");
