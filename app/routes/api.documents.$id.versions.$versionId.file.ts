import { storedFileResponse } from "~/modules/documents/file-response.server";
import { documentsT } from "~/modules/documents/i18n.server";
import { downloadVersion } from "~/modules/documents/versions.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const versionFile = jsonRoute(documentsT, {
  /** GET /api/documents/{id}/versions/{versionId}/file[?inline=1]: any version's file, as the current one is served (Range too). */
  GET: endpoint({
    run: async ({ ctx, session, params, query, request, t }) => {
      const inline = query.get("inline") === "1";
      const { version, file } = await downloadVersion(ctx, session, params.id ?? "", params.versionId ?? "", inline, request.headers.get("Range"));
      return storedFileResponse(file, { ...version, inline }, t);
    },
  }),
});

export const loader = versionFile;
export const action = versionFile;
