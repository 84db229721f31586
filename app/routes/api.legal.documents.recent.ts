import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { documentsT } from "~/modules/documents/i18n.server";
import { recentDocuments } from "~/modules/documents/service.server";
import { handleJson, jsonResponse, onlyMethods } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/**
 * Spec section 7: GET /api/legal/documents/recent, a list of { id, title, type, status,
 * thumbnailUrl, fileName, lastAccessedAt } for the current user in the current workspace.
 */
export async function loader(args: LoaderFunctionArgs) {
  const t = documentsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    return jsonResponse(await recentDocuments(getRequestContext(args.request, args.context).db, session));
  });
}

export const action = onlyMethods("GET");
