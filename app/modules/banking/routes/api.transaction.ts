import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { bankingT } from "../i18n.server";
import { updateTransaction } from "../transactions.server";
import { updateTransactionSchema } from "../validation";

const transaction = jsonRoute(bankingT, {
  /** PATCH /api/banking/transactions/{id}: purpose, responsible party, notes, category, principal or income. */
  PATCH: endpoint({
    body: updateTransactionSchema,
    run: async ({ ctx, session, body, params }) => ({ transaction: await updateTransaction(ctx, await bankingAccess(ctx.db, session), params.id ?? "", body) }),
  }),
});

export const loader = transaction;
export const action = transaction;
