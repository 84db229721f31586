import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";
import { useLanguage } from "~/modules/preferences/display";
import type { ErrorsPageData } from "../errors-page.server";
import { ReportProblemForm } from "./report-problem";

const COMMANDS = ["resolve", "ignore", "fixed-next", "reopen"] as const;
const REPORT_STATUSES = ["received", "investigating", "resolved"] as const;

function useMoment() {
  const { language } = useLanguage();
  const format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
  return (iso: string) => format.format(new Date(iso));
}

/** Runs a command against the API, then reloads the page's data; a refusal is said in the banner. */
function useCommand() {
  const revalidator = useRevalidator();
  const [message, setMessage] = useState<string | null>(null);
  const run = async (path: string, body: unknown, done: string, failed: string) => {
    try {
      await apiFetch(path, { method: "POST", body });
      setMessage(done);
      revalidator.revalidate();
    } catch (error) {
      setMessage(refusalSentence(error, failed));
    }
  };
  return { run, message };
}

function Groups({ groups }: { groups: NonNullable<ErrorsPageData["groups"]> }) {
  const { t } = useTranslation("ops");
  const moment = useMoment();
  const { run, message } = useCommand();
  return (
    <section aria-labelledby="error-groups" className="grid gap-2">
      <h2 id="error-groups" className="m-0 text-lg">
        {t("groups.title")}
      </h2>
      {message ? (
        <p role="status" className="m-0">
          {message}
        </p>
      ) : null}
      {groups.length === 0 ? (
        <p className="m-0 text-muted-foreground">{t("groups.empty")}</p>
      ) : (
        <ul className="m-0 grid list-none gap-3 p-0" data-testid="error-groups">
          {groups.map((g) => (
            <li key={g.id} className="grid gap-1 rounded-lg border border-solid border-border bg-card p-3" data-testid="error-group" data-status={g.status}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <strong className="break-all">
                  {g.type}: {g.message}
                </strong>
                <span className="text-sm">{t(`groupStatus.${g.status}`)}</span>
              </div>
              <span className="text-sm text-muted-foreground">
                {t("groups.summary", { count: g.count, people: g.people, source: t(`groups.source.${g.source}`) })} ·{" "}
                {t("groups.seen", { first: moment(g.firstSeen), last: moment(g.lastSeen) })}
                {g.releases.length ? ` · ${t("groups.releases", { releases: g.releases.join(", ") })}` : ""}
              </span>
              <div className="flex flex-wrap gap-2">
                {COMMANDS.filter((c) => (c === "reopen") === (g.status !== "open")).map((command) => (
                  <Button
                    key={command}
                    variant="outline"
                    size="sm"
                    onClick={() => void run(`/api/errors/groups/${g.id}/${command}`, {}, t("groups.changed"), t("groups.failed"))}
                  >
                    {t(`action.${command}`)}
                  </Button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Reports({ reports, operator }: { reports: ErrorsPageData["mine"] | NonNullable<ErrorsPageData["all"]>; operator: boolean }) {
  const { t } = useTranslation("ops");
  const moment = useMoment();
  const { run, message } = useCommand();
  return (
    <>
      {message ? (
        <p role="status" className="m-0">
          {message}
        </p>
      ) : null}
      <ul className="m-0 grid list-none gap-2 p-0" data-testid={operator ? "all-reports" : "my-reports"}>
        {reports.map((r) => (
          <li key={r.id} className="grid gap-1 rounded-lg border border-solid border-border p-3" data-testid="problem-report">
            <span className="whitespace-pre-wrap">{r.description}</span>
            <span className="text-sm text-muted-foreground">
              {moment(r.createdAt)} · <span data-testid="report-status">{t(`reportStatus.${r.status}`)}</span>
              {"errors" in r ? ` · ${t("reports.attached", { count: r.errors.length })}` : ""}
            </span>
            {operator ? (
              <div className="flex flex-wrap gap-2">
                {REPORT_STATUSES.filter((s) => s !== r.status).map((status) => (
                  <Button
                    key={status}
                    variant="outline"
                    size="sm"
                    onClick={() => void run(`/api/errors/reports/${r.id}/status`, { status }, t("groups.changed"), t("groups.failed"))}
                  >
                    {t(`reportStatus.${status}`)}
                  </Button>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

export function ErrorsPage({ data }: { data: ErrorsPageData }) {
  const { t } = useTranslation("ops");
  const { t: tc } = useTranslation();
  const revalidator = useRevalidator();
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("reporting.title")}</h1>
        <p className="m-0 text-muted-foreground">{data.groups ? t("reporting.intro") : t("reporting.introMember")}</p>
      </header>
      {data.groups ? <Groups groups={data.groups} /> : null}
      {data.all ? (
        <section aria-labelledby="all-reports" className="grid gap-2">
          <h2 id="all-reports" className="m-0 text-lg">
            {t("reports.all")}
          </h2>
          {data.all.length ? <Reports reports={data.all} operator /> : <p className="m-0 text-muted-foreground">{t("reports.allEmpty")}</p>}
        </section>
      ) : null}
      <section aria-labelledby="my-reports" className="grid gap-2">
        <h2 id="my-reports" className="m-0 text-lg">
          {t("reports.mine")}
        </h2>
        {data.mine.length ? <Reports reports={data.mine} operator={false} /> : <p className="m-0 text-muted-foreground">{t("reports.mineEmpty")}</p>}
      </section>
      <section aria-labelledby="report-form" className="grid max-w-xl gap-2">
        <h2 id="report-form" className="m-0 text-lg">
          {tc("reportProblem.title")}
        </h2>
        <ReportProblemForm onSent={() => revalidator.revalidate()} />
      </section>
    </div>
  );
}
