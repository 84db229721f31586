import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ProgressBar } from "~/components/ui/progress";
import { useLanguage } from "~/modules/preferences/display";
import type { ExportView } from "../service.server";

interface Answer {
  success: boolean;
  error?: string;
  exports?: ExportView[];
  export?: ExportView;
  jobId?: string;
}

const POLL_MS = 2000;

function formatBytes(bytes: number, formatNumber: (n: number, o?: Intl.NumberFormatOptions) => string) {
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, { maximumFractionDigits: 1 })} KB`;
  if (bytes < 1024 ** 3) return `${formatNumber(bytes / 1024 ** 2, { maximumFractionDigits: 1 })} MB`;
  return `${formatNumber(bytes / 1024 ** 3, { maximumFractionDigits: 2 })} GB`;
}

/**
 * "Export everything" (issue 19), for the /admin page: the owner's button, their latest exports with status, a
 * progress bar (files done of total, polled while an export runs), size, expiry and the download link. Render it for
 * owners only (`role === "owner"`); the API refuses everyone else anyway. Texts in the "exports" namespace.
 */
export function WorkspaceExportPanel({ initialExports }: { initialExports?: ExportView[] }) {
  const { t } = useTranslation("exports");
  const { formatNumber, formatDate } = useLanguage();
  const list = useFetcher<Answer>();
  const start = useFetcher<Answer>();
  const status = useFetcher<Answer>();

  const { load } = list;
  useEffect(() => {
    if (!initialExports) load("/api/workspaces/export");
  }, [initialExports, load]);
  // A new export was asked for: list it at once.
  useEffect(() => {
    if (start.state === "idle" && start.data?.jobId) load("/api/workspaces/export");
  }, [start.state, start.data, load]);

  const exports = list.data?.exports ?? initialExports ?? [];
  const active = exports.find((e) => e.status === "queued" || e.status === "running");
  const fresh = status.data?.export?.id === active?.id ? status.data?.export : undefined;

  const statusLoad = status.load;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => statusLoad(`/api/workspaces/export/${active.id}`), POLL_MS);
    return () => clearInterval(timer);
  }, [active, statusLoad]);
  // The running one finished: read the list again (size, expiry, link).
  useEffect(() => {
    if (fresh && (fresh.status === "ready" || fresh.status === "failed")) load("/api/workspaces/export");
  }, [fresh, load]);

  const shown = exports.map((e) => (fresh && e.id === fresh.id ? fresh : e));
  const busy = start.state !== "idle" || Boolean(active);
  const error = (start.data && !start.data.success && start.data.error) || (list.data && !list.data.success && list.data.error) || null;

  return (
    <section
      aria-labelledby="workspace-export-title"
      className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4"
      data-testid="workspace-export"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="workspace-export-title" className="m-0 text-lg font-semibold">
            {t("panel.title")}
          </h2>
          <p className="m-0 text-sm text-muted-foreground">{t("panel.description")}</p>
        </div>
        <start.Form method="post" action="/api/workspaces/export">
          <Button type="submit" disabled={busy}>
            {start.state !== "idle" ? t("panel.starting") : t("panel.start")}
          </Button>
        </start.Form>
      </div>
      {error ? (
        <p role="alert" className="m-0 text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {shown.length === 0 ? (
        <p className="m-0 text-sm text-muted-foreground">{t("panel.none")}</p>
      ) : (
        <ul className="m-0 grid list-none gap-3 p-0">
          {shown.map((e) => {
            const percent = e.filesTotal > 0 ? Math.min(100, (e.filesDone / e.filesTotal) * 100) : null;
            return (
              <li key={e.id} className="grid gap-1 border-t border-solid border-border pt-3 text-sm" data-testid="workspace-export-row">
                <div className="flex flex-wrap items-center gap-2">
                  <strong>{t("panel.requested", { date: formatDate(e.createdAt, { dateStyle: "medium", timeStyle: "short" }) })}</strong>
                  <span className="rounded-full bg-muted px-2 py-0.5 text-xs">{e.expired ? t("status.expired") : t(`status.${e.status}`)}</span>
                </div>
                {e.status === "queued" || e.status === "running" ? (
                  <>
                    <ProgressBar value={percent} label={t("panel.progressLabel")} />
                    <span className="text-muted-foreground" aria-live="polite">
                      {e.filesTotal > 0 ? t("panel.progress", { done: formatNumber(e.filesDone), total: formatNumber(e.filesTotal) }) : t("panel.waiting")}
                    </span>
                  </>
                ) : null}
                {e.status === "failed" ? <span className="text-destructive">{t("panel.failed")}</span> : null}
                {e.status === "ready" ? (
                  <span className="text-muted-foreground">
                    {e.sizeBytes != null ? `${formatBytes(e.sizeBytes, formatNumber)} · ` : ""}
                    {e.expired || !e.expiresAt
                      ? t("panel.expiredNote")
                      : t("panel.expires", { date: formatDate(e.expiresAt, { dateStyle: "medium", timeStyle: "short" }) })}
                  </span>
                ) : null}
                {e.downloadUrl ? (
                  <div>
                    <Button asChild variant="outline" size="sm">
                      <a href={e.downloadUrl} download>
                        {t("panel.download")}
                      </a>
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
