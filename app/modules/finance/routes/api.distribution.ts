import { Refusal } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
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

type Args = Parameters<typeof read>[0];
const commands: Record<string, (args: Args) => Promise<Response>> = {
  approve: decide("approve"),
  reject: decide("reject"),
  cancel: decide("cancel"),
  pay,
  payments,
};
const unknown = jsonRoute(financeT, {
  GET: endpoint({ run: () => Promise.reject(new Refusal(404, "errors.distributionNotFound")) }),
  POST: endpoint({ run: () => Promise.reject(new Refusal(404, "errors.distributionNotFound")) }),
});
const handle = (args: Args) => {
  const command = args.params.command;
  if (!command) return read(args);
  return (Object.hasOwn(commands, command) ? commands[command]! : unknown)(args);
};

export const loader = handle;
export const action = handle;
