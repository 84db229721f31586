import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { parseWith, readJsonBody } from "~/platform/http.server";
import { canScheduleMeetings, meetingScope } from "../access.server";
import { meetingsT } from "../i18n.server";
import { startMeetingNow } from "../service.server";
import { startNowSchema } from "../validation";

/** POST /api/meetings/now (optionally `{ title?, inviteeIds?, agenda?, durationMinutes? }`) → 201 `{ id, url }`: "Start video meeting". */
const route = jsonRoute(meetingsT, {
  POST: endpoint({
    allow: (session) => canScheduleMeetings(session.workspace?.role),
    forbidden: "errors.onlyOrganisers",
    status: 201,
    run: async ({ ctx, session, request, t }) => {
      // The button sends nothing; a form may send the fields.
      const empty = request.headers.get("Content-Length") === "0" || !request.headers.get("Content-Type");
      const input = parseWith(startNowSchema(t), empty ? {} : await readJsonBody(request, t), t);
      return startMeetingNow(ctx, meetingScope(session), { ...input, title: input.title ?? t("defaults.title") });
    },
  }),
});

export const loader = route;
export const action = route;
