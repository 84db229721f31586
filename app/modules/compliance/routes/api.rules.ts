import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { complianceAccess } from "../access.server";
import { complianceT } from "../i18n.server";
import { computeDuties, isoDay } from "../items.server";

const rules = jsonRoute(complianceT, {
  /** GET /api/compliance/rules: which rules of the trust's jurisdictions apply to it and why, and which do not and why. */
  GET: endpoint({
    run: async ({ ctx, session, t }) => {
      complianceAccess(session);
      const duties = await computeDuties(ctx.db, session, isoDay(new Date()));
      return {
        jurisdictions: duties.jurisdictions,
        unknownJurisdictions: duties.unknownJurisdictions,
        verdicts: duties.verdicts.map((v) => ({ ...v, title: t(v.titleKey), reason: t(v.reasonKey, v.reasonParams ?? {}) })),
      };
    },
  }),
});

export const loader = rules;
export const action = rules;
