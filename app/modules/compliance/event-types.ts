/**
 * The compliance module's plain constants, kept out of schema.ts so the pages' components can use them without
 * bringing drizzle into the browser bundle (schema.ts imports them for its columns).
 */

/** What can happen to a trust; each can start deadlines (a settlor's death starts the notice's 60 days). */
export const TRUST_EVENT_TYPES = [
  "trust_created",
  "settlor_died",
  "became_irrevocable",
  "trustee_accepted",
  "trustee_changed",
  "trustee_resigned",
  "beneficiary_reached_age",
  "beneficiary_demanded_account",
  "notification_served",
  "details_changed",
  "court_petition",
  "trust_terminated",
] as const;
export type TrustEventType = (typeof TRUST_EVENT_TYPES)[number];

/** Kinds of trust, as the rule packs' conditions name them. */
export const TRUST_TYPES = ["revocable", "irrevocable", "testamentary", "special_needs", "charitable", "other"] as const;
