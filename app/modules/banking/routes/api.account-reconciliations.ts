import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { bankingT } from "../i18n.server";
import { listReconciliations, startReconciliation } from "../reconciliations.server";
import { startReconciliationSchema } from "../validation";

const reconciliations = jsonRoute(bankingT, {
  /** GET /api/banking/accounts/{id}/reconciliations: the account's reconciliations, newest first. */
  GET: endpoint({
    run: async ({ ctx, session, params }) => ({ reconciliations: await listReconciliations(ctx.db, await bankingAccess(ctx.db, session), params.id ?? "") }),
  }),
  /** POST /api/banking/accounts/{id}/reconciliations: reconcile to a statement's end date and closing balance. */
  POST: endpoint({
    body: startReconciliationSchema,
    status: 201,
    run: async ({ ctx, session, body, params }) => ({ ...(await startReconciliation(ctx, await bankingAccess(ctx.db, session), params.id ?? "", body)) }),
  }),
});

export const loader = reconciliations;
export const action = reconciliations;
