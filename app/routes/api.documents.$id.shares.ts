import { documentsT } from "~/modules/documents/i18n.server";
import { listShares } from "~/modules/documents/sharing.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const shares = jsonRoute(documentsT, {
  /** GET /api/documents/{id}/shares: who it is shared with and who it could be shared with (managers only). */
  GET: endpoint({ run: async ({ ctx, session, params }) => listShares(ctx, session, params.id ?? "") }),
});

export const loader = shares;
export const action = shares;
