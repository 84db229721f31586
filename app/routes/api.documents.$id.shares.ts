import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { documentsT } from "~/modules/documents/i18n.server";
import { listShares } from "~/modules/documents/sharing.server";
import { handleJson, jsonResponse, methodNotAllowed } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/documents/{id}/shares: who it is shared with and who it could be shared with (managers only). */
export async function loader(args: LoaderFunctionArgs) {
  const t = documentsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const result = await listShares(getRequestContext(args.request, args.context), session, args.params.id ?? "", t);
    return jsonResponse({ success: true, ...result });
  });
}

export const action = ({ request }: ActionFunctionArgs) => methodNotAllowed(documentsT(request), "GET");
