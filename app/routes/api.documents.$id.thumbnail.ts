import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiSession } from "~/modules/auth/guard.server";
import { documentsT } from "~/modules/documents/i18n.server";
import { readThumbnail, saveThumbnail } from "~/modules/documents/thumbnails.server";
import { handleJson, jsonResponse, methodNotAllowed } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";

/** GET /api/documents/{id}/thumbnail: the first-page image, cached privately (its key changes when it does). */
export async function loader(args: LoaderFunctionArgs) {
  const t = documentsT(args.request);
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    const object = await readThumbnail(getRequestContext(args.request, args.context), session, args.params.id ?? "", t);
    if (args.request.headers.get("If-None-Match") === object.httpEtag) return new Response(null, { status: 304, headers: { ETag: object.httpEtag } });
    return new Response(object.body, {
      headers: {
        "Content-Type": object.httpMetadata?.contentType ?? "image/png",
        "Cache-Control": "private, max-age=3600",
        ETag: object.httpEtag,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      },
    });
  });
}

/** PUT: the browser's first-page image (PNG or JPEG, at most 512 KB) made at upload. */
export async function action(args: ActionFunctionArgs) {
  const t = documentsT(args.request);
  if (args.request.method !== "PUT") return methodNotAllowed(t, "GET, PUT");
  return handleJson(t, async () => {
    const session = await requireApiSession(args);
    await saveThumbnail(getRequestContext(args.request, args.context), session, args.params.id ?? "", args.request, t);
    return jsonResponse({ success: true, thumbnailUrl: `/api/documents/${args.params.id}/thumbnail` });
  });
}
