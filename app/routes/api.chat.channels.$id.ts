import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { channelAccess, channelMemberList, updateChannel } from "~/modules/conversations/channels.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { listTopics } from "~/modules/conversations/topics.server";
import { updateChannelSchema } from "~/modules/conversations/validation";
import { handleJson, jsonResponse, methodNotAllowed, parseWith, readJsonBody } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/chat/channels/{id}: the channel, its members and its topics. */
export async function loader(args: LoaderFunctionArgs) {
  const t = conversationsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const { db } = getRequestContext(args.request, args.context);
    const access = await channelAccess(db, session, args.params.id!, t);
    const [members, topics] = await Promise.all([channelMemberList(db, access.channel), listTopics(db, session, { channelId: access.channel.id }, t)]);
    const { channel } = access;
    return jsonResponse({
      success: true,
      channel: {
        id: channel.id,
        name: channel.name,
        description: channel.description,
        kind: channel.kind,
        isDefault: channel.isDefault,
        archived: channel.archivedAt !== null,
        member: access.member,
        manage: access.manage,
      },
      members,
      topics,
    });
  });
}

/** PATCH /api/chat/channels/{id}: rename, describe, archive or bring back (administrators and the creator). */
export async function action(args: ActionFunctionArgs) {
  const t = conversationsT(args.request);
  if (args.request.method !== "PATCH") return methodNotAllowed(t, "GET, PATCH");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const input = parseWith(updateChannelSchema(t), await readJsonBody(args.request, t), t);
    const channel = await updateChannel(getRequestContext(args.request, args.context), session, args.params.id!, input, t);
    return jsonResponse({
      success: true,
      channel: { id: channel.id, name: channel.name, description: channel.description, kind: channel.kind, archived: channel.archivedAt !== null },
    });
  });
}
