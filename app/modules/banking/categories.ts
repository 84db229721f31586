import type { PrincipalOrIncome } from "./constants";

/**
 * The trust's chart of accounts. Each category says which side of the fiduciary books it defaults to
 * (the Uniform Principal and Income Act's usual allocation); a person can override it per transaction.
 */
export const CATEGORIES = {
  dividends: { group: "income", defaultSide: "income" },
  interest: { group: "income", defaultSide: "income" },
  rent: { group: "income", defaultSide: "income" },
  sales: { group: "principal", defaultSide: "principal" },
  contributions: { group: "principal", defaultSide: "principal" },
  taxes: { group: "expenses", defaultSide: "income" },
  insurance: { group: "expenses", defaultSide: "income" },
  repairs: { group: "expenses", defaultSide: "income" },
  utilities: { group: "expenses", defaultSide: "income" },
  bank_fees: { group: "expenses", defaultSide: "income" },
  professional_fees: { group: "expenses", defaultSide: "principal" },
  trustee_compensation: { group: "expenses", defaultSide: "principal" },
  capital_improvements: { group: "expenses", defaultSide: "principal" },
  debt_principal: { group: "expenses", defaultSide: "principal" },
  distribution: { group: "distributions", defaultSide: "income" },
  transfer: { group: "transfers", defaultSide: "principal" },
} as const satisfies Record<string, { group: string; defaultSide: PrincipalOrIncome }>;

export type Category = keyof typeof CATEGORIES;
export const CATEGORY_IDS = Object.keys(CATEGORIES) as Category[];
export const CATEGORY_GROUPS = ["income", "principal", "expenses", "distributions", "transfers"] as const;

export function isCategory(value: unknown): value is Category {
  return typeof value === "string" && Object.hasOwn(CATEGORIES, value);
}

/** The side a category falls on unless the person says otherwise. */
export function defaultSide(category: Category): PrincipalOrIncome {
  return CATEGORIES[category].defaultSide;
}

/** Categories whose money belongs to one beneficiary's sub-ledger. */
export function namesBeneficiary(category: Category | null | undefined): boolean {
  return category === "distribution";
}
