import { pollsT } from "~/modules/polls/i18n.server";
import { pollDetail } from "~/modules/polls/service.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const poll = jsonRoute(pollsT, {
  /** GET /api/polls/{id}: the poll as this person may see it (tallies hidden until closing when so chosen). */
  GET: endpoint({ run: async ({ ctx, session, params, t }) => pollDetail(ctx, session, params.id ?? "", t) }),
});

export const loader = poll;
export const action = poll;
