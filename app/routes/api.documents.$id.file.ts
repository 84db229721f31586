import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { fileResponseHeaders } from "~/modules/documents/content-disposition";
import { documentsT } from "~/modules/documents/i18n.server";
import { downloadDocument } from "~/modules/documents/service.server";
import { handleJson, onlyMethods } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/documents/{id}/file: the current version's file as an attachment, or with ?inline=1 for the viewer. */
export async function loader(args: LoaderFunctionArgs) {
  const t = documentsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const ctx = getRequestContext(args.request, args.context);
    const inline = new URL(args.request.url).searchParams.get("inline") === "1";
    const { document, object } = await downloadDocument(ctx, session, args.params.id ?? "", t, inline);
    return new Response(object.body, { headers: fileResponseHeaders({ ...document, inline, size: object.size, etag: object.httpEtag }) });
  });
}

export const action = onlyMethods("GET");
