import { and, eq } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import { PdfLines } from "~/platform/pdf-lines.server";
import type { BankingAccess } from "./access.server";
import { formatMinor } from "./money";
import { bankReconciliations } from "./schema";
import { computeThreeWay } from "./three-way.server";

type Translate = (key: string, options?: Record<string, unknown>) => string;

interface KeptReport {
  account: { name: string; institution: string; lastFour: string; currency: string };
  statementEndOn: string;
  openingBalanceMinor: number;
  closingBalanceMinor: number;
  clearedBalanceMinor: number;
  differenceMinor: number;
  items: { postedOn: string; description: string; amountMinor: number }[];
  outstanding: { postedOn: string; description: string; amountMinor: number }[];
  lockedAt: string;
}

/** The kept report of a locked (or once locked) reconciliation, as a PDF: who, when, balances, items. */
export async function reconciliationReportPdf(db: Db, access: BankingAccess, id: string, t: Translate, language: string) {
  if (!access.readAll) throw new Refusal(403, "errors.onlyTrustees");
  const row = isUuid(id)
    ? await db
        .select({ reconciliation: bankReconciliations, lockedBy: users.name })
        .from(bankReconciliations)
        .leftJoin(users, eq(users.id, bankReconciliations.lockedBy))
        .where(and(eq(bankReconciliations.id, id), eq(bankReconciliations.workspaceId, access.workspaceId)))
        .get()
    : undefined;
  if (!row) throw new Refusal(404, "errors.reconciliationNotFound");
  const report = row.reconciliation.report as KeptReport | null;
  if (!report) throw new Refusal(409, "errors.noReportYet");
  const money = (minor: number) => formatMinor(minor, report.account.currency, language);
  const pdf = await PdfLines.create(t("report.title", { date: report.statementEndOn }));
  pdf.line(t("report.title", { date: report.statementEndOn }), { size: 16, bold: true }).gap(6);
  pdf.line(t("report.account", { name: report.account.name, institution: report.account.institution, lastFour: report.account.lastFour }));
  pdf.line(t("report.locked", { name: row.lockedBy ?? "—", date: report.lockedAt }));
  if (row.reconciliation.status === "unlocked") pdf.line(t("report.unlocked", { reason: row.reconciliation.unlockReason ?? "" }));
  pdf.gap(6);
  pdf.line(`${t("report.opening")}: ${money(report.openingBalanceMinor)}`);
  pdf.line(`${t("report.closing")}: ${money(report.closingBalanceMinor)}`);
  pdf.line(`${t("report.cleared")}: ${money(report.clearedBalanceMinor)}`);
  pdf.line(`${t("report.difference")}: ${money(report.differenceMinor)}`);
  pdf.gap(8).line(t("report.items", { count: report.items.length }), { size: 12, bold: true });
  for (const item of report.items) pdf.line(`${item.postedOn}  ${item.description}  ${money(item.amountMinor)}`, { indent: 10, size: 9 });
  pdf.gap(8).line(t("report.outstanding", { count: report.outstanding.length }), { size: 12, bold: true });
  for (const item of report.outstanding) pdf.line(`${item.postedOn}  ${item.description}  ${money(item.amountMinor)}`, { indent: 10, size: 9 });
  const threeWay = await computeThreeWay(db, access, id);
  pdf.gap(8).line(t("threeWay.title"), { size: 12, bold: true });
  pdf.line(
    `${t("threeWay.bank")}: ${money(threeWay.adjustedBankMinor)} (${t("threeWay.bankDetail", { statement: money(threeWay.statementBalanceMinor), outstanding: money(threeWay.outstandingMinor) })})`,
  );
  pdf.line(`${t("threeWay.ledger")}: ${money(threeWay.ledgerBalanceMinor)}`);
  pdf.line(`${t("threeWay.subLedgers")}: ${money(threeWay.subLedgerTotalMinor)}`);
  for (const s of threeWay.subLedgers)
    pdf.line(`${s.name}: ${money(s.balanceMinor)} (${t("threeWay.direct")} ${money(s.directMinor)}, ${t("threeWay.allocated")} ${money(s.allocatedMinor)})`, {
      indent: 10,
      size: 9,
    });
  for (const cause of threeWay.causes) pdf.line(t(cause.key, { ...cause.values, amount: money(cause.values.amountMinor) }), { size: 9 });
  pdf.line(
    threeWay.signedOff
      ? t("threeWay.signedOffBy", { name: threeWay.signedOff.by ?? "—", date: threeWay.signedOff.at }) +
          (threeWay.signedOff.note ? ` — ${threeWay.signedOff.note}` : "")
      : t("threeWay.notSignedOff"),
  );
  pdf.gap(8).line(t("report.generated", { date: new Date().toISOString() }), { size: 8 });
  return { body: await pdf.save(), fileName: `reconciliation-${report.statementEndOn}.pdf` };
}
