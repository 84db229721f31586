import { csvNumber, toCsv, type CsvValue } from "~/platform/csv";
import { categoryLabel, decimalString, kindLabel, summaryLines } from "./format";
import { SIDES, type AccountingReport, type PropertySchedule, type Translate } from "./types";

export interface AccountingCsv {
  fileName: string;
  csv: string;
}

/**
 * The account's schedules as CSV files, one per schedule, in the order of the PDF: headers in the reader's
 * language, amounts as plain decimals with the currency's minor digits, and a total row closing each. Every text
 * cell is neutralised by platform/csv.ts (a formula in a description or a name is shown, never run); amounts stay numbers.
 */
export function accountingCsvs(report: AccountingReport, { t }: { t: Translate }): AccountingCsv[] {
  const money = (minor: number) => csvNumber(decimalString(minor, report.trust.currency));
  const side = (s: (typeof SIDES)[number]) => t(`side.${s}`);
  const files: AccountingCsv[] = [];
  const add = (name: string, rows: CsvValue[][]) =>
    files.push({ fileName: `accounting-${report.period.from}-${report.period.to}-${files.length + 1}-${name}.csv`, csv: toCsv(rows) });

  const { check } = report;
  add("summary", [
    [t("column.line"), side("principal"), side("income"), t("column.total")],
    ...summaryLines(report).map((l) => [t(l.key), money(l.principalMinor), money(l.incomeMinor), money(l.totalMinor)]),
    [t("check.property"), "", "", money(check.propertyEndMinor)],
    [t("check.difference"), "", "", money(check.differenceMinor)],
  ]);

  const property = (schedule: PropertySchedule) => [
    [t("column.asset"), t("column.kind"), t("column.valuedOn"), t("column.carrying"), t("column.current"), t("column.assetId")],
    ...schedule.items.map((a) => [a.name, kindLabel(t, a.kind), a.valuedOn, money(a.carryingMinor), money(a.currentMinor), a.id]),
    [t("total.total"), "", "", money(schedule.carryingMinor), money(schedule.currentMinor), ""],
  ];
  add("property-at-start", property(report.propertyAtStart));

  const receipts: CsvValue[][] = [[t("column.side"), t("column.category"), t("column.date"), t("column.description"), t("column.amount"), t("column.entryId")]];
  for (const s of SIDES) {
    for (const group of report.receipts[s].groups) {
      const category = categoryLabel(t, group.category);
      for (const l of group.lines) receipts.push([side(s), category, l.on, l.description, money(l.amountMinor), l.entryId]);
    }
    receipts.push([side(s), t("total.total"), "", "", money(report.receipts[s].totalMinor), ""]);
  }
  add("receipts", receipts);

  const { gainsAndLosses: gl } = report;
  const gains: CsvValue[][] = [
    [t("column.side"), t("column.date"), t("column.asset"), t("column.proceeds"), t("column.carrying"), t("column.gainLoss"), t("column.assetId")],
  ];
  for (const d of gl.items) gains.push([side(d.side), d.on, d.assetName, money(d.proceedsMinor), money(d.carryingMinor), money(d.gainMinor), d.assetId]);
  for (const s of SIDES) {
    gains.push([side(s), "", t("total.gains"), "", "", money(gl.gainsMinor[s]), ""]);
    gains.push([side(s), "", t("total.losses"), "", "", money(-gl.lossesMinor[s]), ""]);
  }
  add("gains-and-losses", gains);

  const disbursements: CsvValue[][] = [
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
      const category = categoryLabel(t, group.category);
      for (const l of group.lines) disbursements.push([side(s), category, l.on, l.description, "", "", money(l.amountMinor), l.entryId]);
    }
    for (const c of report.compensation.lines) {
      const amount = s === "principal" ? c.principalMinor : c.incomeMinor;
      if (amount !== 0)
        disbursements.push([side(s), t("compensation.category"), c.on, c.description, c.agent.name, c.agent.relationship, money(amount), c.entryId]);
    }
    disbursements.push([side(s), t("total.total"), "", "", "", "", money(report.disbursements[s].totalMinor), ""]);
  }
  add("disbursements", disbursements);

  const { distributions: dist } = report;
  const distributions: CsvValue[][] = [
    [t("column.beneficiary"), t("column.date"), t("column.description"), side("principal"), side("income"), t("column.total"), t("column.entryId")],
  ];
  for (const group of dist.beneficiaries) {
    const name = group.beneficiary ? group.beneficiary.name : t("beneficiary.none");
    for (const l of group.lines)
      distributions.push([name, l.on, l.description, money(l.principalMinor), money(l.incomeMinor), money(l.principalMinor + l.incomeMinor), l.entryId]);
  }
  distributions.push([t("total.total"), "", "", money(dist.principalMinor), money(dist.incomeMinor), money(dist.principalMinor + dist.incomeMinor), ""]);
  add("distributions", distributions);

  add("property-at-end", property(report.propertyAtEnd));

  if (report.liabilities)
    add("liabilities", [
      [t("column.liability"), t("column.amount")],
      ...report.liabilities.items.map((l) => [l.name, money(l.amountMinor)]),
      [t("total.total"), money(report.liabilities.totalMinor)],
    ]);
  return files;
}
