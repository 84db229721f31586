import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { bankingT } from "../i18n.server";
import { createRuleSchema } from "../rule-form";
import { createRule, listRules } from "../rules.server";

const rules = jsonRoute(bankingT, {
  /** GET /api/banking/rules: the rules in the order they are tried (trustees, the lawyer, granted members). */
  GET: endpoint({ run: async ({ ctx, session }) => ({ rules: await listRules(ctx.db, await bankingAccess(ctx.db, session)) }) }),
  /** POST /api/banking/rules `{ name, conditions, actions }` → `{ id, position }` (last in the order). */
  POST: endpoint({
    body: createRuleSchema,
    status: 201,
    run: async ({ ctx, session, body }) => createRule(ctx, await bankingAccess(ctx.db, session), body),
  }),
});

export const loader = rules;
export const action = rules;
