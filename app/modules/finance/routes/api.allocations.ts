import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { financeAccess } from "../access.server";
import { allocationView, saveAllocations } from "../overview.server";
import { financeT } from "../i18n.server";
import { allocationsSchema } from "../validation";

const allocations = jsonRoute(financeT, {
  /** GET /api/finance/allocations: each category's share of income, the Act's default and whether it was changed. */
  GET: endpoint({ run: async ({ ctx, session }) => ({ allocations: await allocationView(ctx.db, await financeAccess(ctx.db, session)) }) }),
  /** PUT /api/finance/allocations `{ allocations: [{ category, incomeShareBp }] }` (owners and trustees; audited). */
  PUT: endpoint({
    body: allocationsSchema,
    run: async ({ ctx, session, body }) => ({ allocations: await saveAllocations(ctx, await financeAccess(ctx.db, session), body.allocations) }),
  }),
});

export const loader = allocations;
export const action = allocations;
