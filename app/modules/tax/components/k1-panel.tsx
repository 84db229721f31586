import { useTranslation } from "react-i18next";
import { formatMinor } from "~/modules/banking/money";
import { useLanguage } from "~/modules/preferences/display";
import type { k1Worksheets } from "../k1.server";

type K1Data = Awaited<ReturnType<typeof k1Worksheets>>;

/** Each beneficiary's K-1 worksheet: every figure with the transactions it comes from. A preparer's worksheet, not a return. */
export function K1Panel({ k1, own = false }: { k1: K1Data; own?: boolean }) {
  const { t } = useTranslation("tax");
  const { language } = useLanguage();
  const money = (minor: number | null) => (minor === null ? "—" : formatMinor(minor, k1.currency ?? "USD", language));
  return (
    <section
      aria-labelledby="k1-heading"
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border border-solid border-border bg-card p-5"
      data-testid="k1-panel"
    >
      <h2 id="k1-heading" className="m-0 text-lg">
        {t("k1.heading", { year: k1.year })}
      </h2>
      <p className="m-0 text-sm text-muted-foreground">{t("k1.disclaimer")}</p>
      {k1.unreconciledMonths.length ? (
        <p role="status" className="m-0 rounded-md border border-solid border-amber-400 p-2 text-sm" data-testid="k1-unreconciled">
          {t("k1.unreconciled", { months: k1.unreconciledMonths.join(", ") })}
        </p>
      ) : null}
      {k1.worksheets.length === 0 ? <p className="m-0 text-muted-foreground">{t("k1.none")}</p> : null}
      {k1.worksheets.length > 0 ? (
        <p className="m-0 flex flex-wrap gap-4 text-sm">
          <a href={`/api/tax/k1?year=${k1.year}${own ? `&beneficiaryId=${encodeURIComponent(k1.worksheets[0].beneficiary.key)}` : ""}&format=csv`} download>
            {t("k1.downloadCsv")}
          </a>
          <a href={`/api/tax/k1?year=${k1.year}${own ? `&beneficiaryId=${encodeURIComponent(k1.worksheets[0].beneficiary.key)}` : ""}&format=pdf`} download>
            {t("k1.downloadPdf")}
          </a>
        </p>
      ) : null}
      {k1.worksheets.map((w) => (
        <details key={w.beneficiary.key} className="rounded-md border border-solid border-border p-3" data-testid="k1-worksheet">
          <summary className="cursor-pointer font-medium">
            {t("k1.for", { name: w.beneficiary.name, amount: money(w.beneficiaryDistributionsMinor), share: (w.shareMicro / 10_000).toFixed(2) })}
          </summary>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-sm">
              <thead>
                <tr>
                  <th scope="col" className="text-left">
                    {t("k1.box")}
                  </th>
                  <th scope="col" className="text-right">
                    {t("k1.trust")}
                  </th>
                  <th scope="col" className="text-right">
                    {t("k1.beneficiary")}
                  </th>
                  <th scope="col" className="text-left">
                    {t("k1.source")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {w.boxes.map((b) => (
                  <tr key={b.box}>
                    <th scope="row" className="text-left font-normal">
                      {b.box} · {t(b.labelKey)}
                    </th>
                    <td className="text-right tabular-nums">{money(b.trustMinor)}</td>
                    <td className="text-right tabular-nums">{money(b.beneficiaryMinor)}</td>
                    <td className="text-muted-foreground">
                      {b.sourceCount ? t("k1.sources", { count: b.sourceCount }) : ""}
                      {b.noteKey ? ` ${t(b.noteKey)}` : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ))}
    </section>
  );
}
