import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { exportsT } from "../i18n.server";
import { listExports, requestExport } from "../service.server";

const exportRoute = jsonRoute(exportsT, {
  /** GET /api/workspaces/export: the owner's latest exports of this workspace, newest first (the admin panel's list). */
  GET: endpoint({
    run: async ({ ctx, session }) => ({ exports: await listExports(ctx.db, session) }),
  }),
  /** POST /api/workspaces/export: 202 `{ jobId }`; owners only (403 otherwise). */
  POST: endpoint({
    status: 202,
    run: async ({ ctx, session }) => requestExport(ctx, session),
  }),
});

export const loader = exportRoute;
export const action = exportRoute;
