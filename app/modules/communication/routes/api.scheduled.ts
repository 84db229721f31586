import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { communicationScope } from "../access.server";
import { communicationT } from "../i18n.server";
import { listScheduled, scheduleMessage } from "../scheduled.server";
import { scheduleSchema } from "../validation";

const route = jsonRoute(communicationT, {
  /** GET /api/communication/scheduled → `{ scheduled: [...] }`: the caller's own (an administrator's: everyone's). */
  GET: endpoint({ run: async ({ ctx, session }) => listScheduled(ctx, communicationScope(session)) }),
  /**
   * POST /api/communication/scheduled `{ target: "channel" | "email", channelId? | recipientId?, subject?, body, sendAt }`
   * → 201 `{ scheduled }`; sent once by the cron when its time comes.
   */
  POST: endpoint({
    body: (t) => scheduleSchema(t),
    status: 201,
    run: async ({ ctx, session, body }) => scheduleMessage(ctx, session, communicationScope(session), body),
  }),
});

export const loader = route;
export const action = route;
