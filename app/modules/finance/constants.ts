/** The finance domain's fixed lists, safe in the browser (schema.ts uses them for its columns). */

/** What the trust owns or owes. Liabilities are entered as positive values and count against net worth. */
export const ASSET_KINDS = ["cash", "securities", "real_estate", "business_interest", "personal_property", "receivable", "liability"] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/** Where a valuation came from: a person, the bank's balance, an appraisal or a broker's statement. */
export const VALUATION_SOURCES = ["manual", "bank_balance", "appraisal", "statement"] as const;
export type ValuationSource = (typeof VALUATION_SOURCES)[number];

export const DISTRIBUTION_STATUSES = ["requested", "approved", "rejected", "paid", "cancelled"] as const;
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];

/** Who decides a request: one trustee, every co-trustee, or the family by a poll. */
export const APPROVAL_MODES = ["trustee", "all_trustees", "poll"] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/** The most a distribution's purpose may say. */
export const PURPOSE_MAX = 500;
