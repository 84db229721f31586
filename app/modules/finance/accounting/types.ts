/**
 * The trust's fiduciary accounting report: what the caller gathers (AccountingInput) and what
 * computeAccounting makes of it (AccountingReport). Money is always integer minor units (cents).
 */

export const SIDES = ["principal", "income"] as const;
export type Side = (typeof SIDES)[number];

export const JURISDICTIONS = ["CA", "FL", "TX"] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

export const ACCOUNTING_REASONS = ["annual", "trustee_change", "termination"] as const;
export type AccountingReason = (typeof ACCOUNTING_REASONS)[number];

export const ENTRY_KINDS = ["receipt", "disbursement", "distribution", "transfer"] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export interface Valuation {
  carryingMinor: number;
  currentMinor: number;
  /** YYYY-MM-DD: the date the current value was taken. */
  valuedOn: string;
}

export interface AssetInput {
  id: string;
  name: string;
  /** The caller's kind ("cash", "security"…); shown translated as `kind.<kind>` when the namespace has it. */
  kind: string;
  start: Valuation | null;
  end: Valuation | null;
}

export interface Agent {
  name: string;
  relationship: string;
}

export interface Beneficiary {
  id: string;
  name: string;
}

export interface EntryInput {
  id: string;
  on: string;
  description: string;
  /** The caller's category ("dividends"…); shown translated as `category.<category>` when the namespace has it. */
  category: string | null;
  /** Positive = money in, negative = money out; always principalMinor + incomeMinor. */
  amountMinor: number;
  principalMinor: number;
  incomeMinor: number;
  /** Transfers between the trust's own accounts and purchases or sales of assets change only the form of principal. */
  kind: EntryKind;
  beneficiary?: Beneficiary | null;
  /** Set on trustee compensation and agents' fees: who was paid and their relationship to the trustee. */
  agent?: Agent | null;
}

export interface DispositionInput {
  assetId: string;
  assetName: string;
  on: string;
  proceedsMinor: number;
  carryingMinor: number;
  /** Gains on principal assets are principal under the Uniform Principal and Income Act. */
  side: Side;
}

export interface LiabilityInput {
  name: string;
  amountMinor: number;
}

export interface AccountingInput {
  trust: { name: string; trustees: string[]; currency: string };
  /** YYYY-MM-DD, both days included. */
  period: { from: string; to: string; reason: AccountingReason };
  /** Which statutory notice to print, if any. */
  jurisdiction: Jurisdiction | null;
  /** Undistributed income carried into the period (the running income balance the day before `from`). */
  openingIncomeMinor: number;
  /** Every asset (cash accounts included) with its values at the start and at the end (null when not held then). */
  assets: AssetInput[];
  /** The period's ledger, already allocated between principal and income by the caller. */
  entries: EntryInput[];
  dispositions: DispositionInput[];
  /**
   * Known liabilities at the end of the period (all three states ask for them). Not trust property, so
   * outside the balance check. Leave out when not gathered: the schedule is then omitted, not shown empty.
   */
  liabilities?: LiabilityInput[];
}

// The report. Receipts are as received (a refund of a receipt is negative); disbursements and
// distributions are what went out, so a payment is positive and money coming back is negative.

export interface PropertyItem {
  id: string;
  name: string;
  kind: string;
  carryingMinor: number;
  currentMinor: number;
  valuedOn: string;
}

export interface PropertySchedule {
  items: PropertyItem[];
  carryingMinor: number;
  currentMinor: number;
}

/** One entry's share on one side. */
export interface ScheduleLine {
  entryId: string;
  on: string;
  description: string;
  amountMinor: number;
}

export interface CategoryGroup {
  category: string | null;
  lines: ScheduleLine[];
  totalMinor: number;
}

export interface ReceiptSchedule {
  groups: CategoryGroup[];
  totalMinor: number;
}

export interface DisbursementSchedule {
  /** Everything but compensation, by category. */
  groups: CategoryGroup[];
  /** This side's share of trustee compensation and agents' fees (listed in `compensation`). */
  compensationMinor: number;
  totalMinor: number;
}

export interface CompensationLine {
  entryId: string;
  on: string;
  description: string;
  category: string | null;
  agent: Agent;
  principalMinor: number;
  incomeMinor: number;
}

export interface CompensationSchedule {
  lines: CompensationLine[];
  principalMinor: number;
  incomeMinor: number;
}

export interface DispositionLine {
  assetId: string;
  assetName: string;
  on: string;
  side: Side;
  proceedsMinor: number;
  carryingMinor: number;
  /** Proceeds less carrying value: a gain when positive, a loss when negative. */
  gainMinor: number;
}

export interface GainsAndLosses {
  items: DispositionLine[];
  gainsMinor: Record<Side, number>;
  /** Positive amounts: what the losses take away. */
  lossesMinor: Record<Side, number>;
}

export interface DistributionLine {
  entryId: string;
  on: string;
  description: string;
  principalMinor: number;
  incomeMinor: number;
}

export interface BeneficiaryDistributions {
  /** Null for distributions recorded without a beneficiary. */
  beneficiary: Beneficiary | null;
  lines: DistributionLine[];
  principalMinor: number;
  incomeMinor: number;
}

export interface DistributionSchedule {
  beneficiaries: BeneficiaryDistributions[];
  principalMinor: number;
  incomeMinor: number;
}

export interface LiabilitySchedule {
  items: LiabilityInput[];
  totalMinor: number;
}

/** start + receipts + gains − losses − disbursements − distributions = end */
export interface SideSummary {
  startMinor: number;
  receiptsMinor: number;
  gainsMinor: number;
  lossesMinor: number;
  disbursementsMinor: number;
  distributionsMinor: number;
  endMinor: number;
}

export interface BalanceCheck {
  /** Principal end + income end, from the ledger. */
  computedEndMinor: number;
  /** Carrying value of the property on hand at the end. */
  propertyEndMinor: number;
  /** propertyEndMinor − computedEndMinor: positive when the assets hold more than the ledger explains. */
  differenceMinor: number;
  balanced: boolean;
}

export interface AccountingReport {
  trust: AccountingInput["trust"];
  period: AccountingInput["period"];
  jurisdiction: Jurisdiction | null;
  propertyAtStart: PropertySchedule;
  receipts: Record<Side, ReceiptSchedule>;
  gainsAndLosses: GainsAndLosses;
  disbursements: Record<Side, DisbursementSchedule>;
  compensation: CompensationSchedule;
  distributions: DistributionSchedule;
  propertyAtEnd: PropertySchedule;
  liabilities: LiabilitySchedule | null;
  summary: Record<Side | "total", SideSummary>;
  check: BalanceCheck;
}

/** i18next's `t` bound to the `accounting` namespace. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;
