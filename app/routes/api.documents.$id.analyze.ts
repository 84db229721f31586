import { documentsT } from "~/modules/documents/i18n.server";
import { requestAnalysis } from "~/modules/documents/service.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const analyze = jsonRoute(documentsT, {
  /** POST /api/documents/{id}/analyze: run the analysis again (after an error, or with a new engine). */
  POST: endpoint({
    status: 202,
    run: async ({ ctx, session, params }) => {
      await requestAnalysis(ctx, session, params.id ?? "");
      return { status: "pending" };
    },
  }),
});

export const loader = analyze;
export const action = analyze;
