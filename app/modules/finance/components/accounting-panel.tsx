import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { Label } from "~/components/ui/label";
import { useLanguage } from "~/modules/preferences/display";
import type { FinancialPageData } from "../page.server";
import { AccountingPeriodFields } from "./accounting-period-fields";
import { SendAccounting, SentAccountings } from "./accounting-send";
import { dayIn, moneyIn } from "./money";

/** The fiduciary accounting: this year's summary (principal and income, start to end) and the full report to download. */
export function AccountingPanel({
  accounting,
  jurisdiction,
  sent,
  qualified,
  canManage,
}: {
  accounting: NonNullable<FinancialPageData["accounting"]>;
  jurisdiction: string;
  sent: FinancialPageData["sent"];
  qualified: FinancialPageData["qualified"];
  canManage: boolean;
}) {
  const { t } = useTranslation(["finance", "accounting"]);
  const { language } = useLanguage();
  const money = moneyIn(accounting.currency, language);
  const day = dayIn(language);
  return (
    <section
      aria-labelledby="accounting-heading"
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border border-solid border-border bg-card p-5"
    >
      <h2 id="accounting-heading" className="m-0 text-lg">
        {t("accounting.heading")}
      </h2>
      <p className="m-0 text-sm text-muted-foreground">{t("accounting.help")}</p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="accounting-summary">
          <caption className="text-left font-medium">{t("accounting.yearToDate", { from: day(accounting.from), to: day(accounting.to) })}</caption>
          <thead>
            <tr>
              <th scope="col" className="text-left">
                {t("accounting.line")}
              </th>
              <th scope="col" className="text-right">
                {t("overview.principal")}
              </th>
              <th scope="col" className="text-right">
                {t("overview.income")}
              </th>
            </tr>
          </thead>
          <tbody>
            {accounting.lines.map((line) => (
              <tr key={line.key}>
                <th scope="row" className="text-left font-normal">
                  {t(line.key, { ns: "accounting" })}
                </th>
                <td className="text-right tabular-nums">{money(line.principalMinor)}</td>
                <td className="text-right tabular-nums">{money(line.incomeMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="m-0 text-sm" role="status" data-testid="accounting-check">
        {accounting.check.balanced ? t("accounting.balanced") : t("accounting.unbalanced", { difference: money(accounting.check.differenceMinor) })}
      </p>
      <form method="get" action="/api/finance/accounting" className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-5 [&>*]:min-w-0">
        <AccountingPeriodFields idPrefix="accounting" from={accounting.from} to={accounting.to} jurisdiction={jurisdiction} />
        <div className="grid gap-1.5">
          <Label htmlFor="accounting-format">{t("accounting.format")}</Label>
          <NativeSelect className="w-full min-w-0" id="accounting-format" name="format" defaultValue="pdf">
            {(["pdf", "csv", "json"] as const).map((f) => (
              <option key={f} value={f}>
                {t(`accounting.formats.${f}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="sm:col-span-5">
          <Button type="submit" variant="outline">
            {t("accounting.download")}
          </Button>
        </div>
      </form>
      {canManage ? <SendAccounting from={accounting.from} to={accounting.to} jurisdiction={jurisdiction} qualified={qualified} /> : null}
      <SentAccountings sent={sent} />
    </section>
  );
}
