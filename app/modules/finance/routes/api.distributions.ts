import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { financeAccess } from "../access.server";
import { listDistributions, requestDistribution } from "../distributions.server";
import { financeT, requestLanguage } from "../i18n.server";
import { requestDistributionSchema } from "../validation";

const distributions = jsonRoute(financeT, {
  /** GET /api/finance/distributions: all of them for those who read the trust's finances; her own for anyone else. */
  GET: endpoint({ run: async ({ ctx, session }) => ({ distributions: await listDistributions(ctx.db, await financeAccess(ctx.db, session)) }) }),
  /** POST /api/finance/distributions: a request, citing its authority. */
  POST: endpoint({
    body: requestDistributionSchema,
    status: 201,
    run: async ({ ctx, session, body, request }) => requestDistribution(ctx, session, await financeAccess(ctx.db, session), body, requestLanguage(request)),
  }),
});

export const loader = distributions;
export const action = distributions;
