import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { bankingT } from "../i18n.server";
import { replaceSplits } from "../splits.server";
import { splitsSchema } from "../validation";

const splits = jsonRoute(bankingT, {
  /** PUT /api/banking/transactions/{id}/splits `{ parts }`: divide it across categories or beneficiaries (none: undo). */
  PUT: endpoint({
    body: splitsSchema,
    run: async ({ ctx, session, body, params }) => replaceSplits(ctx, await bankingAccess(ctx.db, session), params.id ?? "", body.parts),
  }),
});

export const loader = splits;
export const action = splits;
