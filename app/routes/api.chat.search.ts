import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { searchMessages } from "~/modules/conversations/messages.server";
import { handleJson, jsonResponse, onlyMethods } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/chat/search?q=: messages in the channels the caller can see, newest first. */
export async function loader(args: LoaderFunctionArgs) {
  const t = conversationsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const q = new URL(args.request.url).searchParams.get("q") ?? "";
    return jsonResponse({ success: true, results: await searchMessages(getRequestContext(args.request, args.context).db, session, q, t) });
  });
}

export const action = onlyMethods("GET");
