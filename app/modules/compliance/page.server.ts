import type { CurrentSession } from "~/modules/auth/session.server";
import type { Db } from "~/platform/db.server";
import { complianceAccess } from "./access.server";
import { evidenceChoices } from "./evidence.server";
import { complianceHealth } from "./health.server";
import { computeDuties, ensureSynced, isoDay, listItems } from "./items.server";
import { trustProfile } from "./profile.server";
import { unknownJurisdictions } from "./rules/jurisdictions";

/** /trust-administration: the profile with its sources, the events, and the duty checklist. */
export async function trustAdministrationPage(db: Db, session: CurrentSession) {
  const access = complianceAccess(session);
  await ensureSynced(db, session);
  if (!access.readAll) return { access, profile: null, ...(await listItems(db, access, {})), undated: [], evidence: [], unknownJurisdictions: [] };
  const [profile, { items, truncated, limit }, duties, evidence] = await Promise.all([
    trustProfile(db, session, access),
    listItems(db, access, {}),
    computeDuties(db, session, isoDay(new Date())),
    evidenceChoices(db, session),
  ]);
  return {
    access,
    profile,
    items,
    truncated,
    limit,
    undated: duties.undated,
    evidence,
    unknownJurisdictions: unknownJurisdictions(profile.fields.jurisdictions.value),
  };
}

/** /compliance-health: the score, overdue and upcoming duties, the calendar and the chart. */
export async function complianceHealthPage(db: Db, session: CurrentSession) {
  const access = complianceAccess(session);
  await ensureSynced(db, session);
  return { access, health: await complianceHealth(db, access) };
}

/** /multi-jurisdiction-compliance: the trust's jurisdictions, each rule with whether and why it applies, and the duties by jurisdiction. */
export async function multiJurisdictionPage(db: Db, session: CurrentSession) {
  const access = complianceAccess(session);
  await ensureSynced(db, session);
  const [duties, list] = await Promise.all([computeDuties(db, session, isoDay(new Date())), listItems(db, access, {})]);
  return { access, jurisdictions: duties.jurisdictions, unknownJurisdictions: duties.unknownJurisdictions, verdicts: duties.verdicts, ...list };
}
