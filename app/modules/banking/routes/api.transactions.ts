import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { bulkUpdateTransactions } from "../bulk.server";
import { bankingT } from "../i18n.server";
import { bulkUpdateSchema } from "../validation";

const transactions = jsonRoute(bankingT, {
  /** PATCH /api/banking/transactions `{ ids, changes }`: bulk edit → `{ updated, locked, notFound }`. */
  PATCH: endpoint({
    body: bulkUpdateSchema,
    run: async ({ ctx, session, body }) => bulkUpdateTransactions(ctx, await bankingAccess(ctx.db, session), body.ids, body.changes),
  }),
});

export const loader = transactions;
export const action = transactions;
