import { contentDisposition } from "~/modules/documents/content-disposition";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { slug } from "../build.server";
import { exportsT } from "../i18n.server";
import { openDownload } from "../service.server";

const download = jsonRoute(exportsT, {
  /**
   * GET /api/workspaces/export/{id}/download: the ZIP streamed from R2, for the person who asked for it, while they
   * are the owner and until it expires (404 with a sentence otherwise).
   */
  GET: endpoint({
    run: async ({ ctx, session, params }) => {
      const { row, object } = await openDownload(ctx, session, params.id ?? "");
      const day = (row.finishedAt ?? row.createdAt).toISOString().slice(0, 10);
      return new Response(object.body, {
        headers: {
          "Content-Type": "application/zip",
          "Content-Length": String(object.size),
          "Content-Disposition": contentDisposition("attachment", `${slug(session.workspace?.name ?? "workspace")}-export-${day}.zip`),
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
          ETag: object.httpEtag,
        },
      });
    },
  }),
});

export const loader = download;
export const action = download;
