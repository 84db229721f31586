import { useTranslation } from "react-i18next";
import { useLanguage } from "~/modules/preferences/display";
import type { AssetView } from "../assets.server";
import { ActionBanner } from "./action-banner";
import { AssetForm, ValuationForm } from "./asset-forms";
import { dayIn, moneyIn } from "./money";

/** The trust's property: each asset with its carrying and current value, the date of each, and their history. */
export function AssetsPanel({ assets, currency, canManage }: { assets: AssetView[]; currency: string | null; canManage: boolean }) {
  const { t } = useTranslation("finance");
  const { language } = useLanguage();
  const day = dayIn(language);
  return (
    <section aria-labelledby="assets-heading" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 rounded-lg border border-solid border-border bg-card p-5">
      <h2 id="assets-heading" className="m-0 text-lg">
        {t("assets.heading")}
      </h2>
      {assets.length === 0 ? <p className="m-0 text-muted-foreground">{t("assets.empty")}</p> : null}
      <ActionBanner intents={["add-valuation"]} />
      <ul className="m-0 grid list-none gap-2 p-0" data-testid="asset-list">
        {assets.map((asset) => {
          const money = moneyIn(asset.currency, language);
          return (
            <li key={asset.id} className="rounded-md border border-solid border-border p-3" data-testid="asset">
              <details>
                <summary className="flex cursor-pointer flex-wrap items-baseline justify-between gap-2">
                  <span className="grid">
                    <span className="font-medium">{asset.name}</span>
                    <span className="text-sm text-muted-foreground">
                      {t(`assets.kinds.${asset.kind}`)} ·{" "}
                      {asset.origin === "bank" ? t("assets.fromBanking") : t("assets.acquired", { on: day(asset.acquiredOn) })}
                      {asset.disposedOn ? ` · ${t("assets.disposed", { on: day(asset.disposedOn) })}` : ""}
                    </span>
                  </span>
                  <span className="grid text-right text-sm">
                    <span className="tabular-nums">{t("assets.currentIs", { value: money(asset.currentMinor) })}</span>
                    <span className="tabular-nums text-muted-foreground">{t("assets.carryingIs", { value: money(asset.carryingMinor) })}</span>
                    {asset.valuedOn ? <span className="text-muted-foreground">{t("assets.asOf", { on: day(asset.valuedOn) })}</span> : null}
                  </span>
                </summary>
                <div className="mt-3 grid gap-3">
                  {asset.origin === "bank" ? (
                    <p className="m-0 text-sm text-muted-foreground">{t("assets.bankHelp")}</p>
                  ) : (
                    <div className="overflow-x-auto">
                      <table className="w-full text-sm">
                        <caption className="text-left text-sm text-muted-foreground">{t("assets.history")}</caption>
                        <thead>
                          <tr>
                            <th scope="col" className="text-left">
                              {t("assets.valuedOn")}
                            </th>
                            <th scope="col" className="text-right">
                              {t("assets.carrying")}
                            </th>
                            <th scope="col" className="text-right">
                              {t("assets.current")}
                            </th>
                            <th scope="col" className="text-left">
                              {t("assets.source")}
                            </th>
                          </tr>
                        </thead>
                        <tbody>
                          {asset.valuations.map((v) => (
                            <tr key={v.id}>
                              <td>{day(v.valuedOn)}</td>
                              <td className="text-right tabular-nums">{money(v.carryingMinor)}</td>
                              <td className="text-right tabular-nums">{money(v.currentMinor)}</td>
                              <td>{t(`assets.sources.${v.source}`)}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  )}
                  {canManage && asset.origin === "manual" && !asset.disposedOn ? (
                    <ValuationForm assetId={asset.id} assetName={asset.name} currency={asset.currency} />
                  ) : null}
                </div>
              </details>
            </li>
          );
        })}
      </ul>
      {canManage ? <AssetForm currency={currency ?? "USD"} /> : null}
    </section>
  );
}
