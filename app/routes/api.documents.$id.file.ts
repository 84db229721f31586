import { storedFileResponse } from "~/modules/documents/file-response.server";
import { documentsT } from "~/modules/documents/i18n.server";
import { downloadDocument } from "~/modules/documents/service.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const file = jsonRoute(documentsT, {
  /** GET /api/documents/{id}/file: the current version's file as an attachment, or with ?inline=1 for the viewer; a `Range: bytes=…` gets 206. */
  GET: endpoint({
    run: async ({ ctx, session, params, query, request, t }) => {
      const inline = query.get("inline") === "1";
      const { document, file } = await downloadDocument(ctx, session, params.id ?? "", inline, request.headers.get("Range"));
      return storedFileResponse(file, { ...document, inline }, t);
    },
  }),
});

export const loader = file;
export const action = file;
