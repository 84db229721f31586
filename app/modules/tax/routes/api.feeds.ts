import { Refusal } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { taxT } from "../i18n.server";
import { createFeedToken, listFeedTokens, revokeFeedToken, taxAccess } from "../tax.server";

/** GET /api/tax/feeds: this person's live feed addresses (ids only); POST: a new one, its secret shown once. */
const feeds = jsonRoute(taxT, {
  GET: endpoint({ run: async ({ ctx, session }) => ({ feeds: await listFeedTokens(ctx.db, taxAccess(session)) }) }),
  POST: endpoint({
    status: 201,
    run: async ({ ctx, session }) => {
      const { id, token } = await createFeedToken(ctx, taxAccess(session));
      return { id, url: `${ctx.publicOrigin}/api/tax/feed/${token}.ics` };
    },
  }),
});

/** DELETE /api/tax/feeds/{id}: the address stops working at once. */
const feed = jsonRoute(taxT, {
  DELETE: endpoint({ run: async ({ ctx, session, params }) => revokeFeedToken(ctx, taxAccess(session), params.id ?? "") }),
  POST: endpoint({ run: () => Promise.reject(new Refusal(405, "errors.methodNotAllowed")) }),
});

type Args = Parameters<typeof feeds>[0];
const handle = (args: Args) => (args.params.id ? feed : feeds)(args);

export const loader = handle;
export const action = handle;
