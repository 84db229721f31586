import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { useLanguage } from "~/modules/preferences/display";
import { ProgressBar } from "~/components/ui/progress";
import type { ModuleSummary } from "./module-summaries";
import { moduleRoute } from "./modules";

/** A card's words: the dashboard's own ("overdue" → stat.overdue), or a module's ("banking:dashboard.unaccounted"). */
function ownKey(key: string, prefix: string): string {
  return key.includes(":") ? key : `${prefix}.${key}`;
}

function DialogSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="m-0 mb-2 text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A module's detail: statistics, recent items, quick actions and "Open {module}". */
export default function ModuleDialog({ summary, onClose }: { summary: ModuleSummary; onClose: () => void }) {
  const { t } = useTranslation("dashboard");
  const { formatNumber, formatDate } = useLanguage();
  const name = t(`modules.${summary.id}.name`);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent data-testid="module-dialog">
        <DialogTitle>
          <summary.icon aria-hidden="true" className="me-2 inline h-5 w-5 align-[-0.15em]" />
          {name}
        </DialogTitle>
        <DialogDescription>{t(`modules.${summary.id}.description`)}</DialogDescription>
        <ProgressBar value={summary.progress} label={t("moduleProgress", { module: name })} />
        <DialogSection id="module-stats" title={t("dialog.statistics")}>
          {summary.stats.length === 0 ? (
            <p className="m-0 text-sm text-muted-foreground">{t(`modules.${summary.id}.noStats`)}</p>
          ) : (
            <dl className="m-0 grid grid-cols-2 gap-2">
              {summary.stats.map((stat) => (
                <div key={stat.key} className="rounded-md bg-muted p-2">
                  <dt className="text-xs text-muted-foreground">{t(ownKey(stat.key, "stat"))}</dt>
                  <dd className="m-0 text-lg font-semibold">{typeof stat.value === "number" ? formatNumber(stat.value) : stat.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </DialogSection>
        <DialogSection id="module-recent" title={t("dialog.recentItems")}>
          {summary.recent.length === 0 ? (
            <p className="m-0 text-sm text-muted-foreground">{t("dialog.noRecent")}</p>
          ) : (
            <ul className="m-0 grid list-none gap-1 p-0 text-sm">
              {summary.recent.map((item) => (
                <li key={item.id} className="flex justify-between gap-2">
                  <span>{item.title}</span>
                  <span className="text-muted-foreground">{t(ownKey(item.detailKey, "recent"), { date: item.detail ? formatDate(item.detail) : "" })}</span>
                </li>
              ))}
            </ul>
          )}
        </DialogSection>
        <DialogSection id="module-actions" title={t("dialog.quickActions")}>
          <div className="flex flex-wrap gap-2">
            {summary.actions.map((action) => (
              <Button key={action.key} asChild variant="secondary" size="sm">
                <Link to={action.to}>{t(ownKey(action.key, "action"))}</Link>
              </Button>
            ))}
          </div>
        </DialogSection>
        <Button asChild>
          <Link to={moduleRoute(summary.name)} data-testid="open-module">
            {t("openModule", { module: name })}
          </Link>
        </Button>
      </DialogContent>
    </Dialog>
  );
}
