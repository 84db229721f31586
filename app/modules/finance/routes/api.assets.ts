import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { financeAccess } from "../access.server";
import { createAsset, listAssets } from "../assets.server";
import { financeT } from "../i18n.server";
import { createAssetSchema } from "../validation";

const assets = jsonRoute(financeT, {
  /** GET /api/finance/assets: every asset with its carrying and current value and their history. */
  GET: endpoint({ run: async ({ ctx, session }) => ({ assets: await listAssets(ctx.db, await financeAccess(ctx.db, session)) }) }),
  /** POST /api/finance/assets: an asset entered by hand, with its first valuation (owners and trustees). */
  POST: endpoint({
    body: createAssetSchema,
    status: 201,
    run: async ({ ctx, session, body }) => createAsset(ctx, await financeAccess(ctx.db, session), body),
  }),
});

export const loader = assets;
export const action = assets;
