import { Refusal } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { bankingT } from "../i18n.server";
import { previewImport, STATEMENT_MAX_BYTES } from "../imports.server";
import { readImportForm } from "../import-form.server";

const imports = jsonRoute(bankingT, {
  /**
   * POST /api/banking/accounts/{id}/imports, multipart: `file`, optionally `mapping` (JSON) and `dateFormat`.
   * Answers the preview; nothing is in the books until it is committed.
   */
  POST: endpoint({
    run: async ({ ctx, session, args, params, t }) => {
      const access = await bankingAccess(ctx.db, session);
      const declared = Number(args.request.headers.get("Content-Length") ?? "0");
      if (declared > STATEMENT_MAX_BYTES + 64 * 1024) throw new Refusal(413, "import.errors.tooLarge", { mib: STATEMENT_MAX_BYTES / 1024 / 1024 });
      const form = await readImportForm(args.request);
      return { ...(await previewImport(ctx, access, params.id ?? "", form.file, form.options, t)) };
    },
  }),
});

export const loader = imports;
export const action = imports;
