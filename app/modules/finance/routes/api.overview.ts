import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { financeAccess } from "../access.server";
import { financeT } from "../i18n.server";
import { financeOverview } from "../overview.server";

/** GET /api/finance/overview: net worth over time, principal and income balances, and flows by category. */
const overview = jsonRoute(financeT, {
  GET: endpoint({ run: async ({ ctx, session }) => ({ ...(await financeOverview(ctx.db, await financeAccess(ctx.db, session))) }) }),
});

export const loader = overview;
export const action = overview;
