import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { canScheduleMeetings, meetingScope } from "../access.server";
import { meetingsT } from "../i18n.server";
import { listMeetings, scheduleMeeting } from "../service.server";
import { scheduleMeetingSchema } from "../validation";

const route = jsonRoute(meetingsT, {
  /** GET /api/meetings: the caller's meetings, upcoming and past (only those they host or are invited to). */
  GET: endpoint({ run: async ({ ctx, session }) => listMeetings(ctx, meetingScope(session)) }),
  /** POST /api/meetings `{ title, startsAt, durationMinutes, inviteeIds, agenda, pollId?, documentIds?, e2eeRequired? }` → 201 `{ id, url }`. */
  POST: endpoint({
    allow: (session) => canScheduleMeetings(session.workspace?.role),
    forbidden: "errors.onlyOrganisers",
    body: (t) => scheduleMeetingSchema(t),
    status: 201,
    run: async ({ ctx, session, body }) => scheduleMeeting(ctx, meetingScope(session), body),
  }),
});

export const loader = route;
export const action = route;
