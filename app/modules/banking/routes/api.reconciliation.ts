import { contentDisposition } from "~/modules/documents/content-disposition";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { Refusal } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { bankingT } from "../i18n.server";
import { getReconciliation, lockReconciliation, unlockReconciliation } from "../reconciliations.server";
import { reconciliationReportPdf } from "../report.server";
import { unlockSchema } from "../validation";

/** GET /api/banking/reconciliations/{id}/report: the kept report as a PDF. */
const report = jsonRoute(bankingT, {
  GET: endpoint({
    run: async ({ ctx, session, params, t, args }) => {
      const language = resolveDisplayPreferences(args.request).language;
      const { body, fileName } = await reconciliationReportPdf(ctx.db, await bankingAccess(ctx.db, session), params.id ?? "", t, language);
      return new Response(body as BodyInit, {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": contentDisposition("attachment", fileName),
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  }),
});

/** GET /api/banking/reconciliations/{id}: its figures and uncleared items. */
const read = jsonRoute(bankingT, {
  GET: endpoint({ run: async ({ ctx, session, params }) => ({ ...(await getReconciliation(ctx.db, await bankingAccess(ctx.db, session), params.id ?? "")) }) }),
});

/** POST /api/banking/reconciliations/{id}/lock and /unlock (`{ reason }`). */
const lock = jsonRoute(bankingT, {
  POST: endpoint({
    run: async ({ ctx, session, params }) => {
      if (params.command !== "lock") throw new Refusal(404, "errors.reconciliationNotFound");
      return { ...(await lockReconciliation(ctx, await bankingAccess(ctx.db, session), params.id ?? "")) };
    },
  }),
});
const unlock = jsonRoute(bankingT, {
  POST: endpoint({
    body: unlockSchema,
    run: async ({ ctx, session, body, params }) => ({
      ...(await unlockReconciliation(ctx, await bankingAccess(ctx.db, session), session.workspace?.role ?? "", params.id ?? "", body.reason)),
    }),
  }),
});

type Args = Parameters<typeof read>[0];
const handle = (args: Args) =>
  args.params.command === "unlock" ? unlock(args) : args.params.command === "report" ? report(args) : args.params.command ? lock(args) : read(args);

export const loader = handle;
export const action = handle;
