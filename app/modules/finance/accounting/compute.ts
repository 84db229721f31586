import type {
  AccountingInput,
  AccountingReport,
  BeneficiaryDistributions,
  CategoryGroup,
  CompensationLine,
  DisbursementSchedule,
  DispositionLine,
  EntryInput,
  PropertySchedule,
  ReceiptSchedule,
  ScheduleLine,
  Side,
  SideSummary,
  Valuation,
} from "./types";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A caller's mistake in the input: the report refuses it rather than print wrong figures. */
export class AccountingInputError extends Error {
  override name = "AccountingInputError";
}

function integer(value: number, what: string) {
  if (!Number.isSafeInteger(value)) throw new AccountingInputError(`${what} must be a whole number of minor units, got ${value}`);
}

function validate(input: AccountingInput) {
  const { from, to } = input.period;
  if (!DATE.test(from) || !DATE.test(to) || from > to) throw new AccountingInputError(`the period ${from} to ${to} is not a range of YYYY-MM-DD dates`);
  const inPeriod = (on: string, what: string) => {
    if (!DATE.test(on) || on < from || on > to) throw new AccountingInputError(`${what} is dated ${on}, outside the period ${from} to ${to}`);
  };
  integer(input.openingIncomeMinor, "openingIncomeMinor");
  for (const asset of input.assets)
    for (const value of [asset.start, asset.end])
      if (value) {
        integer(value.carryingMinor, `asset ${asset.id} carryingMinor`);
        integer(value.currentMinor, `asset ${asset.id} currentMinor`);
      }
  for (const entry of input.entries) {
    integer(entry.amountMinor, `entry ${entry.id} amountMinor`);
    integer(entry.principalMinor, `entry ${entry.id} principalMinor`);
    integer(entry.incomeMinor, `entry ${entry.id} incomeMinor`);
    // A split that does not add up would move money between the sides unseen.
    if (entry.principalMinor + entry.incomeMinor !== entry.amountMinor)
      throw new AccountingInputError(
        `entry ${entry.id}: principal ${entry.principalMinor} + income ${entry.incomeMinor} is not the amount ${entry.amountMinor}`,
      );
    inPeriod(entry.on, `entry ${entry.id}`);
  }
  for (const d of input.dispositions) {
    integer(d.proceedsMinor, `disposition of ${d.assetId} proceedsMinor`);
    integer(d.carryingMinor, `disposition of ${d.assetId} carryingMinor`);
    inPeriod(d.on, `the disposition of ${d.assetId}`);
  }
  for (const l of input.liabilities ?? []) integer(l.amountMinor, `liability ${l.name}`);
}

/** Code-unit order, the same in every runtime: the report must not depend on the server's locale. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const byDateThenId = (a: { on: string; entryId: string }, b: { on: string; entryId: string }) => compareText(a.on, b.on) || compareText(a.entryId, b.entryId);

const sum = <T>(items: readonly T[], of: (item: T) => number) => items.reduce((total, item) => total + of(item), 0);

function property(input: AccountingInput, when: "start" | "end"): PropertySchedule {
  const items = input.assets
    .filter((a): a is typeof a & Record<typeof when, Valuation> => a[when] !== null)
    .map((a) => ({ id: a.id, name: a.name, kind: a.kind, ...a[when] }));
  return { items, carryingMinor: sum(items, (i) => i.carryingMinor), currentMinor: sum(items, (i) => i.currentMinor) };
}

/** Lines grouped by category (named ones in order, the uncategorised last), each group totalled. */
function byCategory(lines: (ScheduleLine & { category: string | null })[]): CategoryGroup[] {
  const groups = new Map<string | null, ScheduleLine[]>();
  for (const { category, ...line } of lines) {
    const group = groups.get(category);
    if (group) group.push(line);
    else groups.set(category, [line]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : compareText(a, b)))
    .map(([category, group]) => {
      group.sort(byDateThenId);
      return { category, lines: group, totalMinor: sum(group, (l) => l.amountMinor) };
    });
}

const share = (entry: EntryInput, side: Side) => (side === "principal" ? entry.principalMinor : entry.incomeMinor);

/** Money out as a positive payment (written 0 − x so that nothing paid is 0, not −0). */
const paid = (minor: number) => 0 - minor;

/** One side's lines from entries of one kind, as received or, for money out, as paid. */
function sideLines(entries: EntryInput[], side: Side, out: boolean) {
  return entries
    .filter((e) => share(e, side) !== 0)
    .map((e) => ({ entryId: e.id, on: e.on, description: e.description, category: e.category, amountMinor: out ? paid(share(e, side)) : share(e, side) }));
}

function receipts(entries: EntryInput[], side: Side): ReceiptSchedule {
  const groups = byCategory(sideLines(entries, side, false));
  return { groups, totalMinor: sum(groups, (g) => g.totalMinor) };
}

function disbursements(entries: EntryInput[], compensation: CompensationLine[], side: Side): DisbursementSchedule {
  const groups = byCategory(sideLines(entries, side, true));
  const compensationMinor = sum(compensation, (c) => (side === "principal" ? c.principalMinor : c.incomeMinor));
  return { groups, compensationMinor, totalMinor: sum(groups, (g) => g.totalMinor) + compensationMinor };
}

function distributions(entries: EntryInput[]) {
  const byBeneficiary = new Map<string, BeneficiaryDistributions>();
  for (const e of entries) {
    // Distributions recorded without a beneficiary stay visible, in a group of their own.
    const key = e.beneficiary ? `b:${e.beneficiary.id}` : "none";
    let group = byBeneficiary.get(key);
    if (!group) {
      group = { beneficiary: e.beneficiary ? { ...e.beneficiary } : null, lines: [], principalMinor: 0, incomeMinor: 0 };
      byBeneficiary.set(key, group);
    }
    group.lines.push({ entryId: e.id, on: e.on, description: e.description, principalMinor: paid(e.principalMinor), incomeMinor: paid(e.incomeMinor) });
  }
  const beneficiaries = [...byBeneficiary.values()].sort((a, b) =>
    a.beneficiary === null
      ? 1
      : b.beneficiary === null
        ? -1
        : compareText(a.beneficiary.name, b.beneficiary.name) || compareText(a.beneficiary.id, b.beneficiary.id),
  );
  for (const group of beneficiaries) {
    group.lines.sort(byDateThenId);
    group.principalMinor = sum(group.lines, (l) => l.principalMinor);
    group.incomeMinor = sum(group.lines, (l) => l.incomeMinor);
  }
  return { beneficiaries, principalMinor: sum(beneficiaries, (b) => b.principalMinor), incomeMinor: sum(beneficiaries, (b) => b.incomeMinor) };
}

function gainsAndLosses(input: AccountingInput) {
  const items: DispositionLine[] = input.dispositions
    .map((d) => ({ ...d, gainMinor: d.proceedsMinor - d.carryingMinor }))
    .sort((a, b) => compareText(a.on, b.on) || compareText(a.assetName, b.assetName) || compareText(a.assetId, b.assetId));
  const of = (side: Side, sign: 1 | -1) => sum(items, (i) => (i.side === side && sign * i.gainMinor > 0 ? sign * i.gainMinor : 0));
  return {
    items,
    gainsMinor: { principal: of("principal", 1), income: of("income", 1) },
    lossesMinor: { principal: of("principal", -1), income: of("income", -1) },
  };
}

/**
 * The fiduciary accounting of the period. Integers only. Each side runs
 * start + receipts + gains − losses − disbursements − distributions = end, with income starting at the
 * undistributed income carried in and principal at the rest of the property on hand. The sum of the two
 * ends is then checked against the property on hand at the end, and any difference is reported.
 */
export function computeAccounting(input: AccountingInput): AccountingReport {
  validate(input);
  const receiptEntries: EntryInput[] = [];
  const disbursementEntries: EntryInput[] = [];
  const distributionEntries: EntryInput[] = [];
  const compensation: CompensationLine[] = [];
  for (const e of input.entries) {
    // Transfers and purchases or sales only change the form of principal: no receipt, no disbursement.
    if (e.kind === "receipt") receiptEntries.push(e);
    else if (e.kind === "distribution") distributionEntries.push(e);
    else if (e.kind === "disbursement" && e.agent)
      compensation.push({
        entryId: e.id,
        on: e.on,
        description: e.description,
        category: e.category,
        agent: { ...e.agent },
        principalMinor: paid(e.principalMinor),
        incomeMinor: paid(e.incomeMinor),
      });
    else if (e.kind === "disbursement") disbursementEntries.push(e);
  }
  compensation.sort(byDateThenId);

  const propertyAtStart = property(input, "start");
  const propertyAtEnd = property(input, "end");
  const report = {
    receipts: { principal: receipts(receiptEntries, "principal"), income: receipts(receiptEntries, "income") },
    disbursements: {
      principal: disbursements(disbursementEntries, compensation, "principal"),
      income: disbursements(disbursementEntries, compensation, "income"),
    },
    gainsAndLosses: gainsAndLosses(input),
    distributions: distributions(distributionEntries),
  };
  const side = (s: Side, startMinor: number): SideSummary => {
    const figures = {
      startMinor,
      receiptsMinor: report.receipts[s].totalMinor,
      gainsMinor: report.gainsAndLosses.gainsMinor[s],
      lossesMinor: report.gainsAndLosses.lossesMinor[s],
      disbursementsMinor: report.disbursements[s].totalMinor,
      distributionsMinor: s === "principal" ? report.distributions.principalMinor : report.distributions.incomeMinor,
    };
    const endMinor =
      figures.startMinor + figures.receiptsMinor + figures.gainsMinor - figures.lossesMinor - figures.disbursementsMinor - figures.distributionsMinor;
    return { ...figures, endMinor };
  };
  const principal = side("principal", propertyAtStart.carryingMinor - input.openingIncomeMinor);
  const income = side("income", input.openingIncomeMinor);
  const both = (k: keyof SideSummary) => principal[k] + income[k];
  const total: SideSummary = {
    startMinor: both("startMinor"),
    receiptsMinor: both("receiptsMinor"),
    gainsMinor: both("gainsMinor"),
    lossesMinor: both("lossesMinor"),
    disbursementsMinor: both("disbursementsMinor"),
    distributionsMinor: both("distributionsMinor"),
    endMinor: both("endMinor"),
  };
  // Beyond 2^53 minor units sums stop being exact: refuse rather than print a rounded figure.
  for (const s of [principal, income, total]) for (const [key, value] of Object.entries(s)) integer(value, `the ${key} total`);
  const differenceMinor = propertyAtEnd.carryingMinor - total.endMinor;
  const liabilities = input.liabilities ? { items: input.liabilities.map((l) => ({ ...l })), totalMinor: sum(input.liabilities, (l) => l.amountMinor) } : null;

  return {
    trust: { ...input.trust, trustees: [...input.trust.trustees] },
    period: { ...input.period },
    jurisdiction: input.jurisdiction,
    propertyAtStart,
    ...report,
    compensation: { lines: compensation, principalMinor: sum(compensation, (c) => c.principalMinor), incomeMinor: sum(compensation, (c) => c.incomeMinor) },
    propertyAtEnd,
    liabilities,
    summary: { principal, income, total },
    check: { computedEndMinor: total.endMinor, propertyEndMinor: propertyAtEnd.carryingMinor, differenceMinor, balanced: differenceMinor === 0 },
  };
}
