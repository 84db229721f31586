import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { contentDisposition } from "~/modules/documents/content-disposition";
import { documentsT } from "~/modules/documents/i18n.server";
import { downloadDocument } from "~/modules/documents/service.server";
import { handleJson } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/**
 * GET /api/documents/{id}/file: the stored file as an attachment, or with ?inline=1 for the viewer.
 * Always nosniff and private; PDFs may be framed by our own page only (Chrome will not show a PDF
 * in a sandbox), other files are sandboxed.
 */
export async function loader(args: LoaderFunctionArgs) {
  const t = documentsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const ctx = getRequestContext(args.request, args.context);
    const inline = new URL(args.request.url).searchParams.get("inline") === "1";
    const { document, object } = await downloadDocument(ctx, session, args.params.id ?? "", t, inline);
    const isPdf = document.mimeType === "application/pdf";
    return new Response(object.body, {
      headers: {
        "Content-Type": document.mimeType,
        "Content-Length": String(object.size),
        "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", document.fileName),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "SAMEORIGIN",
        "Content-Security-Policy": isPdf ? "frame-ancestors 'self'" : "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
        ETag: object.httpEtag,
      },
    });
  });
}
