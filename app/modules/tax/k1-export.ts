import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { csvNumber, toCsv, type CsvValue } from "~/platform/csv";
import { decimalString } from "~/modules/finance/accounting/format";
import { pdfSafe } from "~/modules/finance/accounting/pdf";
import type { K1Worksheet } from "./k1";

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Worksheet = Omit<K1Worksheet, "distributableIncomeMinor" | "totalDistributionsMinor"> & {
  distributableIncomeMinor: number | null;
  totalDistributionsMinor: number | null;
};

const money = (minor: number | null, currency: string) => (minor === null ? "" : csvNumber(decimalString(minor, currency)));

/**
 * The worksheets as one CSV: a row per box per beneficiary, then each box's sources (the preparer's audit trail).
 * Names and a statement's descriptions are text from outside (platform/csv.ts neutralises them); amounts stay numbers.
 */
export function k1Csv(worksheets: Worksheet[], currency: string, t: Translate): string {
  const rows: CsvValue[][] = [
    [t("k1.export.beneficiary"), t("k1.box"), t("k1.export.label"), t("k1.trust"), t("k1.beneficiary"), t("k1.export.sourceCount"), t("k1.export.note")],
  ];
  for (const w of worksheets) {
    for (const b of w.boxes) {
      rows.push([
        w.beneficiary.name,
        b.box,
        t(b.labelKey),
        money(b.trustMinor, currency),
        money(b.beneficiaryMinor, currency),
        b.sourceCount,
        b.noteKey ? t(b.noteKey) : "",
      ]);
    }
  }
  rows.push([]);
  rows.push([t("k1.export.beneficiary"), t("k1.box"), t("k1.export.date"), t("k1.export.description"), t("k1.export.amount")]);
  for (const w of worksheets)
    for (const b of w.boxes) for (const s of b.sources) rows.push([w.beneficiary.name, b.box, s.on, s.description, money(s.amountMinor, currency)]);
  return toCsv(rows);
}

/** The worksheets as a PDF, a page (or more) per beneficiary: the boxes, their notes, and the preparer's disclaimer. */
export async function k1Pdf(
  worksheets: Worksheet[],
  input: { year: number; currency: string; trustName: string; unreconciledMonths: string[] },
  t: Translate,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height, margin] = [612, 792, 48];
  const amount = (minor: number | null) => (minor === null ? "—" : `${decimalString(minor, input.currency)} ${input.currency}`);
  for (const w of worksheets.length ? worksheets : [null]) {
    let page = pdf.addPage([width, height]);
    let y = height - margin;
    const line = (text: string, size = 10, face = font, x = margin) => {
      if (y < margin + size) {
        page = pdf.addPage([width, height]);
        y = height - margin;
      }
      page.drawText(pdfSafe(text).slice(0, 110), { x, y, size, font: face, color: rgb(0, 0, 0) });
      y -= size + 6;
    };
    line(t("k1.heading", { year: input.year }), 16, bold);
    line(input.trustName, 11);
    if (w)
      line(t("k1.for", { name: w.beneficiary.name, amount: amount(w.beneficiaryDistributionsMinor), share: (w.shareMicro / 10_000).toFixed(2) }), 11, bold);
    y -= 4;
    for (const sentence of t("k1.disclaimer").match(/.{1,100}(\s|$)/g) ?? []) line(sentence.trim(), 9);
    if (input.unreconciledMonths.length) line(t("k1.unreconciled", { months: input.unreconciledMonths.join(", ") }), 9, bold);
    y -= 6;
    if (!w) {
      line(t("k1.none"));
      continue;
    }
    for (const b of w.boxes) {
      line(`${b.box} · ${t(b.labelKey)}`, 10, bold);
      line(`${t("k1.trust")}: ${amount(b.trustMinor)}    ${t("k1.beneficiary")}: ${amount(b.beneficiaryMinor)}`, 10, font, margin + 12);
      if (b.noteKey) line(t(b.noteKey), 9, font, margin + 12);
    }
  }
  return pdf.save();
}
