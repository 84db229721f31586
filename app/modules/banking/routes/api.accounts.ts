import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { createAccount, listAccounts } from "../accounts.server";
import { bankingT } from "../i18n.server";
import { createAccountSchema } from "../validation";

const accounts = jsonRoute(bankingT, {
  /** GET /api/banking/accounts: the trust's accounts, with balances for those who may see them. */
  GET: endpoint({ run: async ({ ctx, session }) => ({ accounts: await listAccounts(ctx.db, await bankingAccess(ctx.db, session)) }) }),
  /** POST /api/banking/accounts: a new account (owners, trustees and co-trustees). */
  POST: endpoint({
    body: createAccountSchema,
    status: 201,
    run: async ({ ctx, session, body }) => createAccount(ctx, await bankingAccess(ctx.db, session), body),
  }),
});

export const loader = accounts;
export const action = accounts;
