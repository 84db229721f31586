import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { complianceAccess } from "../access.server";
import { complianceHealth } from "../health.server";
import { complianceT } from "../i18n.server";
import { ensureSynced } from "../items.server";
import { titled } from "./api.items";

const health = jsonRoute(complianceT, {
  /** GET /api/compliance/health: the score and how it was reached, overdue and upcoming duties, the calendar, the score's history. */
  GET: endpoint({
    run: async ({ ctx, session, t }) => {
      const access = complianceAccess(session);
      await ensureSynced(ctx.db, session);
      const view = await complianceHealth(ctx.db, access);
      return {
        ...view,
        overdueItems: view.overdueItems.map((i) => titled(i, t)),
        upcomingItems: view.upcomingItems.map((i) => titled(i, t)),
        calendar: view.calendar.map((i) => titled(i, t)),
      };
    },
  }),
});

export const loader = health;
export const action = health;
