/**
 * The Schedule K-1 worksheet for a beneficiary: the trust's year from the categorised ledger, and her share of its
 * distributable income in proportion to what she was paid. A preparer's worksheet, not a return: it shows where
 * each figure comes from and says what the ledger cannot know (qualified dividends, estimated tax allocated).
 */
export interface K1Entry {
  id: string;
  on: string;
  description: string;
  category: string | null;
  amountMinor: number;
  incomeMinor: number;
  kind: "receipt" | "disbursement" | "distribution" | "transfer";
}

export interface K1Distribution {
  beneficiaryKey: string;
  beneficiaryName: string;
  amountMinor: number;
  on: string;
  source: string;
}

export interface K1Box {
  box: string;
  /** Key of the box's name in the tax namespace (k1.box.<box>). */
  labelKey: string;
  trustMinor: number | null;
  beneficiaryMinor: number | null;
  /** The transactions the figure comes from, the largest first, at most SOURCES_SHOWN of them (`sourceCount` says how many in all). */
  sources: { id: string; on: string; description: string; amountMinor: number }[];
  sourceCount: number;
  /** Why the ledger leaves it empty or at zero (a key in the tax namespace), when it does. */
  noteKey?: string;
}

export interface K1Worksheet {
  year: number;
  beneficiary: { key: string; name: string };
  distributableIncomeMinor: number;
  totalDistributionsMinor: number;
  beneficiaryDistributionsMinor: number;
  /** Her share of the distributable income, in millionths (exact integer arithmetic). */
  shareMicro: number;
  boxes: K1Box[];
  distributions: K1Distribution[];
  /** Months of the year with transactions not yet reconciled: the figures may still change. */
  unreconciledMonths: string[];
}

const MICRO = 1_000_000;
/** A worksheet lists the largest sources of each figure; a year of daily entries would otherwise be megabytes per beneficiary. */
export const SOURCES_SHOWN = 50;

const largest = <T extends { amountMinor: number }>(sources: T[]) =>
  [...sources].sort((a, b) => Math.abs(b.amountMinor) - Math.abs(a.amountMinor)).slice(0, SOURCES_SHOWN);
const part = (minor: number, micro: number) => Math.round((minor * micro) / MICRO);

function box(box: string, entries: K1Entry[], pick: (e: K1Entry) => boolean, micro: number, noteKey?: string): K1Box {
  const sources = entries.filter(pick).map((e) => ({ id: e.id, on: e.on, description: e.description, amountMinor: e.incomeMinor }));
  const trustMinor = sources.reduce((sum, s) => sum + s.amountMinor, 0);
  return {
    box,
    labelKey: `k1.box.${box}`,
    trustMinor,
    beneficiaryMinor: part(trustMinor, micro),
    sources: largest(sources),
    sourceCount: sources.length,
    noteKey,
  };
}

/**
 * Distributable income here is the income side of the year's ledger: receipts credited to income less the expenses
 * charged to it (distributions and transfers left out); capital gains allocated to principal stay with the trust
 * (IRC §643(a)(3)). A beneficiary's share is what she received over all distributions, capped at that income.
 */
export function k1Worksheet(input: {
  year: number;
  beneficiary: { key: string; name: string };
  entries: K1Entry[];
  distributions: K1Distribution[];
  unreconciledMonths: string[];
}): K1Worksheet {
  const { entries, distributions } = input;
  const receipts = (category: string) => (e: K1Entry) => e.kind === "receipt" && e.category === category && e.incomeMinor !== 0;
  const distributable = entries.filter((e) => e.kind === "receipt" || e.kind === "disbursement").reduce((sum, e) => sum + e.incomeMinor, 0);
  const total = distributions.reduce((sum, d) => sum + d.amountMinor, 0);
  const hers = distributions.filter((d) => d.beneficiaryKey === input.beneficiary.key);
  const received = hers.reduce((sum, d) => sum + d.amountMinor, 0);
  // min(total, DNI) / DNI of the income is carried out, each beneficiary in proportion to what she received.
  const carried = distributable > 0 && total > 0 ? Math.min(total, distributable) : 0;
  const shareMicro = carried > 0 ? Math.round(((carried / distributable) * received * MICRO) / total) : 0;
  const expenses = entries.filter((e) => e.kind === "disbursement" && e.incomeMinor !== 0);
  const boxes: K1Box[] = [
    box("1", entries, receipts("interest"), shareMicro),
    box("2a", entries, receipts("dividends"), shareMicro),
    { box: "2b", labelKey: "k1.box.2b", trustMinor: null, beneficiaryMinor: null, sources: [], sourceCount: 0, noteKey: "k1.note.qualified" },
    { box: "3", labelKey: "k1.box.3", trustMinor: 0, beneficiaryMinor: 0, sources: [], sourceCount: 0, noteKey: "k1.note.gainsToPrincipal" },
    { box: "4a", labelKey: "k1.box.4a", trustMinor: 0, beneficiaryMinor: 0, sources: [], sourceCount: 0, noteKey: "k1.note.gainsToPrincipal" },
    { box: "5", labelKey: "k1.box.5", trustMinor: 0, beneficiaryMinor: 0, sources: [], sourceCount: 0 },
    box("7", entries, receipts("rent"), shareMicro, "k1.note.grossRent"),
    {
      box: "9",
      labelKey: "k1.box.9",
      trustMinor: expenses.reduce((sum, e) => sum + e.incomeMinor, 0),
      beneficiaryMinor: part(
        expenses.reduce((sum, e) => sum + e.incomeMinor, 0),
        shareMicro,
      ),
      sources: largest(expenses.map((e) => ({ id: e.id, on: e.on, description: e.description, amountMinor: e.incomeMinor }))),
      sourceCount: expenses.length,
      noteKey: "k1.note.deductions",
    },
    { box: "11", labelKey: "k1.box.11", trustMinor: 0, beneficiaryMinor: 0, sources: [], sourceCount: 0, noteKey: "k1.note.finalYear" },
    { box: "13A", labelKey: "k1.box.13A", trustMinor: null, beneficiaryMinor: null, sources: [], sourceCount: 0, noteKey: "k1.note.estimates" },
  ];
  return {
    year: input.year,
    beneficiary: input.beneficiary,
    distributableIncomeMinor: distributable,
    totalDistributionsMinor: total,
    beneficiaryDistributionsMinor: received,
    shareMicro,
    boxes,
    distributions: hers,
    unreconciledMonths: input.unreconciledMonths,
  };
}
