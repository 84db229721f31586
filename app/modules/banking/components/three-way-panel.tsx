import { useRevalidator } from "@remix-run/react";
import { CheckCircle2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/use-toast";
import { useLanguage } from "~/modules/preferences/display";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";
import { formatMinor } from "../money";
import type { ThreeWayView } from "../three-way.server";

/**
 * The three-way reconciliation of a period: the bank (statement ± outstanding items), the trust's ledger
 * and the beneficiaries' sub-ledgers side by side, each difference with its cause, and the trustee's
 * sign-off. Figures that do not agree can still be signed off, with a note saying why.
 */
export function ThreeWayPanel({ view, canSignOff }: { view: ThreeWayView; canSignOff: boolean }) {
  const { t } = useTranslation("banking");
  const { language } = useLanguage();
  const revalidator = useRevalidator();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const money = (minor: number) => formatMinor(minor, view.currency, language);
  const figures = [
    {
      label: t("threeWay.bank"),
      value: view.adjustedBankMinor,
      detail: t("threeWay.bankDetail", { statement: money(view.statementBalanceMinor), outstanding: money(view.outstandingMinor) }),
    },
    { label: t("threeWay.ledger"), value: view.ledgerBalanceMinor, detail: t("threeWay.ledgerDetail", { date: view.statementEndOn }) },
    { label: t("threeWay.subLedgers"), value: view.subLedgerTotalMinor, detail: t("threeWay.subLedgersDetail", { count: view.subLedgers.length }) },
  ];

  async function signOff(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await apiFetch(`/api/banking/reconciliations/${view.reconciliationId}/sign-off`, { method: "POST", body: { note: note.trim() || null } });
      toast({ title: t("threeWay.signedOffToast") });
      revalidator.revalidate();
    } catch (e) {
      setError(refusalSentence(e, t("reconcile.failed")));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="grid gap-4 rounded-lg border border-solid border-border bg-card p-4" aria-labelledby="three-way-title" data-testid="three-way">
      <header className="grid gap-1">
        <h2 id="three-way-title" className="m-0 text-lg">
          {t("threeWay.title")}
        </h2>
        <p className="m-0 text-sm text-muted-foreground">{t("threeWay.help", { date: view.statementEndOn })}</p>
      </header>
      <dl className="m-0 grid gap-3 sm:grid-cols-3">
        {figures.map((f) => (
          <div key={f.label} className="grid gap-1 rounded-md border border-solid border-border p-3">
            <dt className="text-sm text-muted-foreground">{f.label}</dt>
            <dd className="m-0 text-xl font-semibold tabular-nums">{money(f.value)}</dd>
            <dd className="m-0 text-xs text-muted-foreground">{f.detail}</dd>
          </div>
        ))}
      </dl>
      <div role="status" className={`flex items-start gap-2 text-sm ${view.balanced ? "text-success" : "text-destructive"}`} data-testid="three-way-status">
        {view.balanced ? <CheckCircle2 aria-hidden className="size-5 shrink-0" /> : <TriangleAlert aria-hidden className="size-5 shrink-0" />}
        <div className="grid gap-1">
          <p className="m-0 font-medium">
            {view.balanced
              ? t("threeWay.balanced")
              : t("threeWay.differences", { bank: money(view.bankVsLedgerMinor), subLedgers: money(view.ledgerVsSubLedgersMinor) })}
          </p>
          {view.causes.length ? (
            <ul className="m-0 ps-4">
              {view.causes.map((c) => (
                <li key={c.key}>{t(c.key, { ...c.values, amount: money(c.values.amountMinor) })}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      {view.subLedgers.length ? (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <caption className="text-left font-medium">{t("threeWay.subLedgerCaption")}</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="p-2">
                  {t("threeWay.beneficiary")}
                </th>
                <th scope="col" className="p-2 text-right">
                  {t("threeWay.share")}
                </th>
                <th scope="col" className="p-2 text-right">
                  {t("threeWay.direct")}
                </th>
                <th scope="col" className="p-2 text-right">
                  {t("threeWay.allocated")}
                </th>
                <th scope="col" className="p-2 text-right">
                  {t("threeWay.balance")}
                </th>
              </tr>
            </thead>
            <tbody>
              {view.subLedgers.map((s) => (
                <tr key={s.userId} className="border-0 border-t border-solid border-border">
                  <th scope="row" className="p-2 text-left font-normal">
                    {s.name}
                  </th>
                  <td className="p-2 text-right tabular-nums">{s.shareBp != null ? `${s.shareBp / 100}%` : "—"}</td>
                  <td className="p-2 text-right tabular-nums">{money(s.directMinor)}</td>
                  <td className="p-2 text-right tabular-nums">{money(s.allocatedMinor)}</td>
                  <td className="p-2 text-right font-medium tabular-nums">{money(s.balanceMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {view.signedOff ? (
        <p className="m-0 text-sm" data-testid="three-way-signed-off">
          {t("threeWay.signedOffBy", { name: view.signedOff.by ?? "—", date: new Date(view.signedOff.at).toLocaleString(language) })}
          {view.signedOff.note ? ` — ${view.signedOff.note}` : ""}
        </p>
      ) : view.status !== "locked" ? (
        <p className="m-0 text-sm text-muted-foreground">{t("threeWay.lockFirst")}</p>
      ) : canSignOff ? (
        <form onSubmit={(e) => void signOff(e)} className="grid gap-2">
          {error ? <Banner kind="error">{error}</Banner> : null}
          <label className="grid gap-1 text-sm" htmlFor="three-way-note">
            {t(view.balanced ? "threeWay.noteOptional" : "threeWay.noteRequired")}
            <textarea
              id="three-way-note"
              value={note}
              maxLength={2000}
              rows={2}
              required={!view.balanced}
              onChange={(e) => setNote(e.target.value)}
              className="rounded-md border border-solid border-input bg-card p-2 text-sm text-foreground"
            />
          </label>
          <div>
            <Button type="submit" disabled={saving}>
              {t("threeWay.signOff")}
            </Button>
          </div>
        </form>
      ) : (
        <p className="m-0 text-sm text-muted-foreground">{t("threeWay.notSignedOff")}</p>
      )}
      {view.status !== "open" ? (
        <a href={`/api/banking/reconciliations/${view.reconciliationId}/report`} download className="text-sm">
          {t("threeWay.report")}
        </a>
      ) : null}
    </section>
  );
}
