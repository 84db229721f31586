import { commandRoute, endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { bankingT } from "../i18n.server";
import { applyRuleSchema, moveRuleSchema, updateRuleSchema } from "../rule-form";
import { applyRule, previewSavedRule } from "../rules-apply.server";
import { deleteRule, moveRule, requireReadRules, requireRule, updateRule } from "../rules.server";

/** GET, PATCH and DELETE /api/banking/rules/{id}. */
const rule = jsonRoute(bankingT, {
  GET: endpoint({
    run: async ({ ctx, session, params }) => {
      const access = await bankingAccess(ctx.db, session);
      requireReadRules(access);
      return { rule: await requireRule(ctx.db, access, params.id ?? "") };
    },
  }),
  PATCH: endpoint({
    body: updateRuleSchema,
    run: async ({ ctx, session, body, params }) => ({ rule: await updateRule(ctx, await bankingAccess(ctx.db, session), params.id ?? "", body) }),
  }),
  DELETE: endpoint({
    run: async ({ ctx, session, params }) => {
      await deleteRule(ctx, await bankingAccess(ctx.db, session), params.id ?? "");
      return {};
    },
  }),
});

/** POST /api/banking/rules/{id}/move `{ direction: "up" | "down" }` or `{ position }` (1 is first). */
const move = jsonRoute(bankingT, {
  POST: endpoint({
    body: moveRuleSchema,
    run: async ({ ctx, session, body, params }) => moveRule(ctx, await bankingAccess(ctx.db, session), params.id ?? "", body),
  }),
});

/** GET /api/banking/rules/{id}/preview[?overwrite=1]: what applying the saved rule would change. */
const preview = jsonRoute(bankingT, {
  GET: endpoint({
    run: async ({ ctx, session, params, query }) => ({
      ...(await previewSavedRule(ctx.db, await bankingAccess(ctx.db, session), params.id ?? "", query.get("overwrite") === "1")),
    }),
  }),
});

/** POST /api/banking/rules/{id}/apply `{ overwrite? }` → `{ changed, locked, kept }`. */
const apply = jsonRoute(bankingT, {
  POST: endpoint({
    body: applyRuleSchema,
    run: async ({ ctx, session, body, params }) => applyRule(ctx, await bankingAccess(ctx.db, session), params.id ?? "", body.overwrite ?? false),
  }),
});

const handle = commandRoute(bankingT, rule, { move, preview, apply }, "rules.errors.notFound");

export const loader = handle;
export const action = handle;
