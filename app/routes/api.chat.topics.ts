import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { listTopics } from "~/modules/conversations/topics.server";
import { handleJson, jsonResponse, onlyMethods } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/chat/topics?channelId=&state=open|resolved|all&sms=1: topics by last activity. */
export async function loader(args: LoaderFunctionArgs) {
  const t = conversationsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const url = new URL(args.request.url);
    const state = url.searchParams.get("state");
    const topics = await listTopics(
      getRequestContext(args.request, args.context).db,
      session,
      {
        channelId: url.searchParams.get("channelId") || undefined,
        state: state === "open" || state === "resolved" ? state : "all",
        smsOnly: url.searchParams.get("sms") === "1",
      },
      t,
    );
    return jsonResponse({ success: true, topics });
  });
}

export const action = onlyMethods("GET");
