import { contentDisposition } from "~/modules/documents/content-disposition";
import { commandRoute, endpoint, jsonRoute } from "~/platform/json-route.server";
import { meetingScope } from "../access.server";
import { meetingsLanguage, meetingsT } from "../i18n.server";
import { validTimeZone } from "../ics";
import { meetingMinutes } from "../minutes.server";
import { meetingIceServers } from "../ice-calls.server";
import { endMeeting, meetingChat, meetingDetail, meetingInvitationFile, respondToInvitation } from "../service.server";
import { sfuCall } from "../sfu-calls.server";
import { respondSchema, sfuCallSchema } from "../validation";

/** GET /api/meetings/{id}: the meeting, its invitees and attendance. */
const read = jsonRoute(meetingsT, {
  GET: endpoint({ run: async ({ ctx, session, params }) => meetingDetail(ctx, meetingScope(session), params.id ?? "") }),
});

/** GET /api/meetings/{id}/ice-servers → `{ iceServers, provider, ttlSeconds }`: relay credentials only for those let in. */
const iceServers = jsonRoute(meetingsT, {
  GET: endpoint({ run: async ({ ctx, session, params }) => meetingIceServers(ctx, session, params.id ?? "") }),
});

/** GET /api/meetings/{id}/invite.ics[?tz=Europe/Paris]: the invitation as iCalendar, in the caller's language (and zone, when sent). */
const invitation = jsonRoute(meetingsT, {
  GET: endpoint({
    run: async ({ ctx, session, params, t, request, query }) => {
      const { body, fileName } = await meetingInvitationFile(ctx, meetingScope(session), params.id ?? "", {
        agendaLabel: t("ics.agenda"),
        joinLabel: t("ics.join"),
        startsLabel: t("ics.starts"),
        language: meetingsLanguage(request),
        timeZone: validTimeZone(query.get("tz")) ?? "UTC",
      });
      return new Response(body, {
        headers: {
          "Content-Type": "text/calendar; charset=utf-8",
          "Content-Disposition": contentDisposition("attachment", fileName),
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  }),
});

/** GET /api/meetings/{id}/chat: the meeting's chat log. */
const chat = jsonRoute(meetingsT, {
  GET: endpoint({ run: async ({ ctx, session, params }) => meetingChat(ctx, meetingScope(session), params.id ?? "") }),
});

/** GET /api/meetings/{id}/minutes[?tz=Europe/Paris] → `{ template: "minutes", fields }`: the minutes' values, as drafting pre-fills them. */
const minutes = jsonRoute(meetingsT, {
  GET: endpoint({
    run: async ({ ctx, session, params, query, request }) => {
      const { fields } = await meetingMinutes(ctx, session, params.id ?? "", { timeZone: query.get("tz"), language: meetingsLanguage(request) });
      return { template: "minutes" as const, fields };
    },
  }),
});

/** POST /api/meetings/{id}/end: the host ends the meeting; everyone's socket closes. */
const end = jsonRoute(meetingsT, {
  POST: endpoint({ run: async ({ ctx, session, params }) => endMeeting(ctx, meetingScope(session), params.id ?? "") }),
});

/** POST /api/meetings/{id}/respond `{ response: "accepted" | "declined" }`: an invitee's answer to the invitation. */
const respond = jsonRoute(meetingsT, {
  POST: endpoint({
    body: respondSchema,
    run: async ({ ctx, session, params, body }) => respondToInvitation(ctx, meetingScope(session), params.id ?? "", body),
  }),
});

/**
 * POST /api/meetings/{id}/sfu `{ action: "publish" | "pull" | "renegotiate" | "close", participantId, … }`: a browser's
 * call to the SFU of a larger meeting, made by the Worker with the app secret (ADR 0030); 404 without an SFU.
 */
const sfu = jsonRoute(meetingsT, {
  POST: endpoint({
    body: sfuCallSchema,
    run: async ({ ctx, session, params, body }) => sfuCall(ctx, session, params.id ?? "", body),
  }),
});

const handle = commandRoute(
  meetingsT,
  read,
  { "ice-servers": iceServers, "invite.ics": invitation, chat, minutes, end, respond, sfu },
  "errors.meetingNotFound",
);

export const loader = handle;
export const action = handle;
