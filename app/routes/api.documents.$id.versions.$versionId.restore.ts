import { documentsT } from "~/modules/documents/i18n.server";
import { versionNoteSchema as noteSchema } from "~/modules/documents/validation";
import { restoreVersion } from "~/modules/documents/versions.server";
import { parseWith, readJsonBody } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const restore = jsonRoute(documentsT, {
  /** POST /api/documents/{id}/versions/{versionId}/restore `{ "note"?: "…" }`: that version again, as a new current version. */
  POST: endpoint({
    status: 201,
    run: async ({ ctx, session, params, request, t }) => {
      // The body is optional here (no body is no note), so the endpoint reads it itself.
      const hasBody = request.headers.get("Content-Length") !== "0" && request.body !== null;
      const { note } = parseWith(noteSchema(t), hasBody ? await readJsonBody(request, t) : {}, t);
      return { version: await restoreVersion(ctx, session, params.id ?? "", params.versionId ?? "", note || undefined) };
    },
  }),
});

export const loader = restore;
export const action = restore;
