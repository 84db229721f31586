import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { financeAccess } from "../access.server";
import { sendAccounting, sentAccountings } from "../accounting-delivery.server";
import { financeT, requestLanguage } from "../i18n.server";
import { sendAccountingSchema } from "../validation";

const accountings = jsonRoute(financeT, {
  /** GET /api/finance/accountings: those sent, with their delivery records. */
  GET: endpoint({
    run: async ({ ctx, session }) => {
      const access = await financeAccess(ctx.db, session);
      if (!access.readAll) return { accountings: [] };
      return { accountings: await sentAccountings(ctx.db, access) };
    },
  }),
  /** POST /api/finance/accountings: saved as a document, shared with and sent to each qualified beneficiary. */
  POST: endpoint({
    body: sendAccountingSchema,
    status: 201,
    run: async ({ ctx, session, body, request }) =>
      sendAccounting(
        ctx,
        session,
        await financeAccess(ctx.db, session),
        { from: body.from, to: body.to, reason: body.reason, jurisdiction: body.jurisdiction },
        body.recipients ?? null,
        requestLanguage(request),
      ),
  }),
});

export const loader = accountings;
export const action = accountings;
