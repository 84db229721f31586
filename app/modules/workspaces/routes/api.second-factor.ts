import { z } from "zod";
import { Refusal } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { workspacesT } from "../i18n.server";
import { canAdminister } from "../roles";
import { secondFactorPolicy, setSecondFactorRequired } from "../second-factor-policy.server";

/**
 * The current workspace's second-factor requirement (ADR 0036). GET: whether it is required and which members have
 * no second factor yet (administrators). POST `{ "required": true | false }`: the owner turns it on or off.
 */
const policy = jsonRoute(workspacesT, {
  GET: endpoint({
    allow: (session) => canAdminister(session.workspace?.role),
    forbidden: "errors.adminOnly",
    run: async ({ ctx, session }) => {
      const found = await secondFactorPolicy(ctx, session);
      if (!found) throw new Refusal(404, "errors.workspaceNotFound");
      return found;
    },
  }),
  POST: endpoint({
    body: (t) =>
      z.object({ required: z.boolean({ required_error: t("secondFactor.requiredBoolean"), invalid_type_error: t("secondFactor.requiredBoolean") }) }).strict(),
    run: async ({ ctx, session, body }) => {
      await setSecondFactorRequired(ctx, session, body.required);
      return { required: body.required };
    },
  }),
});

export const loader = policy;
export const action = policy;
