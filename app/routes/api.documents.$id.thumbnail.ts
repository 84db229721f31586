import { documentsT } from "~/modules/documents/i18n.server";
import { readThumbnail, saveThumbnail } from "~/modules/documents/thumbnails.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";

const thumbnail = jsonRoute(documentsT, {
  /** GET /api/documents/{id}/thumbnail: the first-page image, cached privately (its key changes when it does). */
  GET: endpoint({
    run: async ({ ctx, session, params, request }) => {
      const object = await readThumbnail(ctx, session, params.id ?? "");
      if (request.headers.get("If-None-Match") === object.httpEtag) return new Response(null, { status: 304, headers: { ETag: object.httpEtag } });
      return new Response(object.body, {
        headers: {
          "Content-Type": object.httpMetadata?.contentType ?? "image/png",
          "Cache-Control": "private, max-age=3600",
          ETag: object.httpEtag,
          "X-Content-Type-Options": "nosniff",
          "Content-Security-Policy": "default-src 'none'; sandbox",
        },
      });
    },
  }),
  /** PUT: the browser's first-page image (PNG or JPEG, at most 512 KB) made at upload, as the raw body. */
  PUT: endpoint({
    run: async ({ ctx, session, params, request }) => {
      await saveThumbnail(ctx, session, params.id ?? "", request);
      return { thumbnailUrl: `/api/documents/${params.id}/thumbnail` };
    },
  }),
});

export const loader = thumbnail;
export const action = thumbnail;
