import { Refusal } from "~/platform/http.server";
import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { complianceAccess, requireReadAll } from "../access.server";
import { ethicsView } from "../ethics-page.server";
import { yearSchema } from "../ethics-validation";
import { complianceT } from "../i18n.server";

const ethics = jsonRoute(complianceT, {
  /**
   * GET /api/ethics?year → `{ year, register, flags, compensation, attestation }`: the conflicts register of every
   * trustee, the year's flags over the trust's money (open first) with their reviews, and what the terms allow a
   * trustee (owners, trustees and the family's lawyer).
   */
  GET: endpoint({
    run: async ({ ctx, session, query, t }) => {
      const access = requireReadAll(complianceAccess(session));
      const raw = query.get("year");
      const year = raw ? yearSchema(t).safeParse(raw) : null;
      if (year && !year.success) throw new Refusal(400, "ethics.validation.yearInvalid");
      return await ethicsView(ctx.db, session, access, year?.data, t);
    },
  }),
});

export const loader = ethics;
export const action = ethics;
