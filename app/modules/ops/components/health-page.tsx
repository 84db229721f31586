import { useRevalidator } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/modules/preferences/display";
import type { HealthPageData } from "../health-page.server";
import type { ProbeResult } from "../probes.server";
import { HistoryChart } from "./history-chart";
import { StatusBadge } from "./status-badge";

function useMoment() {
  const { language } = useLanguage();
  const format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
  return (iso: string | null | undefined) => (iso ? format.format(new Date(iso)) : "");
}

/** The facts a probe found, in words (never a secret: the probes only report names and counts). */
function Details({ probe }: { probe: ProbeResult }) {
  const { t } = useTranslation("ops");
  const moment = useMoment();
  const d = probe.detail ?? {};
  const lines: string[] = [];
  if (probe.service === "ai") {
    lines.push(t("detail.engine", { engine: String(d.engine ?? "offline") }));
    if (d.fellBackAt) lines.push(t("detail.fellBack", { at: moment(String(d.fellBackAt)) }));
  }
  if (probe.service === "mail" || probe.service === "sms") {
    lines.push(d.lastSuccessAt ? t("detail.lastSuccess", { at: moment(String(d.lastSuccessAt)) }) : t("detail.noSuccess"));
    lines.push(t("detail.failures", { count: Number(d.failuresLastHour ?? 0) }));
  }
  if (probe.service === "queue" && typeof d.queueAgeMs === "number") lines.push(t("detail.queueAge", { ms: d.queueAgeMs }));
  if (probe.service === "cron" && d.lastRunAt)
    lines.push(t("detail.lastRun", { at: moment(String(d.lastRunAt)), jobs: Number(d.jobs), failed: Number(d.failed) }));
  return lines.length ? (
    <ul className="m-0 list-none p-0 text-sm text-muted-foreground">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  ) : null;
}

export function HealthPage({ data }: { data: HealthPageData }) {
  const { t } = useTranslation("ops");
  const moment = useMoment();
  const revalidator = useRevalidator();
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("health.title")}</h1>
        <p className="m-0 text-muted-foreground">{data.operator ? t("health.scopeOperator") : t("health.scopeWorkspace")}</p>
        <p className="m-0 flex flex-wrap items-center gap-2" data-testid="health-overall">
          {t("health.overall")} <StatusBadge status={data.status} />{" "}
          <span className="text-sm text-muted-foreground">{t("health.checkedAt", { at: moment(data.checkedAt) })}</span>
          <Button variant="outline" size="sm" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
            {t("health.refresh")}
          </Button>
        </p>
      </header>

      <section aria-labelledby="health-services" className="grid gap-3">
        <h2 id="health-services" className="m-0 text-lg">
          {t("health.services")}
        </h2>
        <ul className="m-0 grid list-none gap-3 p-0 sm:grid-cols-2">
          {data.services.map((probe) => (
            <li key={probe.service} className="grid gap-1 rounded-lg border border-solid border-border bg-card p-3" data-testid={`probe-${probe.service}`}>
              <div className="flex items-center justify-between gap-2">
                <strong>{t(`service.${probe.service}`)}</strong>
                <StatusBadge status={probe.status} />
              </div>
              <span className="text-sm text-muted-foreground">{t("health.latency", { ms: probe.latencyMs })}</span>
              {probe.error ? <span className="text-sm">{t("health.lastError", { error: probe.error })}</span> : null}
              <Details probe={probe} />
            </li>
          ))}
          <li className="grid gap-1 rounded-lg border border-solid border-border bg-card p-3" data-testid="probe-audit">
            <div className="flex items-center justify-between gap-2">
              <strong>{t("service.audit")}</strong>
              <StatusBadge status={data.audit.status} />
            </div>
            <span className="text-sm text-muted-foreground">
              {data.audit.lastVerifiedAt
                ? t("detail.auditVerified", { at: moment(data.audit.lastVerifiedAt), chains: data.audit.chains, broken: data.audit.broken })
                : t("detail.auditNever")}
            </span>
          </li>
        </ul>
      </section>

      <section aria-labelledby="health-cron" className="grid gap-2">
        <h2 id="health-cron" className="m-0 text-lg">
          {t("cron.title")}
        </h2>
        {data.cron.length ? (
          <ul className="m-0 grid list-none gap-1 p-0 text-sm" data-testid="cron-runs">
            {data.cron.map((run) => (
              <li key={run.name}>
                <strong>{run.name}</strong>: {moment(run.at)} · {run.ok ? t("cron.ok") : t("cron.failed", { error: run.error ?? "" })}
              </li>
            ))}
          </ul>
        ) : (
          <p className="m-0 text-sm text-muted-foreground">{t("cron.none")}</p>
        )}
      </section>

      {data.problems ? (
        <section aria-labelledby="health-config" className="grid gap-2" data-testid="config-problems">
          <h2 id="health-config" className="m-0 text-lg">
            {t("config.title")}
          </h2>
          {data.problems.length ? (
            <ul className="m-0 ps-5">
              {data.problems.map((p) => (
                <li key={p.key + JSON.stringify(p.values ?? {})}>{t(`config.${p.key}`, p.values)}</li>
              ))}
            </ul>
          ) : (
            <p className="m-0 text-sm text-muted-foreground">{t("config.none")}</p>
          )}
        </section>
      ) : null}

      <HistoryChart history={data.history} />
    </div>
  );
}
