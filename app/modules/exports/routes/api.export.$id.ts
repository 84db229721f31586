import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { exportsT } from "../i18n.server";
import { requireOwnExport, toView } from "../service.server";

const status = jsonRoute(exportsT, {
  /** GET /api/workspaces/export/{id}: the export's status and progress, for the person who asked for it only (404 otherwise). */
  GET: endpoint({
    run: async ({ ctx, session, params }) => ({ export: toView(await requireOwnExport(ctx.db, session, params.id ?? "")) }),
  }),
});

export const loader = status;
export const action = status;
