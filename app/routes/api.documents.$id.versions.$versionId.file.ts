import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { fileResponseHeaders } from "~/modules/documents/content-disposition";
import { documentsT } from "~/modules/documents/i18n.server";
import { downloadVersion } from "~/modules/documents/versions.server";
import { handleJson, onlyMethods } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/documents/{id}/versions/{versionId}/file[?inline=1]: any version's file, as the current one is served. */
export async function loader(args: LoaderFunctionArgs) {
  const t = documentsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const ctx = getRequestContext(args.request, args.context);
    const inline = new URL(args.request.url).searchParams.get("inline") === "1";
    const { version, object } = await downloadVersion(ctx, session, args.params.id ?? "", args.params.versionId ?? "", inline, t);
    return new Response(object.body, { headers: fileResponseHeaders({ ...version, inline, size: object.size, etag: object.httpEtag }) });
  });
}

export const action = onlyMethods("GET");
