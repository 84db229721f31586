import { useTranslation } from "react-i18next";
import { useDescribeActivity } from "~/modules/audit/use-activity";
import { RelativeTime } from "~/modules/preferences/components/relative-time";

export interface AuditRow {
  id: string;
  action: string;
  outcome: "success" | "failure" | "denied";
  ip: string | null;
  createdAt: string;
  actorName: string | null;
}

/** The workspace's latest audit entries, each as a sentence. */
export function AuditPanel({ audit }: { audit: AuditRow[] }) {
  const { t } = useTranslation();
  const { t: tDashboard } = useTranslation("dashboard");
  const describeActivity = useDescribeActivity();
  const head = "border-b border-solid border-border p-2 text-start";
  const cell = "border-b border-solid border-border p-2";
  return (
    <section aria-labelledby="audit-heading" className="rounded-lg border border-solid border-border bg-card p-4 md:col-span-2">
      <h2 id="audit-heading" className="mt-0 text-lg">
        {t("admin.audit")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("admin.auditIntro")}</p>
      {/* Scrolls sideways on a narrow screen: focusable, so the keyboard can scroll it too. */}
      <div className="overflow-x-auto" tabIndex={0} role="group" aria-labelledby="audit-heading">
        <table className="w-full border-collapse text-sm" data-testid="audit-log">
          <thead>
            <tr className="text-start">
              <th scope="col" className={head}>
                {t("admin.auditWhen")}
              </th>
              <th scope="col" className={head}>
                {t("admin.auditWho")}
              </th>
              <th scope="col" className={head}>
                {t("admin.auditAction")}
              </th>
              <th scope="col" className={head}>
                {t("admin.auditOutcome")}
              </th>
              <th scope="col" className={head}>
                {t("admin.auditFrom")}
              </th>
            </tr>
          </thead>
          <tbody>
            {audit.map((entry) => (
              <tr key={entry.id}>
                <td className={cell}>
                  <RelativeTime value={entry.createdAt} />
                </td>
                <td className={cell}>{entry.actorName ?? "—"}</td>
                <td className={cell}>{describeActivity(entry).sentence}</td>
                <td className={cell}>{tDashboard(`activity.outcome.${entry.outcome}`)}</td>
                <td className={cell}>{entry.ip ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
