import { RefreshCw } from "lucide-react";
import { RecentDocumentsCarousel } from "~/modules/documents/components/recent-documents-carousel";
import { Link, useRevalidator } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ProgressBar } from "~/components/ui/progress";
import { Loading } from "~/components/loading";
import { useAnnouncer } from "~/modules/a11y/announcer";
import { useDescribeActivity } from "~/modules/audit/use-activity";
import type { PublicUser } from "~/modules/auth/public-user";
import { RelativeTime } from "~/modules/preferences/components/relative-time";
import { useLanguage } from "~/modules/preferences/display";
import { moduleSummaries, type ModuleSummary } from "./module-summaries";
import { QUICK_ACTIONS } from "./modules";
import type { DashboardData } from "./service.server";

// The detail dialog is only needed when someone opens a module: load it lazily.
const ModuleDialog = lazy(() => import("./module-dialog"));

function StatCard({ label, value, hint, testId, tour }: { label: string; value: string; hint: string; testId: string; tour?: string }) {
  return (
    <div className="rounded-lg border border-solid border-border bg-card p-4" data-testid={testId} data-tour={tour}>
      <p className="m-0 text-sm text-muted-foreground">{label}</p>
      <p className="m-0 mt-1 text-3xl font-bold" data-testid={`${testId}-value`}>
        {value}
      </p>
      <p className="m-0 mt-1 text-xs text-muted-foreground">{hint}</p>
    </div>
  );
}

function ModuleCard({ summary, onOpen }: { summary: ModuleSummary; onOpen: () => void }) {
  const { t } = useTranslation("dashboard");
  const { formatNumber } = useLanguage();
  const name = t(`modules.${summary.id}.name`);
  const Icon = summary.icon;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-solid border-border bg-card p-4" data-testid={`module-${summary.id}`}>
      <div className="flex items-center gap-2">
        <Icon aria-hidden="true" className="h-6 w-6 shrink-0 text-primary" />
        <h3 className="m-0 min-w-0 flex-1 text-base">{name}</h3>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs">
          {t(summary.statusKey.includes(":") ? summary.statusKey : `moduleStatus.${summary.statusKey}`)}
        </span>
      </div>
      <ProgressBar value={summary.progress} label={t("moduleProgress", { module: name })} />
      <p className="m-0 text-sm text-muted-foreground">
        {summary.progress === null ? t(`modules.${summary.id}.noProgress`) : t(`modules.${summary.id}.progress`, { percent: formatNumber(summary.progress) })}
      </p>
      <Button variant="outline" size="sm" onClick={onOpen} aria-haspopup="dialog" className="self-start">
        {t("moduleDetails", { module: name })}
      </Button>
    </li>
  );
}

function ActivityList({ data }: { data: DashboardData }) {
  const { t } = useTranslation("dashboard");
  const describe = useDescribeActivity();
  if (data.activity.recent.length === 0) return <p className="m-0 text-sm text-muted-foreground">{t("activity.empty")}</p>;
  return (
    <ol className="m-0 grid list-none gap-2 p-0" data-testid="recent-activity">
      {data.activity.recent.map((entry) => {
        const line = describe(entry);
        return (
          <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-2 border-b border-solid border-border pb-2 text-sm last:border-none">
            <span className="min-w-0 break-words">
              {line.sentence}
              {line.outcome ? <span className="ms-2 text-xs text-destructive">{line.outcome}</span> : null}
            </span>
            <RelativeTime value={entry.at} className="text-xs text-muted-foreground" />
          </li>
        );
      })}
    </ol>
  );
}

/** The signed-in home (spec section 2), on the workspace's real figures. */
export function Dashboard({
  user,
  data,
  trialEndsAt,
  lead = null,
}: {
  user: PublicUser;
  data: DashboardData | null;
  trialEndsAt: string | null;
  /** What leads this person's dashboard, right under the greeting (a beneficiary's portal summary). */
  lead?: ReactNode;
}) {
  const { t } = useTranslation("dashboard");
  const { t: tCommon } = useTranslation();
  const { t: tAuth } = useTranslation("auth");
  const { formatNumber, formatDate } = useLanguage();
  const revalidator = useRevalidator();
  const { announceLoading, announceLoaded } = useAnnouncer();
  const [openModule, setOpenModule] = useState<ModuleSummary | null>(null);
  const refreshing = useRef(false);

  useEffect(() => {
    if (refreshing.current && revalidator.state === "idle") {
      refreshing.current = false;
      announceLoaded(t("title"));
    }
  }, [revalidator.state, announceLoaded, t]);

  const refresh = () => {
    refreshing.current = true;
    announceLoading(t("title"));
    revalidator.revalidate();
  };

  const greeting = user.firstName ? t("greeting", { name: user.firstName }) : t("greetingDefault");
  if (!data) return null;
  const modules = moduleSummaries(data);
  const compliance = data.compliance;

  return (
    <div className="grid grid-cols-1 gap-6">
      <section aria-labelledby="welcome-heading" className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="welcome-heading" className="m-0 text-2xl">
            {greeting}
          </h1>
          {user.workspace ? (
            <p className="m-0 mt-1 text-muted-foreground">
              {t("workspace", { workspace: user.workspace.name, role: tAuth(`roles.${user.workspace.role}`) })}
              {trialEndsAt ? ` ${t("trialEnds", { date: formatDate(trialEndsAt) })}` : null}
            </p>
          ) : null}
        </div>
        <Button variant="outline" onClick={refresh} disabled={revalidator.state !== "idle"} data-testid="refresh-data">
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          {revalidator.state !== "idle" ? tCommon("loading") : t("refresh")}
        </Button>
      </section>

      {lead}

      <section aria-labelledby="stats-heading" data-tour="dashboard-overview">
        <h2 id="stats-heading" className="sr-only">
          {t("stats.heading")}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard
            testId="stat-documents"
            label={t("stats.documents")}
            value={formatNumber(data.documents.total)}
            hint={data.scope === "own" ? t("stats.documentsOwnHint") : t("stats.documentsHint", { count: data.documents.completed })}
          />
          <StatCard testId="stat-members" label={t("stats.members")} value={formatNumber(data.members.total)} hint={t("stats.membersHint")} />
          <StatCard
            testId="stat-compliance"
            tour="compliance-indicator"
            label={t("stats.compliance")}
            value={compliance.onTrackPercent === null ? t("stats.complianceNone") : formatNumber(compliance.onTrackPercent / 100, { style: "percent" })}
            hint={compliance.total === 0 ? t("stats.complianceNoneHint") : t("stats.complianceHint", { overdue: compliance.overdue, total: compliance.total })}
          />
          <StatCard
            testId="stat-activity"
            label={t("stats.activity")}
            value={formatNumber(data.activity.count)}
            hint={
              data.scope === "own"
                ? t("stats.activityOwnHint", { days: data.activity.windowDays })
                : t("stats.activityHint", { days: data.activity.windowDays })
            }
          />
        </div>
      </section>

      <section aria-labelledby="recent-docs-heading" data-tour="documents-section" className="rounded-lg border border-solid border-border bg-card p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="recent-docs-heading" className="m-0 text-lg">
            {t("recentDocuments")}
          </h2>
          <Link to="/documents">{t("viewAllDocuments")}</Link>
        </div>
        <RecentDocumentsCarousel />
      </section>

      <section aria-labelledby="modules-heading">
        <h2 id="modules-heading" className="m-0 mb-3 text-lg">
          {t("modulesHeading")}
        </h2>
        <ul className="m-0 grid list-none gap-4 p-0 md:grid-cols-2 lg:grid-cols-3">
          {modules.map((summary) => (
            <ModuleCard key={summary.id} summary={summary} onOpen={() => setOpenModule(summary)} />
          ))}
        </ul>
        {openModule ? (
          <Suspense fallback={<Loading />}>
            <ModuleDialog summary={openModule} onClose={() => setOpenModule(null)} />
          </Suspense>
        ) : null}
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section aria-labelledby="quick-actions-heading" data-tour="collaboration-tools" className="rounded-lg border border-solid border-border bg-card p-4">
          <h2 id="quick-actions-heading" className="m-0 mb-3 text-lg">
            {t("quickActions")}
          </h2>
          <ul className="m-0 grid list-none grid-cols-2 gap-2 p-0 sm:grid-cols-3">
            {QUICK_ACTIONS.map((action) => (
              <li key={action.id}>
                <Link
                  to={action.to}
                  aria-label={"labelKey" in action ? tCommon(action.labelKey) : undefined}
                  className="box-border flex h-full flex-col items-center gap-1 rounded-md border border-solid border-border p-3 text-center text-sm text-foreground no-underline hover:bg-muted"
                  data-testid={`quick-action-${action.id}`}
                >
                  <action.icon aria-hidden="true" className="h-6 w-6 text-primary" />
                  {t(`quick.${action.id}`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="activity-heading" className="rounded-lg border border-solid border-border bg-card p-4">
          <h2 id="activity-heading" className="m-0 mb-3 text-lg">
            {t("recentActivity")}
          </h2>
          <ActivityList data={data} />
        </section>
      </div>
    </div>
  );
}
