import { commandRoute, endpoint, jsonRoute } from "~/platform/json-route.server";
import { financeAccess } from "../access.server";
import { decideDistribution, paymentCandidates, payDistribution, type DecisionCommand } from "../decisions.server";
import { requireDistribution } from "../distributions.server";
import { financeT, requestLanguage } from "../i18n.server";
import { decisionSchema, paymentSchema } from "../validation";

/** GET /api/finance/distributions/{id} */
const read = jsonRoute(financeT, {
  GET: endpoint({
    run: async ({ ctx, session, params }) => ({ distribution: await requireDistribution(ctx.db, await financeAccess(ctx.db, session), params.id ?? "") }),
  }),
});

/** POST /api/finance/distributions/{id}/{approve|reject|cancel} `{ note?, confirmWarnings? }` */
const decide = (command: DecisionCommand) =>
  jsonRoute(financeT, {
    POST: endpoint({
      body: decisionSchema,
      run: async ({ ctx, session, body, params, request }) =>
        decideDistribution(ctx, session, await financeAccess(ctx.db, session), params.id ?? "", command, body, requestLanguage(request)),
    }),
  });

/** POST /api/finance/distributions/{id}/pay `{ transactionId }` */
const pay = jsonRoute(financeT, {
  POST: endpoint({
    body: paymentSchema,
    run: async ({ ctx, session, body, params }) => payDistribution(ctx, await financeAccess(ctx.db, session), params.id ?? "", body.transactionId),
  }),
});

/** GET /api/finance/distributions/{id}/payments: the bank transactions that could be its payment. */
const payments = jsonRoute(financeT, {
  GET: endpoint({
    run: async ({ ctx, session, params }) => ({ candidates: await paymentCandidates(ctx.db, await financeAccess(ctx.db, session), params.id ?? "") }),
  }),
});

const handle = commandRoute(
  financeT,
  read,
  { approve: decide("approve"), reject: decide("reject"), cancel: decide("cancel"), pay, payments },
  "errors.distributionNotFound",
);

export const loader = handle;
export const action = handle;
