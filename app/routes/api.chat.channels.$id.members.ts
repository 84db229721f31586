import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { addMembers, removeMember } from "~/modules/conversations/channels.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { channelMembersSchema } from "~/modules/conversations/validation";
import { handleJson, jsonResponse, methodNotAllowed, onlyMethods, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/**
 * POST /api/chat/channels/{id}/members {userIds}: join an open channel (your own id) or add people.
 * DELETE /api/chat/channels/{id}/members {userIds: [one id]}: leave, or remove someone.
 */
export async function action(args: ActionFunctionArgs) {
  const t = conversationsT(args.request);
  if (args.request.method !== "POST" && args.request.method !== "DELETE") return methodNotAllowed(t, "POST, DELETE");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const ctx = getRequestContext(args.request, args.context);
    const { userIds } = parseWith(channelMembersSchema(t), await readJsonBody(args.request, t), t);
    if (args.request.method === "POST") await addMembers(ctx, session, args.params.id!, userIds, t);
    else for (const userId of userIds.slice(0, 1)) await removeMember(ctx, session, args.params.id!, userId, t);
    return jsonResponse({ success: true });
  });
}

export const loader = onlyMethods("POST, DELETE");
