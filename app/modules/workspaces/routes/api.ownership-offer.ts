import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { workspacesT } from "../i18n.server";
import { answerOwnershipOffer, withdrawOwnershipOffer } from "../lifecycle/ownership.server";
import { ownershipAnswerSchema } from "../validation";

const offer = jsonRoute(workspacesT, {
  /** POST `{ "accept": true | false }`: the offered member answers. */
  POST: endpoint({
    body: ownershipAnswerSchema,
    run: async ({ ctx, session, params, body }) => answerOwnershipOffer(ctx, session, params.id ?? "", body.accept),
  }),
  /** DELETE: the owner who made the offer withdraws it. */
  DELETE: endpoint({
    run: async ({ ctx, session, params }) => {
      await withdrawOwnershipOffer(ctx, session, params.id ?? "");
      return {};
    },
  }),
});

export const loader = offer;
export const action = offer;
