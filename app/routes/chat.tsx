import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireSession } from "~/modules/auth/guard.server";
import { loadChatScreen } from "~/modules/conversations/chat-page.server";
import { ChatScreen } from "~/modules/conversations/components/chat-screen";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

export const handle = { i18n: ["conversations"] };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.chat ? `#${data.chat.channel.name}` : "Chat"} · Legal Document Platform` }];

/** /chat (the channel used last, or General) and /channel/{channelId}: one screen (spec section 2). */
export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  if (!session.workspace) return { chat: null };
  const ctx = getRequestContext(args.request, args.context);
  const topic = new URL(args.request.url).searchParams.get("topic");
  const t = conversationsT(args.request);
  try {
    return { chat: await loadChatScreen(ctx, session, args.params.channelId, topic) };
  } catch (error) {
    throwAsResponse(error, t);
  }
}

export default function ChatRoute() {
  const { chat } = useLoaderData<typeof loader>();
  return chat ? <ChatScreen key={`${chat.channel.id}:${chat.topicId ?? ""}`} data={chat} /> : null;
}
