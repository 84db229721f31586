import { useTranslation } from "react-i18next";

interface Outcomes<F> {
  byStatus: { status: string; n: number }[];
  failures: F[];
}

export interface WorkspaceUsage {
  windowDays: number;
  ai: { month: string; feature: string; engine: string; calls: number }[];
  mail: Outcomes<{ id: string; to: string; kind: string; error: string | null; createdAt: string }>;
  sms: Outcomes<{ id: string; to: string; status: string; error: string | null; createdAt: string }>;
}

/** What the workspace used: the assistant's calls per month (a bar each), and how its e-mails and texts fared. */
export function UsagePanel({ usage }: { usage: WorkspaceUsage }) {
  const { t, i18n } = useTranslation("workspaces");
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(i18n.language, { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
  const months = [...new Set(usage.ai.map((row) => row.month))].sort();
  const totals = months.map((month) => ({ month, calls: usage.ai.filter((row) => row.month === month).reduce((sum, row) => sum + row.calls, 0) }));
  const most = Math.max(1, ...totals.map((row) => row.calls));
  const engines = [...new Set(usage.ai.map((row) => row.engine))];
  return (
    <section aria-labelledby="usage-heading" className="rounded-lg border border-solid border-border bg-card p-4 md:col-span-2">
      <h2 id="usage-heading" className="mt-0 text-lg">
        {t("usage.title")}
      </h2>
      <h3 className="text-base">{t("usage.aiTitle")}</h3>
      {totals.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("usage.aiNone")}</p>
      ) : (
        <>
          <ul className="m-0 grid list-none gap-1 p-0" aria-label={t("usage.aiChart")} data-testid="ai-usage">
            {totals.map((row) => (
              <li key={row.month} className="grid grid-cols-[6rem_1fr_4rem] items-center gap-2 text-sm">
                <span>{monthName(row.month)}</span>
                <span className="h-3 rounded bg-muted" aria-hidden="true">
                  <span className="block h-3 rounded bg-primary" style={{ width: `${(row.calls / most) * 100}%` }} />
                </span>
                <span className="text-end">{t("usage.calls", { count: row.calls, formatted: number(row.calls) })}</span>
              </li>
            ))}
          </ul>
          <p className="mb-0 text-sm text-muted-foreground">
            {t("usage.engines", { engines: engines.map((e) => t(`usage.engine.${e}`, { defaultValue: e })).join(", ") })}
          </p>
        </>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <DeliveryOutcomes
          title={t("usage.mailTitle", { days: usage.windowDays })}
          outcomes={usage.mail}
          describe={(f) => t("usage.mailFailure", { to: f.to, reason: f.error ?? t("usage.noReason") })}
          testId="mail-outcomes"
        />
        <DeliveryOutcomes
          title={t("usage.smsTitle", { days: usage.windowDays })}
          outcomes={usage.sms}
          describe={(f) => t("usage.smsFailure", { to: f.to, status: t(`usage.status.${f.status}`), reason: f.error ?? t("usage.noReason") })}
          testId="sms-outcomes"
        />
      </div>
    </section>
  );
}

function DeliveryOutcomes<F extends { id: string; createdAt: string }>({
  title,
  outcomes,
  describe,
  testId,
}: {
  title: string;
  outcomes: Outcomes<F>;
  describe: (failure: F) => string;
  testId: string;
}) {
  const { t, i18n } = useTranslation("workspaces");
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  return (
    <div data-testid={testId}>
      <h3 className="text-base">{title}</h3>
      {outcomes.byStatus.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("usage.nothingSent")}</p>
      ) : (
        <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          {outcomes.byStatus.map((row) => (
            <div key={row.status} className="contents">
              <dt>{t(`usage.status.${row.status}`)}</dt>
              <dd className="m-0">{new Intl.NumberFormat(i18n.language).format(row.n)}</dd>
            </div>
          ))}
        </dl>
      )}
      {outcomes.failures.length ? (
        <ul className="mt-2 list-none p-0 text-sm">
          {outcomes.failures.map((failure) => (
            <li key={failure.id} className="text-destructive">
              {when(failure.createdAt)}: {describe(failure)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
