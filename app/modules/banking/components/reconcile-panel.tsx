import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useLanguage } from "~/modules/preferences/display";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";
import { formatMinor, minorDigits, parseAmountInput } from "../money";
import type { ReconciliationView } from "../reconciliations.server";

/**
 * Statement reconciliation: the statement's closing balance against the cleared transactions. Ticking
 * an item the bank has cleared moves the difference at once; at zero the period can be locked.
 */
export function ReconcilePanel({
  accountId,
  currency,
  reconciliations,
  proposed,
  canManage,
  canUnlock,
}: {
  accountId: string;
  currency: string;
  reconciliations: ReconciliationView[];
  proposed: { balanceMinor: number | null; on: string | null } | null;
  canManage: boolean;
  canUnlock: boolean;
}) {
  const { t } = useTranslation("banking");
  const { language } = useLanguage();
  const revalidator = useRevalidator();
  const open = reconciliations.find((r) => r.status === "open");
  const [error, setError] = useState<string | null>(null);
  const [endOn, setEndOn] = useState(open?.statementEndOn ?? proposed?.on ?? "");
  const startingBalance = open?.closingBalanceMinor ?? proposed?.balanceMinor;
  const [closing, setClosing] = useState(startingBalance != null ? (startingBalance / 10 ** minorDigits(currency)).toFixed(minorDigits(currency)) : "");
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const money = (minor: number) => formatMinor(minor, currency, language);
  const fail = (e: unknown) => setError(refusalSentence(e, t("reconcile.failed")));

  async function start(event: React.FormEvent) {
    event.preventDefault();
    const closingBalanceMinor = parseAmountInput(closing, currency);
    if (closingBalanceMinor === null) return setError(t("validation.amountInvalid"));
    setError(null);
    try {
      await apiFetch(`/api/banking/accounts/${accountId}/reconciliations`, { method: "POST", body: { statementEndOn: endOn, closingBalanceMinor } });
      revalidator.revalidate();
    } catch (e) {
      fail(e);
    }
  }

  async function tick(id: string, cleared: boolean) {
    setTicked((s) => ({ ...s, [id]: cleared }));
    try {
      await apiFetch(`/api/banking/transactions/${id}`, { method: "PATCH", body: { cleared } });
      revalidator.revalidate();
    } catch (e) {
      setTicked((s) => ({ ...s, [id]: !cleared }));
      fail(e);
    }
  }

  async function command(id: string, name: "lock" | "unlock", reason?: string) {
    setError(null);
    try {
      await apiFetch(`/api/banking/reconciliations/${id}/${name}`, { method: "POST", body: name === "unlock" ? { reason } : {} });
      setTicked({});
      revalidator.revalidate();
    } catch (e) {
      fail(e);
    }
  }

  // The difference as it will be once the ticks just made are saved.
  const pendingCleared = open ? open.uncleared.filter((u) => ticked[u.id]).reduce((sum, u) => sum + u.amountMinor, 0) : 0;
  const difference = open ? open.differenceMinor - pendingCleared : 0;

  return (
    <section aria-labelledby="reconcile-heading" className="grid gap-4 rounded-lg border border-solid border-border bg-card p-5">
      <h2 id="reconcile-heading" className="m-0 text-lg">
        {t("reconcile.heading")}
      </h2>
      {error ? <Banner kind="error">{error}</Banner> : null}
      {canManage ? (
        <form onSubmit={(e) => void start(e)} className="grid gap-3 sm:grid-cols-3">
          <label className="grid gap-1 text-sm">
            {t("reconcile.endOn")}
            <Input type="date" required value={endOn} onChange={(e) => setEndOn(e.target.value)} />
          </label>
          <label className="grid gap-1 text-sm">
            {t("reconcile.closingInput")}
            <Input inputMode="decimal" required value={closing} onChange={(e) => setClosing(e.target.value)} />
          </label>
          <div className="flex items-end">
            <Button type="submit" variant={open ? "outline" : "default"}>
              {open ? t("reconcile.update") : t("reconcile.start")}
            </Button>
          </div>
          {proposed?.balanceMinor != null ? <p className="m-0 text-sm text-muted-foreground sm:col-span-3">{t("reconcile.proposed")}</p> : null}
        </form>
      ) : null}
      {open ? (
        <div className="grid gap-3">
          <dl className="m-0 grid gap-2 sm:grid-cols-3">
            <Figure label={t("reconcile.closing", { date: open.statementEndOn })} value={money(open.closingBalanceMinor)} />
            <Figure label={t("reconcile.cleared")} value={money(open.clearedBalanceMinor + pendingCleared)} />
            <Figure label={t("reconcile.difference")} value={money(difference)} testId="reconcile-difference" strong={difference !== 0} />
          </dl>
          <p className="sr-only" aria-live="polite">
            {t("reconcile.differenceNow", { amount: money(difference) })}
          </p>
          {open.uncleared.length ? (
            <fieldset className="m-0 grid gap-1 border-0 p-0">
              <legend className="mb-1 text-sm font-medium">{t("reconcile.uncleared")}</legend>
              {open.uncleared.map((u) => (
                <label key={u.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <input type="checkbox" checked={ticked[u.id] ?? false} disabled={!canManage} onChange={(e) => void tick(u.id, e.target.checked)} />
                  <span className="tabular-nums">{u.postedOn}</span>
                  <span>{u.description}</span>
                  <span className="ms-auto tabular-nums">{money(u.amountMinor)}</span>
                </label>
              ))}
            </fieldset>
          ) : (
            <p className="m-0 text-sm text-muted-foreground">{t("reconcile.noneUncleared")}</p>
          )}
          {canManage ? (
            <Button className="justify-self-start" disabled={difference !== 0} onClick={() => void command(open.id, "lock")}>
              {t("reconcile.lock")}
            </Button>
          ) : null}
        </div>
      ) : null}
      <LockedList
        reconciliations={reconciliations.filter((r) => r.status !== "open")}
        money={money}
        canUnlock={canUnlock}
        onUnlock={(id, reason) => void command(id, "unlock", reason)}
      />
    </section>
  );
}

function Figure({ label, value, testId, strong }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={`m-0 text-lg tabular-nums ${strong ? "font-semibold text-destructive" : "font-semibold"}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function LockedList({
  reconciliations,
  money,
  canUnlock,
  onUnlock,
}: {
  reconciliations: ReconciliationView[];
  money: (minor: number) => string;
  canUnlock: boolean;
  onUnlock: (id: string, reason: string) => void;
}) {
  const { t } = useTranslation("banking");
  const [reasons, setReasons] = useState<Record<string, string>>({});
  if (!reconciliations.length) return null;
  return (
    <ul className="m-0 grid list-none gap-2 p-0">
      {reconciliations.map((r) => (
        <li key={r.id} className="grid gap-2 rounded-md border border-solid border-border p-3 text-sm" data-testid="reconciliation">
          <p className="m-0">
            {r.status === "locked"
              ? t("reconcile.lockedLine", { date: r.statementEndOn, amount: money(r.closingBalanceMinor), name: r.lockedBy ?? "—" })
              : t("reconcile.unlockedLine", { date: r.statementEndOn, reason: r.unlockReason ?? "" })}{" "}
            <a href={`/api/banking/reconciliations/${r.id}/report`} download>
              {t("reconcile.report")}
            </a>
          </p>
          {r.status === "locked" && canUnlock ? (
            <div className="flex flex-wrap items-end gap-2">
              <label className="grid flex-1 gap-1">
                {t("reconcile.unlockReason")}
                <Input value={reasons[r.id] ?? ""} onChange={(e) => setReasons({ ...reasons, [r.id]: e.target.value })} />
              </label>
              <Button variant="outline" onClick={() => onUnlock(r.id, reasons[r.id] ?? "")}>
                {t("reconcile.unlock")}
              </Button>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
