import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { documentCards } from "~/modules/conversations/document-cards.server";
import { conversationsT } from "~/modules/conversations/i18n.server";
import { handleJson, jsonResponse, onlyMethods } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/chat/documents?ids=a,b: cards for linked documents the caller may open (others are left out). */
export async function loader(args: LoaderFunctionArgs) {
  const t = conversationsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const ids = (new URL(args.request.url).searchParams.get("ids") ?? "").split(",").filter(Boolean);
    return jsonResponse({ success: true, documents: await documentCards(getRequestContext(args.request, args.context).db, session, ids) });
  });
}

export const action = onlyMethods("GET");
