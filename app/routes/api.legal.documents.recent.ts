import { documentsT } from "~/modules/documents/i18n.server";
import { recentDocuments } from "~/modules/documents/service.server";
import { jsonResponse } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

/**
 * Spec section 7: GET /api/legal/documents/recent, a list of { id, title, type, status,
 * thumbnailUrl, fileName, lastAccessedAt } for the current user in the current workspace (a bare list, no `success`).
 */
const recent = jsonRoute(documentsT, { GET: endpoint({ run: async ({ ctx, session }) => jsonResponse(await recentDocuments(ctx.db, session)) }) });

export const loader = recent;
export const action = recent;
