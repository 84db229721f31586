import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { bankingT } from "../i18n.server";
import { previewRuleSchema } from "../rule-form";
import { previewRule } from "../rules-apply.server";

const preview = jsonRoute(bankingT, {
  /** POST /api/banking/rules/preview: which past transactions an unsaved rule would change, each field before and after. */
  POST: endpoint({
    body: previewRuleSchema,
    run: async ({ ctx, session, body }) => ({ ...(await previewRule(ctx.db, await bankingAccess(ctx.db, session), body)) }),
  }),
});

export const loader = preview;
export const action = preview;
