import { contentDisposition } from "~/modules/documents/content-disposition";
import { resolveDisplayPreferences } from "~/modules/preferences/preferences.server";
import { commandRoute, endpoint, jsonRoute } from "~/platform/json-route.server";
import { bankingAccess } from "../access.server";
import { bankingT } from "../i18n.server";
import { getReconciliation, lockReconciliation, unlockReconciliation } from "../reconciliations.server";
import { reconciliationReportPdf } from "../report.server";
import { computeThreeWay, signOffThreeWay } from "../three-way.server";
import { signOffSchema, unlockSchema } from "../validation";

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

/** GET /api/banking/reconciliations/{id}/three-way: bank, ledger and sub-ledgers for the period. */
const threeWay = jsonRoute(bankingT, {
  GET: endpoint({ run: async ({ ctx, session, params }) => ({ ...(await computeThreeWay(ctx.db, await bankingAccess(ctx.db, session), params.id ?? "")) }) }),
});

/** POST /api/banking/reconciliations/{id}/sign-off `{ note? }` */
const signOff = jsonRoute(bankingT, {
  POST: endpoint({
    body: signOffSchema,
    run: async ({ ctx, session, body, params }) => ({
      ...(await signOffThreeWay(ctx, await bankingAccess(ctx.db, session), params.id ?? "", body.note?.trim() || null)),
    }),
  }),
});

const handle = commandRoute(bankingT, read, { unlock, report, "three-way": threeWay, "sign-off": signOff, lock }, "errors.reconciliationNotFound");

export const loader = handle;
export const action = handle;
