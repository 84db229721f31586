import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { bankingCharts } from "../charts.server";
import { bankingT } from "../i18n.server";

const charts = jsonRoute(bankingT, {
  /**
   * GET /api/banking/charts?account&from&to: balances over time per account (for those who may see totals) and
   * money in and out by category per month (a beneficiary: her own sub-ledger only); the last twelve months unless said.
   */
  GET: endpoint({
    run: async ({ ctx, session, query }) => {
      const access = await bankingAccess(ctx.db, session);
      return {
        ...(await bankingCharts(ctx.db, access, {
          accountId: query.get("account") || undefined,
          from: query.get("from") || undefined,
          to: query.get("to") || undefined,
        })),
      };
    },
  }),
});

export const loader = charts;
export const action = charts;
