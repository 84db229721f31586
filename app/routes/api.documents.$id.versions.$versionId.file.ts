import { fileResponseHeaders } from "~/modules/documents/content-disposition";
import { documentsT } from "~/modules/documents/i18n.server";
import { downloadVersion } from "~/modules/documents/versions.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const versionFile = jsonRoute(documentsT, {
  /** GET /api/documents/{id}/versions/{versionId}/file[?inline=1]: any version's file, as the current one is served. */
  GET: endpoint({
    run: async ({ ctx, session, params, query }) => {
      const inline = query.get("inline") === "1";
      const { version, object } = await downloadVersion(ctx, session, params.id ?? "", params.versionId ?? "", inline);
      return new Response(object.body, { headers: fileResponseHeaders({ ...version, inline, size: object.size, etag: object.httpEtag }) });
    },
  }),
});

export const loader = versionFile;
export const action = versionFile;
