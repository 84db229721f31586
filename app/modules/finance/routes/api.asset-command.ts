import { commandRoute, endpoint, jsonRoute } from "~/platform/json-route.server";
import { financeAccess } from "../access.server";
import { addValuation, disposeAsset } from "../assets.server";
import { financeT } from "../i18n.server";
import { disposalSchema, valuationSchema } from "../validation";

/** POST /api/finance/assets/{id}/valuations: a new carrying and current value on a date. */
const valuations = jsonRoute(financeT, {
  POST: endpoint({
    body: valuationSchema,
    status: 201,
    run: async ({ ctx, session, body, params }) => addValuation(ctx, await financeAccess(ctx.db, session), params.id ?? "", body),
  }),
});

/** POST /api/finance/assets/{id}/dispose: sold, given away or paid off, with the proceeds. */
const dispose = jsonRoute(financeT, {
  POST: endpoint({
    body: disposalSchema,
    run: async ({ ctx, session, body, params }) => disposeAsset(ctx, await financeAccess(ctx.db, session), params.id ?? "", body),
  }),
});

const handle = commandRoute(financeT, null, { valuations, dispose }, "errors.assetNotFound");

export const loader = handle;
export const action = handle;
