/**
 * The arithmetic of a three-way reconciliation (issue 16), kept pure so it can be tested on its own: the
 * bank's statement adjusted for outstanding items, the trust's ledger, and the beneficiaries' sub-ledgers.
 */

export interface SubLedgerInput {
  userId: string;
  name: string;
  /** Beneficial interest in basis points (10,000 = 100%), or null when none is recorded. */
  shareBp: number | null;
  /** What was categorised to this beneficiary: distributions paid, income credited (whole or by a split). */
  directMinor: number;
}

export interface SubLedger {
  userId: string;
  name: string;
  shareBp: number | null;
  directMinor: number;
  /** This beneficiary's share of everything not categorised to anyone (the corpus, income, expenses). */
  allocatedMinor: number;
  balanceMinor: number;
}

export type ThreeWayCause =
  | { key: "threeWay.cause.bankDifference"; values: { amountMinor: number } }
  | { key: "threeWay.cause.noShares"; values: { amountMinor: number } }
  | { key: "threeWay.cause.sharesIncomplete"; values: { percent: string; amountMinor: number } };

export interface ThreeWayFigures {
  statementBalanceMinor: number;
  outstandingMinor: number;
  adjustedBankMinor: number;
  ledgerBalanceMinor: number;
  subLedgerTotalMinor: number;
  bankVsLedgerMinor: number;
  ledgerVsSubLedgersMinor: number;
  unallocatedMinor: number;
  subLedgers: SubLedger[];
  causes: ThreeWayCause[];
  balanced: boolean;
}

/**
 * Divides `amount` by basis points with the largest-remainder method: the parts are whole minor units and,
 * when the shares make 100%, add up to the amount exactly (no cent lost to rounding).
 */
export function allocateByShares(amountMinor: number, sharesBp: number[]): number[] {
  const totalBp = sharesBp.reduce((sum, s) => sum + s, 0);
  if (totalBp <= 0) return sharesBp.map(() => 0);
  // What the shares cover: all of it at 100%, proportionally less below.
  const covered = totalBp >= 10_000 ? amountMinor : Math.trunc((amountMinor * totalBp) / 10_000);
  const exact = sharesBp.map((s) => (covered * s) / totalBp);
  const parts = exact.map((x) => Math.trunc(x));
  let left = covered - parts.reduce((sum, p) => sum + p, 0);
  const order = exact.map((x, i) => ({ i, rest: Math.abs(x - Math.trunc(x)) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  const step = Math.sign(left);
  for (let k = 0; left !== 0 && k < order.length; k++) {
    parts[order[k]!.i]! += step;
    left -= step;
  }
  return parts;
}

export function threeWayFigures(input: {
  statementBalanceMinor: number;
  outstandingMinor: number;
  ledgerBalanceMinor: number;
  beneficiaries: SubLedgerInput[];
}): ThreeWayFigures {
  const adjustedBankMinor = input.statementBalanceMinor + input.outstandingMinor;
  const directTotal = input.beneficiaries.reduce((sum, b) => sum + b.directMinor, 0);
  const general = input.ledgerBalanceMinor - directTotal;
  const holders = input.beneficiaries.filter((b) => (b.shareBp ?? 0) > 0);
  const allocations = allocateByShares(
    general,
    holders.map((b) => b.shareBp ?? 0),
  );
  const allocated = new Map(holders.map((b, i) => [b.userId, allocations[i] ?? 0]));
  const subLedgers = input.beneficiaries.map((b) => {
    const allocatedMinor = allocated.get(b.userId) ?? 0;
    return { userId: b.userId, name: b.name, shareBp: b.shareBp, directMinor: b.directMinor, allocatedMinor, balanceMinor: b.directMinor + allocatedMinor };
  });
  const subLedgerTotalMinor = subLedgers.reduce((sum, s) => sum + s.balanceMinor, 0);
  const unallocatedMinor = general - allocations.reduce((sum, a) => sum + a, 0);
  const bankVsLedgerMinor = adjustedBankMinor - input.ledgerBalanceMinor;
  const ledgerVsSubLedgersMinor = input.ledgerBalanceMinor - subLedgerTotalMinor;

  const causes: ThreeWayCause[] = [];
  if (bankVsLedgerMinor !== 0) causes.push({ key: "threeWay.cause.bankDifference", values: { amountMinor: bankVsLedgerMinor } });
  const sharesBp = holders.reduce((sum, b) => sum + (b.shareBp ?? 0), 0);
  if (unallocatedMinor !== 0 && sharesBp === 0) causes.push({ key: "threeWay.cause.noShares", values: { amountMinor: unallocatedMinor } });
  else if (unallocatedMinor !== 0)
    causes.push({ key: "threeWay.cause.sharesIncomplete", values: { percent: (sharesBp / 100).toString(), amountMinor: unallocatedMinor } });
  return {
    statementBalanceMinor: input.statementBalanceMinor,
    outstandingMinor: input.outstandingMinor,
    adjustedBankMinor,
    ledgerBalanceMinor: input.ledgerBalanceMinor,
    subLedgerTotalMinor,
    bankVsLedgerMinor,
    ledgerVsSubLedgersMinor,
    unallocatedMinor,
    subLedgers,
    causes,
    balanced: bankVsLedgerMinor === 0 && ledgerVsSubLedgersMinor === 0,
  };
}
