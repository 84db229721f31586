import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { complianceAccess, requireReadAll } from "../access.server";
import { complianceT } from "../i18n.server";
import { syncItems } from "../items.server";
import { listEvents, recordEvent, withdrawEvent } from "../profile.server";
import { eventSchema } from "../validation";

const events = jsonRoute(complianceT, {
  /** GET /api/trust/events: what happened to the trust, newest first. */
  GET: endpoint({
    run: async ({ ctx, session }) => ({ events: await listEvents(ctx.db, requireReadAll(complianceAccess(session)).workspaceId) }),
  }),
  /** POST /api/trust/events `{ type, occurredOn, subject?, note?, documentId? }`: recorded, audited; the deadlines it starts are worked out. */
  POST: endpoint({
    body: eventSchema,
    status: 201,
    run: async ({ ctx, session, body }) => {
      const event = await recordEvent(ctx, complianceAccess(session), body);
      await syncItems(ctx.db, session);
      return { event };
    },
  }),
});

const event = jsonRoute(complianceT, {
  /** DELETE /api/trust/events/{id}: a mistaken event is withdrawn; its open duties go with it, done ones stay. */
  DELETE: endpoint({
    run: async ({ ctx, session, params }) => {
      await withdrawEvent(ctx, complianceAccess(session), params.id ?? "");
      await syncItems(ctx.db, session);
      return {};
    },
  }),
});

type Args = Parameters<typeof events>[0];
const handle = (args: Args) => (args.params.id ? event(args) : events(args));
export const loader = handle;
export const action = handle;
