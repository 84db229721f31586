import { Refusal } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { bankingT } from "../i18n.server";
import { addReceipt, RECEIPT_MAX_BYTES } from "../receipts.server";

const receipts = jsonRoute(bankingT, {
  /** POST /api/banking/transactions/{id}/receipts, multipart field `file`: a picture or PDF of the receipt. */
  POST: endpoint({
    status: 201,
    run: async ({ ctx, session, args, params }) => {
      const access = await bankingAccess(ctx.db, session);
      if (Number(args.request.headers.get("Content-Length") ?? "0") > RECEIPT_MAX_BYTES + 64 * 1024)
        throw new Refusal(413, "receipts.errors.tooLarge", { mib: RECEIPT_MAX_BYTES / 1024 / 1024 });
      if (!/^multipart\/form-data\b/i.test(args.request.headers.get("Content-Type") ?? "")) throw new Refusal(400, "import.errors.multipartExpected");
      const file = (await args.request.formData().catch(() => null))?.get("file");
      return { receipt: await addReceipt(ctx, access, params.id ?? "", file instanceof File ? file : null) };
    },
  }),
});

export const loader = receipts;
export const action = receipts;
