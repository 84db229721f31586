import { pollsT } from "~/modules/polls/i18n.server";
import { createPoll, listPolls } from "~/modules/polls/service.server";
import { createPollSchema } from "~/modules/polls/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const polls = jsonRoute(pollsT, {
  /** GET /api/polls: the polls this person may see (administrators: all; others: those they vote in, made or watch). */
  GET: endpoint({ run: async ({ ctx, session }) => ({ polls: await listPolls(ctx.db, session) }) }),
  /** POST /api/polls: open a poll (owners and trustees; the service checks the role). */
  POST: endpoint({
    body: createPollSchema,
    status: 201,
    run: async ({ ctx, session, body, t }) => ({ poll: await createPoll(ctx, session, body, t) }),
  }),
});

export const loader = polls;
export const action = polls;
