import { commandRoute, endpoint, jsonRoute } from "~/platform/json-route.server";
import { meetingScope } from "../access.server";
import { meetingsT } from "../i18n.server";
import { answerConsent, loadRecording, recordingView } from "../recordings/consent.server";
import { cancelRecording, completeRecording } from "../recordings/upload.server";
import { requireMeeting } from "../access.server";
import { completeRecordingSchema, consentSchema } from "../validation";

/** GET /api/meetings/{id}/recordings/{recordingId}: the recording and everyone's answers. */
const read = jsonRoute(meetingsT, {
  GET: endpoint({
    run: async ({ ctx, session, params }) => {
      const scope = meetingScope(session);
      const meeting = await requireMeeting(ctx, scope, params.id ?? "");
      return { recording: await recordingView(ctx.db, await loadRecording(ctx, scope, meeting.id, params.recordingId ?? "")) };
    },
  }),
});

/** POST …/consent `{ decision: "accept" | "decline" }`: each participant's answer, kept with the words they were shown. */
const consent = jsonRoute(meetingsT, {
  POST: endpoint({
    body: consentSchema,
    run: async ({ ctx, session, params, body, t }) =>
      answerConsent(ctx, meetingScope(session), params.id ?? "", params.recordingId ?? "", body, t("recording.consentText")),
  }),
});

/** POST …/complete `{ durationMs? }`: the host stopped; the file is finished and filed as a document. */
const complete = jsonRoute(meetingsT, {
  POST: endpoint({
    body: completeRecordingSchema,
    run: async ({ ctx, session, params, body }) => completeRecording(ctx, meetingScope(session), params.id ?? "", params.recordingId ?? "", body),
  }),
});

/** POST …/cancel: the host withdraws the request before recording began. */
const cancel = jsonRoute(meetingsT, {
  POST: endpoint({ run: async ({ ctx, session, params }) => cancelRecording(ctx, meetingScope(session), params.id ?? "", params.recordingId ?? "") }),
});

const handle = commandRoute(meetingsT, read, { consent, complete, cancel }, "errors.recordingNotFound");

export const loader = handle;
export const action = handle;
