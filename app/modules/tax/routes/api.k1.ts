import { Refusal } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { taxT } from "../i18n.server";
import { k1Worksheets } from "../k1.server";
import { yearSchema } from "../validation";

/** GET /api/tax/k1?year&beneficiaryId: the K-1 worksheet(s) of a tax year, each figure with its source transactions. */
const k1 = jsonRoute(taxT, {
  GET: endpoint({
    run: async ({ ctx, session, query, t }) => {
      const parsed = yearSchema(t).safeParse(query.get("year") ?? new Date().getUTCFullYear() - 1);
      if (!parsed.success) throw new Refusal(400, "validation.yearInvalid");
      const beneficiaryId = query.get("beneficiaryId");
      if (beneficiaryId !== null && !/^([0-9a-f-]{36}|name:.{1,120})$/i.test(beneficiaryId)) throw new Refusal(400, "validation.beneficiaryInvalid");
      return k1Worksheets(ctx.db, session, parsed.data, beneficiaryId);
    },
  }),
});

export const loader = k1;
export const action = k1;
