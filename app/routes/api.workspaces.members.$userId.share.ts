import { pollsT } from "~/modules/polls/i18n.server";
import { setBeneficialShare } from "~/modules/workspaces/beneficial-shares.server";
import { beneficialShareSchema as shareSchema } from "~/modules/workspaces/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const share = jsonRoute(pollsT, {
  /** PUT `{ "shareBp": 4000 | null }`: a member's beneficial interest (basis points), which weighs weighted votes. */
  PUT: endpoint({
    body: shareSchema,
    run: async ({ ctx, session, params, body: { shareBp } }) => {
      await setBeneficialShare(ctx, session, params.userId ?? "", shareBp);
      return { shareBp };
    },
  }),
});

export const loader = share;
export const action = share;
