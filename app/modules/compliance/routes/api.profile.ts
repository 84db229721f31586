import { endpoint, jsonRoute } from "~/platform/json-route.server";
import { complianceAccess } from "../access.server";
import { complianceT } from "../i18n.server";
import { syncItems } from "../items.server";
import { saveTrustProfile, trustProfile } from "../profile.server";
import { unknownJurisdictions } from "../rules/jurisdictions";
import { profileSchema } from "../validation";

const withPacks = <P extends { fields: { jurisdictions: { value: string[] } } }>(profile: P) => ({
  profile,
  // A jurisdiction without a rule pack is said plainly; the instrument's own duties are still tracked.
  unknownJurisdictions: unknownJurisdictions(profile.fields.jurisdictions.value),
});

const profile = jsonRoute(complianceT, {
  /** GET /api/trust/profile: each field with its value, the document and passage it was read from, and any edit. */
  GET: endpoint({ run: async ({ ctx, session }) => withPacks(await trustProfile(ctx.db, session, complianceAccess(session))) }),
  /** PUT /api/trust/profile: the fields sent replace the documents' reading (null gives a field back); audited. */
  PUT: endpoint({
    body: profileSchema,
    run: async ({ ctx, session, body }) => {
      const saved = await saveTrustProfile(ctx, session, complianceAccess(session), body);
      await syncItems(ctx.db, session);
      return withPacks(saved);
    },
  }),
});

export const loader = profile;
export const action = profile;
