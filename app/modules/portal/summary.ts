/**
 * The portal's opening sentences, in plain words: her share, what she has received this year, what is waiting, and
 * when her next statement is due. Pure: the page and /api/portal give it their own formatting and translation.
 */
export interface SummaryInput {
  trustName: string;
  /** Her beneficial share in basis points, as the trustees recorded it; null when not recorded. */
  shareBp: number | null;
  /** Her distributions paid this calendar year. */
  paidThisYear: { purpose: string; amountMinor: number }[];
  /** Her requests not yet decided or approved and not yet paid. */
  waiting: { amountMinor: number }[];
  /** The trust's next annual account due day (YYYY-MM-DD), or null. */
  nextStatementDue: string | null;
}

export interface Formatters {
  money: (minor: number) => string;
  date: (isoDay: string) => string;
  percent: (bp: number) => string;
}

export interface Sentence {
  key: string;
  params: Record<string, string | number>;
}

const sum = (rows: { amountMinor: number }[]) => rows.reduce((total, row) => total + row.amountMinor, 0);

export function summarySentences(input: SummaryInput, format: Formatters): Sentence[] {
  const sentences: Sentence[] = [];
  const trust = input.trustName;
  sentences.push(
    input.shareBp != null && input.shareBp > 0
      ? { key: "summary.share", params: { trust, share: format.percent(input.shareBp) } }
      : { key: "summary.shareNotRecorded", params: { trust } },
  );
  const paid = input.paidThisYear;
  const purposes = new Set(paid.map((p) => p.purpose.trim().toLocaleLowerCase()));
  if (paid.length === 0) sentences.push({ key: "summary.receivedNone", params: {} });
  else if (purposes.size === 1) sentences.push({ key: "summary.receivedFor", params: { amount: format.money(sum(paid)), purpose: paid[0].purpose.trim() } });
  else sentences.push({ key: "summary.receivedPayments", params: { amount: format.money(sum(paid)), payments: paid.length } });
  if (input.waiting.length > 0) sentences.push({ key: "summary.waiting", params: { amount: format.money(sum(input.waiting)) } });
  if (input.nextStatementDue) sentences.push({ key: "summary.nextStatement", params: { date: format.date(input.nextStatementDue) } });
  return sentences;
}

/** The start of the calendar year of `now`, in UTC (what "this year" counts from). */
export function yearStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
}
