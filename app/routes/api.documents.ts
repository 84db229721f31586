import { z } from "zod";
import { describeFailure } from "~/modules/documents/failure-reasons";
import { documentsT } from "~/modules/documents/i18n.server";
import { parseListQuery } from "~/modules/documents/list-query";
import { listDocuments } from "~/modules/documents/service.server";
import { uploadDocument, uploadMetadataSchema } from "~/modules/documents/upload.server";
import { parseWith } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const documents = jsonRoute(documentsT, {
  /** GET /api/documents?q&type&status&sort&page: the documents this person may see. */
  GET: endpoint({
    run: async ({ ctx, session, query, t }) => {
      const result = await listDocuments(ctx.db, session, parseListQuery(query));
      return { ...result, rows: result.rows.map((row) => ({ ...row, errorReason: describeFailure(t, row.errorReason) })) };
    },
  }),
  /**
   * POST /api/documents?fileName=…&type=…&title=…[&source=scan], the file itself as the request body (not a form),
   * so that it streams to storage and the browser can show upload progress.
   */
  POST: endpoint({
    status: 201,
    run: async ({ ctx, session, query, request, t }) => {
      const metadata = parseWith(
        uploadMetadataSchema(t).extend({ source: z.enum(["upload", "scan"], { errorMap: () => ({ message: t("errors.unknownSource") }) }).optional() }),
        {
          fileName: query.get("fileName") ?? undefined,
          type: query.get("type") || undefined,
          title: query.get("title") || undefined,
          source: query.get("source") || undefined,
        },
        t,
      );
      const length = request.headers.get("Content-Length");
      const file = { ...metadata, body: request.body, contentLength: length === null ? null : Number(length) };
      return { document: await uploadDocument(ctx, session, file) };
    },
  }),
});

export const loader = documents;
export const action = documents;
