import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { requireTrustAsAmended } from "../as-amended.server";
import { instrumentsT } from "../i18n.server";

const asAmended = jsonRoute(instrumentsT, {
  /**
   * GET /api/documents/{id}/as-amended: the instrument family this document belongs to, read as one: the current
   * terms after every amendment in date order (each citing its source and what it replaced), the parties, duties
   * and governing law they give, and what each amendment changed. Only documents the caller may read take part.
   */
  GET: endpoint({
    run: async ({ ctx, session, params }) => ({ asAmended: await requireTrustAsAmended(ctx.db, session, params.id ?? "") }),
  }),
});

export const loader = asAmended;
export const action = asAmended;
