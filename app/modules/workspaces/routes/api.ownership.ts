import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { workspacesT } from "../i18n.server";
import { offerOwnership } from "../lifecycle/ownership.server";
import { ownershipOfferSchema } from "../validation";

/** POST `{ "userId": … }`: the owner offers the workspace to a member, who must accept (201 with the offer's id). */
const ownership = jsonRoute(workspacesT, {
  POST: endpoint({
    body: ownershipOfferSchema,
    status: 201,
    run: async ({ ctx, session, body }) => offerOwnership(ctx, session, body.userId),
  }),
});

export const loader = ownership;
export const action = ownership;
