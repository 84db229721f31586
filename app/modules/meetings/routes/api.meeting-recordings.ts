import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { meetingScope } from "../access.server";
import { meetingsT } from "../i18n.server";
import { requestRecording } from "../recordings/consent.server";
import { recordingRequestSchema } from "../validation";

/** POST /api/meetings/{id}/recordings `{ policy }`: the host asks everyone present to agree to a recording. */
const handle = jsonRoute(meetingsT, {
  POST: endpoint({
    body: recordingRequestSchema,
    status: 201,
    run: async ({ ctx, session, params, body, t }) => requestRecording(ctx, meetingScope(session), params.id ?? "", body, t("recording.consentText")),
  }),
});

export const loader = handle;
export const action = handle;
