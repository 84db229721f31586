import { fileResponseHeaders } from "~/modules/documents/content-disposition";
import { documentsT } from "~/modules/documents/i18n.server";
import { downloadDocument } from "~/modules/documents/service.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const file = jsonRoute(documentsT, {
  /** GET /api/documents/{id}/file: the current version's file as an attachment, or with ?inline=1 for the viewer. */
  GET: endpoint({
    run: async ({ ctx, session, params, query }) => {
      const inline = query.get("inline") === "1";
      const { document, object } = await downloadDocument(ctx, session, params.id ?? "", inline);
      return new Response(object.body, { headers: fileResponseHeaders({ ...document, inline, size: object.size, etag: object.httpEtag }) });
    },
  }),
});

export const loader = file;
export const action = file;
