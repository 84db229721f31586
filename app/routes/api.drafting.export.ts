import { contentDisposition } from "~/modules/documents/content-disposition";
import { draftingT } from "~/modules/drafting/i18n.server";
import { exportDraft } from "~/modules/drafting/service.server";
import { exportRequestSchema } from "~/modules/drafting/validation";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const draftExport = jsonRoute(draftingT, {
  /**
   * POST /api/drafting/export `{ template, format: "docx" | "pdf", fields }`: the filled template as
   * a file to download. Every member may draft; bad fields answer 400 with a message per field.
   */
  POST: endpoint({
    body: exportRequestSchema,
    run: async ({ ctx, session, body, t }) => {
      const file = await exportDraft(ctx, session, body, t);
      return new Response(file.bytes, {
        headers: {
          "Content-Type": file.mimeType,
          "Content-Length": String(file.bytes.byteLength),
          "Content-Disposition": contentDisposition("attachment", file.fileName),
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  }),
});

export const loader = draftExport;
export const action = draftExport;
