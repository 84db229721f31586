import { Refusal } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
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

const unknown = jsonRoute(financeT, { POST: endpoint({ run: () => Promise.reject(new Refusal(404, "errors.assetNotFound")) }) });
type Args = Parameters<typeof dispose>[0];
const handle = (args: Args) => (args.params.command === "valuations" ? valuations : args.params.command === "dispose" ? dispose : unknown)(args);

export const loader = handle;
export const action = handle;
