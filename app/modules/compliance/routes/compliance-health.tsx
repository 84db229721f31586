import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProgressBar } from "~/components/ui/progress";
import { requireSession } from "~/modules/auth/guard.server";
import { throwAsResponse } from "~/platform/http.server";
import { getRequestContext } from "~/platform/request-context.server";
import type { SignedInPageHandle } from "~/routes/_app";
import { ItemList, ItemsTruncated } from "../components/item-list";
import { MonthCalendar } from "../components/month-calendar";
import { ScoreChart } from "../components/score-chart";
import { complianceT } from "../i18n.server";
import { runPageCommand } from "../page-action.server";
import { itemCommands } from "../page-commands.server";
import { complianceHealthPage } from "../page.server";

export const handle = { i18n: ["compliance", "tax"] } satisfies SignedInPageHandle;
export const meta: MetaFunction = () => [{ title: "Compliance Health · Legal Document Platform" }];

export async function loader(args: LoaderFunctionArgs) {
  const session = await requireSession(args);
  const ctx = getRequestContext(args.request, args.context);
  try {
    return await complianceHealthPage(ctx.db, session);
  } catch (error) {
    throwAsResponse(error, complianceT(args.request));
  }
}

export const action = (args: ActionFunctionArgs) => runPageCommand(args, itemCommands);

const panel = "grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border border-solid border-border bg-card p-5";

export default function ComplianceHealthPage() {
  const { access, health } = useLoaderData<typeof loader>();
  const { t } = useTranslation("compliance");
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 [&>*]:min-w-0">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("health.title")}</h1>
        <p className="m-0 text-muted-foreground">{t("health.subtitle")}</p>
      </header>
      {health.truncated ? <ItemsTruncated limit={health.limit} textKey="health.truncated" /> : null}
      <section aria-labelledby="score-heading" className={panel} data-testid="compliance-score">
        <h2 id="score-heading" className="m-0 text-lg">
          {t("health.scoreHeading")}
        </h2>
        {health.score === null ? (
          <p className="m-0">{t("health.noScore")}</p>
        ) : (
          <>
            <p className="m-0 text-4xl font-semibold" data-testid="score-value">
              {health.score}%
            </p>
            <ProgressBar value={health.score} label={t("health.scoreLabel", { score: health.score })} />
          </>
        )}
        <p className="m-0 text-sm">{t("health.explanation", { due: health.due, onTime: health.onTime, late: health.late, overdue: health.overdue })}</p>
        <p className="m-0 text-sm text-muted-foreground">{t("health.weights", { weightOnTime: health.weightOnTime, weightDue: health.weightDue })}</p>
        <ScoreChart history={health.history} />
      </section>
      <section aria-labelledby="overdue-heading" className={panel}>
        <h2 id="overdue-heading" className="m-0 text-lg">
          {t("health.overdueHeading", { count: health.overdueItems.length })}
        </h2>
        <ItemList items={health.overdueItems} canManage={access.manage} empty={t("health.noneOverdue")} testId="overdue-items" />
      </section>
      <section aria-labelledby="upcoming-heading" className={panel}>
        <h2 id="upcoming-heading" className="m-0 text-lg">
          {t("health.upcomingHeading")}
        </h2>
        <ItemList items={health.upcomingItems} canManage={access.manage} empty={t("health.noneUpcoming")} testId="upcoming-items" />
      </section>
      <section aria-labelledby="calendar-heading" className={panel}>
        <h2 id="calendar-heading" className="m-0 text-lg">
          {t("health.calendarHeading")}
        </h2>
        <MonthCalendar items={health.calendar} />
      </section>
      <p className="m-0 text-sm">
        <Link to="/trust-administration">{t("health.toChecklist")}</Link> · <Link to="/compliance-notifications">{t("health.toReminders")}</Link>
      </p>
    </div>
  );
}
