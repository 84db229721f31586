import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { meetingScope } from "../access.server";
import { meetingsT } from "../i18n.server";
import { receiveChunk } from "../recordings/upload.server";

/**
 * PUT /api/meetings/{id}/recordings/{recordingId}/chunks/{seq}: the next chunk of the host's recording, as raw bytes
 * (`Content-Type: video/webm`), with `X-Recording-Elapsed-Ms`: the recording's length at the chunk's end.
 */
const handle = jsonRoute(meetingsT, {
  PUT: endpoint({
    run: async ({ ctx, session, params, request }) => {
      const length = request.headers.get("Content-Length");
      const seq = Number(params.seq);
      const elapsed = Number(request.headers.get("X-Recording-Elapsed-Ms") ?? "0");
      return receiveChunk(ctx, meetingScope(session), params.id ?? "", params.recordingId ?? "", {
        seq: Number.isSafeInteger(seq) && seq > 0 ? seq : -1,
        body: request.body,
        contentLength: length === null || !/^\d+$/.test(length) ? null : Number(length),
        elapsedMs: Number.isFinite(elapsed) && elapsed >= 0 ? Math.min(Math.round(elapsed), 24 * 3600_000) : 0,
      });
    },
  }),
});

export const loader = handle;
export const action = handle;
