import { CATEGORIES, CATEGORY_IDS, isCategory, type Category } from "~/modules/banking/categories";
import type { PrincipalOrIncome } from "~/modules/banking/constants";

/** Basis points: 10,000 = all of it. */
export const ALL_BP = 10_000;

export interface AllocationRule {
  /** Share charged to (or credited to) income, in basis points; the rest is principal. */
  incomeShareBp: number;
  /** The section of the Uniform Principal and Income Act (1997) the default follows. */
  citation: string;
}

/**
 * The Uniform Principal and Income Act's defaults, by category. Income bears the ordinary expenses of administration,
 * interest, recurring taxes and insurance and half of the trustee's and advisers' regular compensation; principal
 * bears the other half, repayments of principal and capital costs. The trust instrument may direct otherwise, so the
 * trustee can change each one (finance_allocations). Distributions and transfers are not allocated by category: a
 * distribution is paid from the side its request names, and a transfer between the trust's own accounts changes
 * only the form of principal.
 */
export const UPIA_DEFAULTS: Record<Exclude<Category, "distribution" | "transfer">, AllocationRule> = {
  dividends: { incomeShareBp: ALL_BP, citation: "UPIA §401(b)" },
  interest: { incomeShareBp: ALL_BP, citation: "UPIA §401(b)" },
  rent: { incomeShareBp: ALL_BP, citation: "UPIA §405" },
  sales: { incomeShareBp: 0, citation: "UPIA §404(2)" },
  contributions: { incomeShareBp: 0, citation: "UPIA §404(1)" },
  taxes: { incomeShareBp: ALL_BP, citation: "UPIA §501(4), §505(a)" },
  insurance: { incomeShareBp: ALL_BP, citation: "UPIA §501(3)" },
  repairs: { incomeShareBp: ALL_BP, citation: "UPIA §501(3)" },
  utilities: { incomeShareBp: ALL_BP, citation: "UPIA §501(3)" },
  bank_fees: { incomeShareBp: ALL_BP, citation: "UPIA §501(3)" },
  professional_fees: { incomeShareBp: ALL_BP / 2, citation: "UPIA §501(1), §502(a)(1)" },
  trustee_compensation: { incomeShareBp: ALL_BP / 2, citation: "UPIA §501(1), §502(a)(1)" },
  capital_improvements: { incomeShareBp: 0, citation: "UPIA §502(a)(5)" },
  debt_principal: { incomeShareBp: 0, citation: "UPIA §502(a)(3)" },
};

export type AllocatedCategory = keyof typeof UPIA_DEFAULTS;
export const ALLOCATED_CATEGORIES = CATEGORY_IDS.filter((c): c is AllocatedCategory => Object.hasOwn(UPIA_DEFAULTS, c));

export function isAllocatedCategory(value: unknown): value is AllocatedCategory {
  return typeof value === "string" && Object.hasOwn(UPIA_DEFAULTS, value);
}

/** The trustee's changes to the defaults, by category. */
export type AllocationSettings = Partial<Record<AllocatedCategory, number>>;

/** Each category's share of income as this trust applies it, with whether it is still the Act's default. */
export function allocationTable(settings: AllocationSettings) {
  return ALLOCATED_CATEGORIES.map((category) => {
    const rule = UPIA_DEFAULTS[category];
    const changed = settings[category];
    return {
      category,
      incomeShareBp: changed ?? rule.incomeShareBp,
      defaultIncomeShareBp: rule.incomeShareBp,
      isDefault: changed === undefined || changed === rule.incomeShareBp,
      citation: rule.citation,
    };
  });
}

export type EntryKind = "receipt" | "disbursement" | "distribution" | "transfer";

export interface Allocation {
  kind: EntryKind;
  principalMinor: number;
  incomeMinor: number;
  /** Why the entry landed where it did: the category's rule, the person's own choice, or nothing to go on. */
  basis: "category" | "chosen" | "distribution" | "transfer" | "uncategorised";
}

/** A share of an amount, rounded half away from zero to the cent, so a refund divides exactly like its charge. */
export function shareOf(amountMinor: number, bp: number): number {
  const share = Math.round((Math.abs(amountMinor) * bp) / ALL_BP);
  // No negative zero: it would print as "-0.00" and compare unequal to 0 in tests and JSON consumers.
  return share === 0 ? 0 : Math.sign(amountMinor) * share;
}

/**
 * Divides one ledger entry (a transaction or one part of a split) between principal and income. The banking
 * ledger stores a side for every categorised entry, filled in with the category's usual side; a side that differs
 * from it is a person's deliberate choice and wins over the category's rule. What has no category is principal
 * (UPIA §404: a receipt not otherwise allocated belongs to principal) and is counted as uncategorised so the
 * accounting can say so.
 */
export function allocate(
  entry: { amountMinor: number; category: string | null; principalOrIncome: PrincipalOrIncome | null },
  settings: AllocationSettings,
): Allocation {
  const { amountMinor, category, principalOrIncome } = entry;
  const whole = (side: PrincipalOrIncome) =>
    side === "income" ? { principalMinor: 0, incomeMinor: amountMinor } : { principalMinor: amountMinor, incomeMinor: 0 };
  const flow: EntryKind = amountMinor >= 0 ? "receipt" : "disbursement";
  if (category === "transfer") return { kind: "transfer", basis: "transfer", ...whole("principal") };
  if (category === "distribution") return { kind: "distribution", basis: "distribution", ...whole(principalOrIncome ?? "income") };
  if (!isCategory(category) || !isAllocatedCategory(category)) {
    return { kind: flow, basis: "uncategorised", ...whole(principalOrIncome ?? "principal") };
  }
  if (principalOrIncome && principalOrIncome !== CATEGORIES[category].defaultSide) {
    return { kind: flow, basis: "chosen", ...whole(principalOrIncome) };
  }
  const incomeMinor = shareOf(amountMinor, settings[category] ?? UPIA_DEFAULTS[category].incomeShareBp);
  return { kind: flow, basis: "category", incomeMinor, principalMinor: amountMinor - incomeMinor || 0 };
}
