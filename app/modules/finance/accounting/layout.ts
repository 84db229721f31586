import { categoryLabel, kindLabel, longDate, moneyFormatter, summaryLines } from "./format";
import { SIDES, type AccountingReport, type CategoryGroup, type PropertySchedule, type Side, type Translate } from "./types";

/**
 * What the accounting PDF says, as plain blocks of text: pure, so that tests read exactly the words the
 * PDF draws, and pdf.ts only places them on pages.
 */

export interface Column {
  label: string;
  /** Share of the page's width; a table's shares add up to 1. */
  width: number;
  align: "left" | "right";
}

export interface Row {
  cells: string[];
  /** A group's name (kept with the row after it), a subtotal, or the table's total. */
  style?: "group" | "subtotal" | "total";
}

export type Block =
  | { kind: "title"; text: string }
  | { kind: "text"; text: string; bold?: boolean }
  | { kind: "heading"; text: string }
  | { kind: "subheading"; text: string }
  | { kind: "table"; columns: Column[]; rows: Row[] }
  | { kind: "notice"; title: string; text: string }
  | { kind: "gap" };

export interface LayoutOptions {
  t: Translate;
  /** BCP 47, for amounts and dates. */
  locale: string;
  generatedAt: Date;
}

const left = (label: string, width: number): Column => ({ label, width, align: "left" });
const right = (label: string, width: number): Column => ({ label, width, align: "right" });

export function accountingLayout(report: AccountingReport, { t, locale, generatedAt }: LayoutOptions): Block[] {
  const money = moneyFormatter(report.trust.currency, locale);
  const sideName = (s: Side) => t(`side.${s}`);
  const none: Block = { kind: "text", text: t("schedule.empty") };
  // A schedule's entries by category: the category, its lines, its subtotal (receipts and disbursements alike).
  const groupedRows = (groups: CategoryGroup[]): Row[] =>
    groups.flatMap((group) => [
      { cells: [categoryLabel(t, group.category), "", ""], style: "group" as const },
      ...group.lines.map((l) => ({ cells: [l.on, l.description, money(l.amountMinor)] })),
      { cells: ["", t("total.subtotal"), money(group.totalMinor)], style: "subtotal" as const },
    ]);
  const blocks: Block[] = [];
  const { trust, period } = report;

  blocks.push(
    { kind: "title", text: t("title") },
    { kind: "text", text: t("titleBlock.trust", { name: trust.name }), bold: true },
    { kind: "text", text: t("titleBlock.trustees", { names: trust.trustees.join(", ") }) },
    { kind: "text", text: t("titleBlock.period", { from: longDate(period.from, locale), to: longDate(period.to, locale) }) },
    { kind: "text", text: t("titleBlock.reason", { reason: t(`reason.${period.reason}`) }) },
    { kind: "text", text: t("titleBlock.currency", { currency: trust.currency }) },
    {
      kind: "text",
      text: t("titleBlock.generated", {
        date: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(generatedAt),
      }),
    },
    { kind: "gap" },
  );

  blocks.push({ kind: "heading", text: t("summary.title") });
  const summary = summaryLines(report);
  blocks.push({
    kind: "table",
    columns: [left(t("column.line"), 0.46), right(sideName("principal"), 0.18), right(sideName("income"), 0.18), right(t("column.total"), 0.18)],
    rows: summary.map((l, i) => ({
      cells: [t(l.key), money(l.principalMinor), money(l.incomeMinor), money(l.totalMinor)],
      style: i === summary.length - 1 ? "total" : undefined,
    })),
  });

  const { check } = report;
  blocks.push(
    { kind: "heading", text: t("check.title") },
    {
      kind: "table",
      columns: [left(t("column.line"), 0.7), right(t("column.amount"), 0.3)],
      rows: [
        { cells: [t("check.property"), money(check.propertyEndMinor)] },
        { cells: [t("check.computed"), money(check.computedEndMinor)] },
        { cells: [t("check.difference"), money(check.differenceMinor)], style: "total" },
      ],
    },
    { kind: "text", text: check.balanced ? t("check.balanced") : t("check.unbalanced", { amount: money(check.differenceMinor) }), bold: true },
  );

  if (report.jurisdiction) blocks.push({ kind: "notice", title: t(`notice.${report.jurisdiction}.title`), text: t(`notice.${report.jurisdiction}.text`) });

  const property = (heading: string, schedule: PropertySchedule) => {
    blocks.push({ kind: "heading", text: heading });
    if (schedule.items.length === 0) return blocks.push(none);
    blocks.push({
      kind: "table",
      columns: [
        left(t("column.asset"), 0.34),
        left(t("column.kind"), 0.16),
        left(t("column.valuedOn"), 0.14),
        right(t("column.carrying"), 0.18),
        right(t("column.current"), 0.18),
      ],
      rows: [
        ...schedule.items.map((a) => ({ cells: [a.name, kindLabel(t, a.kind), a.valuedOn, money(a.carryingMinor), money(a.currentMinor)] })),
        { cells: [t("total.total"), "", "", money(schedule.carryingMinor), money(schedule.currentMinor)], style: "total" as const },
      ],
    });
  };
  property(t("schedule.propertyAtStart"), report.propertyAtStart);

  const entryColumns = () => [left(t("column.date"), 0.14), left(t("column.description"), 0.62), right(t("column.amount"), 0.24)];
  blocks.push({ kind: "heading", text: t("schedule.receipts") });
  for (const s of SIDES) {
    const schedule = report.receipts[s];
    blocks.push({ kind: "subheading", text: t(`schedule.receipts.${s}`) });
    if (schedule.groups.length === 0) {
      blocks.push(none);
      continue;
    }
    const rows: Row[] = groupedRows(schedule.groups);
    rows.push({ cells: ["", t(`total.receipts.${s}`), money(schedule.totalMinor)], style: "total" });
    blocks.push({ kind: "table", columns: entryColumns(), rows });
  }

  const gl = report.gainsAndLosses;
  blocks.push({ kind: "heading", text: t("schedule.gainsAndLosses") });
  if (gl.items.length === 0) blocks.push(none);
  else
    blocks.push({
      kind: "table",
      columns: [
        left(t("column.date"), 0.12),
        left(t("column.asset"), 0.28),
        left(t("column.side"), 0.12),
        right(t("column.proceeds"), 0.16),
        right(t("column.carrying"), 0.16),
        right(t("column.gainLoss"), 0.16),
      ],
      rows: [
        ...gl.items.map((d) => ({ cells: [d.on, d.assetName, sideName(d.side), money(d.proceedsMinor), money(d.carryingMinor), money(d.gainMinor)] })),
        ...SIDES.flatMap((s) => [
          { cells: ["", t("total.gains"), sideName(s), "", "", money(gl.gainsMinor[s])], style: "subtotal" as const },
          { cells: ["", t("total.losses"), sideName(s), "", "", money(-gl.lossesMinor[s])], style: "subtotal" as const },
        ]),
      ],
    });

  blocks.push({ kind: "heading", text: t("schedule.disbursements") });
  for (const s of SIDES) {
    const schedule = report.disbursements[s];
    blocks.push({ kind: "subheading", text: t(`schedule.disbursements.${s}`) });
    if (schedule.groups.length === 0 && schedule.compensationMinor === 0) {
      blocks.push(none);
      continue;
    }
    const rows: Row[] = groupedRows(schedule.groups);
    // Compensation is listed once, with who was paid, in its own schedule; here only this side's share.
    if (schedule.compensationMinor !== 0) rows.push({ cells: ["", t("compensation.line"), money(schedule.compensationMinor)], style: "subtotal" });
    rows.push({ cells: ["", t(`total.disbursements.${s}`), money(schedule.totalMinor)], style: "total" });
    blocks.push({ kind: "table", columns: entryColumns(), rows });
  }

  const comp = report.compensation;
  blocks.push({ kind: "heading", text: t("schedule.compensation") });
  if (comp.lines.length === 0) blocks.push(none);
  else
    blocks.push({
      kind: "table",
      columns: [
        left(t("column.date"), 0.11),
        left(t("column.paidTo"), 0.19),
        left(t("column.relationship"), 0.16),
        left(t("column.description"), 0.24),
        right(sideName("principal"), 0.15),
        right(sideName("income"), 0.15),
      ],
      rows: [
        ...comp.lines.map((c) => ({ cells: [c.on, c.agent.name, c.agent.relationship, c.description, money(c.principalMinor), money(c.incomeMinor)] })),
        { cells: ["", t("total.total"), "", "", money(comp.principalMinor), money(comp.incomeMinor)], style: "total" as const },
      ],
    });

  const dist = report.distributions;
  blocks.push({ kind: "heading", text: t("schedule.distributions") });
  if (dist.beneficiaries.length === 0) blocks.push(none);
  else {
    const rows: Row[] = [];
    for (const group of dist.beneficiaries) {
      rows.push({ cells: [group.beneficiary?.name ?? t("beneficiary.none"), "", "", "", ""], style: "group" });
      for (const l of group.lines)
        rows.push({ cells: [l.on, l.description, money(l.principalMinor), money(l.incomeMinor), money(l.principalMinor + l.incomeMinor)] });
      rows.push({
        cells: ["", t("total.subtotal"), money(group.principalMinor), money(group.incomeMinor), money(group.principalMinor + group.incomeMinor)],
        style: "subtotal",
      });
    }
    rows.push({
      cells: ["", t("total.total"), money(dist.principalMinor), money(dist.incomeMinor), money(dist.principalMinor + dist.incomeMinor)],
      style: "total",
    });
    blocks.push({
      kind: "table",
      columns: [
        left(t("column.date"), 0.12),
        left(t("column.description"), 0.4),
        right(sideName("principal"), 0.16),
        right(sideName("income"), 0.16),
        right(t("column.total"), 0.16),
      ],
      rows,
    });
  }

  property(t("schedule.propertyAtEnd"), report.propertyAtEnd);

  if (report.liabilities) {
    blocks.push({ kind: "heading", text: t("schedule.liabilities") });
    if (report.liabilities.items.length === 0) blocks.push({ kind: "text", text: t("liabilities.none") });
    else
      blocks.push({
        kind: "table",
        columns: [left(t("column.liability"), 0.7), right(t("column.amount"), 0.3)],
        rows: [
          ...report.liabilities.items.map((l) => ({ cells: [l.name, money(l.amountMinor)] })),
          { cells: [t("total.total"), money(report.liabilities.totalMinor)], style: "total" as const },
        ],
      });
  }
  return blocks;
}

/** Every text a layout holds, in order: what the PDF will say (before characters it cannot write are replaced). */
export function layoutText(blocks: Block[]): string[] {
  return blocks.flatMap((b) => {
    switch (b.kind) {
      case "table":
        return [...b.columns.map((c) => c.label), ...b.rows.flatMap((r) => r.cells.filter(Boolean))];
      case "notice":
        return [b.title, b.text];
      case "gap":
        return [];
      default:
        return [b.text];
    }
  });
}
