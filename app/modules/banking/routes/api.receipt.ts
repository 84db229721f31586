import { fileResponseHeaders } from "~/modules/documents/content-disposition";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { bankingT } from "../i18n.server";
import { readReceipt } from "../receipts.server";

const receipt = jsonRoute(bankingT, {
  /** GET /api/banking/receipts/{id}: the receipt itself, shown in the browser. */
  GET: endpoint({
    run: async ({ ctx, session, params }) => {
      const { object, receipt } = await readReceipt(ctx, await bankingAccess(ctx.db, session), params.id ?? "");
      return new Response(object.body, {
        headers: fileResponseHeaders({ mimeType: receipt.contentType, fileName: receipt.fileName, inline: true, size: object.size, etag: object.httpEtag }),
      });
    },
  }),
});

export const loader = receipt;
export const action = receipt;
