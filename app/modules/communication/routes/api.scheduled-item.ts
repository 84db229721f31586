import { commandRoute, endpoint, jsonRoute } from "~/platform/json-route.server";
import { communicationScope } from "../access.server";
import { communicationT } from "../i18n.server";
import { cancelScheduled, reschedule } from "../scheduled.server";
import { rescheduleSchema } from "../validation";

/** PUT /api/communication/scheduled/{id} `{ body?, subject?, sendAt? }`: its author changes it before it goes. */
const one = jsonRoute(communicationT, {
  PUT: endpoint({
    body: (t) => rescheduleSchema(t),
    run: async ({ ctx, session, params, body }) => reschedule(ctx, communicationScope(session), params.id ?? "", body),
  }),
});

/** POST /api/communication/scheduled/{id}/cancel. */
const cancel = jsonRoute(communicationT, {
  POST: endpoint({ run: async ({ ctx, session, params }) => cancelScheduled(ctx, communicationScope(session), params.id ?? "") }),
});

const handle = commandRoute(communicationT, one, { cancel }, "errors.scheduledNotFound");
export const loader = handle;
export const action = handle;
