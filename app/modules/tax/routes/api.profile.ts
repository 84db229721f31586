import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { taxT } from "../i18n.server";
import { saveTaxProfile, taxAccess, taxProfile } from "../tax.server";
import { profileSchema } from "../validation";

const profile = jsonRoute(taxT, {
  /** GET /api/tax/profile: grantor or not, tax year, states, the EIN masked. */
  GET: endpoint({ run: async ({ ctx, session }) => ({ profile: await taxProfile(ctx.db, taxAccess(session)) }) }),
  /** PUT /api/tax/profile (owners and trustees; audited, the EIN itself never logged). */
  PUT: endpoint({ body: profileSchema, run: async ({ ctx, session, body }) => ({ profile: await saveTaxProfile(ctx, taxAccess(session), body) }) }),
});

export const loader = profile;
export const action = profile;
