import { getCurrentSession } from "~/modules/auth/guard.server";
import { jsonResponse } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { opsViewer } from "../access.server";
import { platformHealth, publicView } from "../health.server";
import { opsT } from "../i18n.server";

const route = jsonRoute(opsT, {
  /**
   * GET /api/health, for uptime monitors: `{ status, checkedAt, services: [{ service, status, latencyMs, error? }] }`,
   * 200 when healthy and 503 otherwise. Only operators see the error texts and details.
   */
  GET: endpoint({
    session: "none",
    run: async ({ args, ctx }) => {
      const session = await getCurrentSession(args);
      const report = await platformHealth({ db: ctx.db, env: ctx.env, config: ctx.config, now: new Date() });
      // The platform's details (error texts, delivery counts of every workspace) are the operators'; others get statuses.
      const detailed = session !== null && opsViewer(ctx.config, session)?.kind === "operator";
      return jsonResponse(publicView(report, detailed), {
        status: report.status === "healthy" ? 200 : 503,
        headers: { "Cache-Control": "no-store" },
      });
    },
  }),
});

export const loader = route;
export const action = route;
