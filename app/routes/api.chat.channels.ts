import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { createChannel, listChannels } from "~/modules/conversations/channels.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { createChannelSchema } from "~/modules/conversations/validation";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/chat/channels: the channels the caller can see, with unread counts. */
export async function loader(args: LoaderFunctionArgs) {
  const t = conversationsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    return jsonResponse({ success: true, channels: await listChannels(getRequestContext(args.request, args.context).db, session, t) });
  });
}

/** POST /api/chat/channels: a new open or private channel. */
export async function action(args: ActionFunctionArgs) {
  const t = conversationsT(args.request);
  if (args.request.method !== "POST") return methodNotAllowed(t, "GET, POST");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const input = parseWith(createChannelSchema(t), await readJsonBody(args.request, t), t);
    const channel = await createChannel(getRequestContext(args.request, args.context), session, input, t);
    return jsonResponse(
      { success: true, channel: { id: channel.id, name: channel.name, kind: channel.kind, description: channel.description } },
      { status: 201 },
    );
  });
}
