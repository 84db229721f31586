import Papa from "papaparse";
import { categoryLabel, decimalString, kindLabel, summaryLines } from "./format";
import { SIDES, type AccountingReport, type PropertySchedule, type Translate } from "./types";

export interface AccountingCsv {
  fileName: string;
  csv: string;
}

/** Text a spreadsheet would run as a formula (= + - @) is prefixed with a quote; amounts stay numbers. */
const text = (value: string | null | undefined) => {
  const cell = value ?? "";
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
};

// The byte-order mark tells spreadsheets the file is UTF-8; CRLF is what they expect.
const csv = (rows: string[][]) => `\uFEFF${Papa.unparse(rows, { newline: "\r\n" })}\r\n`;

/**
 * The account's schedules as CSV files, one per schedule, in the order of the PDF: headers in the reader's
 * language, amounts as plain decimals with the currency's minor digits, and a total row closing each.
 */
export function accountingCsvs(report: AccountingReport, { t }: { t: Translate }): AccountingCsv[] {
  const money = (minor: number) => decimalString(minor, report.trust.currency);
  const side = (s: (typeof SIDES)[number]) => t(`side.${s}`);
  const files: AccountingCsv[] = [];
  const add = (name: string, rows: string[][]) =>
    files.push({ fileName: `accounting-${report.period.from}-${report.period.to}-${files.length + 1}-${name}.csv`, csv: csv(rows) });

  const { check } = report;
  add("summary", [
    [t("column.line"), side("principal"), side("income"), t("column.total")],
    ...summaryLines(report).map((l) => [t(l.key), money(l.principalMinor), money(l.incomeMinor), money(l.totalMinor)]),
    [t("check.property"), "", "", money(check.propertyEndMinor)],
    [t("check.difference"), "", "", money(check.differenceMinor)],
  ]);

  const property = (schedule: PropertySchedule) => [
    [t("column.asset"), t("column.kind"), t("column.valuedOn"), t("column.carrying"), t("column.current"), t("column.assetId")],
    ...schedule.items.map((a) => [text(a.name), text(kindLabel(t, a.kind)), a.valuedOn, money(a.carryingMinor), money(a.currentMinor), text(a.id)]),
    [t("total.total"), "", "", money(schedule.carryingMinor), money(schedule.currentMinor), ""],
  ];
  add("property-at-start", property(report.propertyAtStart));

  const receipts = [[t("column.side"), t("column.category"), t("column.date"), t("column.description"), t("column.amount"), t("column.entryId")]];
  for (const s of SIDES) {
    for (const group of report.receipts[s].groups) {
      const category = text(categoryLabel(t, group.category));
      for (const l of group.lines) receipts.push([side(s), category, l.on, text(l.description), money(l.amountMinor), text(l.entryId)]);
    }
    receipts.push([side(s), t("total.total"), "", "", money(report.receipts[s].totalMinor), ""]);
  }
  add("receipts", receipts);

  const { gainsAndLosses: gl } = report;
  const gains = [
    [t("column.side"), t("column.date"), t("column.asset"), t("column.proceeds"), t("column.carrying"), t("column.gainLoss"), t("column.assetId")],
  ];
  for (const d of gl.items)
    gains.push([side(d.side), d.on, text(d.assetName), money(d.proceedsMinor), money(d.carryingMinor), money(d.gainMinor), text(d.assetId)]);
  for (const s of SIDES) {
    gains.push([side(s), "", t("total.gains"), "", "", money(gl.gainsMinor[s]), ""]);
    gains.push([side(s), "", t("total.losses"), "", "", money(-gl.lossesMinor[s]), ""]);
  }
  add("gains-and-losses", gains);

  const disbursements = [
    [
      t("column.side"),
      t("column.category"),
      t("column.date"),
      t("column.description"),
      t("column.paidTo"),
      t("column.relationship"),
      t("column.amount"),
      t("column.entryId"),
    ],
  ];
  for (const s of SIDES) {
    for (const group of report.disbursements[s].groups) {
      const category = text(categoryLabel(t, group.category));
      for (const l of group.lines) disbursements.push([side(s), category, l.on, text(l.description), "", "", money(l.amountMinor), text(l.entryId)]);
    }
    for (const c of report.compensation.lines) {
      const amount = s === "principal" ? c.principalMinor : c.incomeMinor;
      if (amount !== 0)
        disbursements.push([
          side(s),
          t("compensation.category"),
          c.on,
          text(c.description),
          text(c.agent.name),
          text(c.agent.relationship),
          money(amount),
          text(c.entryId),
        ]);
    }
    disbursements.push([side(s), t("total.total"), "", "", "", "", money(report.disbursements[s].totalMinor), ""]);
  }
  add("disbursements", disbursements);

  const { distributions: dist } = report;
  const distributions = [
    [t("column.beneficiary"), t("column.date"), t("column.description"), side("principal"), side("income"), t("column.total"), t("column.entryId")],
  ];
  for (const group of dist.beneficiaries) {
    const name = group.beneficiary ? text(group.beneficiary.name) : t("beneficiary.none");
    for (const l of group.lines)
      distributions.push([
        name,
        l.on,
        text(l.description),
        money(l.principalMinor),
        money(l.incomeMinor),
        money(l.principalMinor + l.incomeMinor),
        text(l.entryId),
      ]);
  }
  distributions.push([t("total.total"), "", "", money(dist.principalMinor), money(dist.incomeMinor), money(dist.principalMinor + dist.incomeMinor), ""]);
  add("distributions", distributions);

  add("property-at-end", property(report.propertyAtEnd));

  if (report.liabilities)
    add("liabilities", [
      [t("column.liability"), t("column.amount")],
      ...report.liabilities.items.map((l) => [text(l.name), money(l.amountMinor)]),
      [t("total.total"), money(report.liabilities.totalMinor)],
    ]);
  return files;
}
