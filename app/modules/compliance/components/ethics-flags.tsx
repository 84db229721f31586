import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { FLAG_RESOLUTIONS } from "../ethics/checks";
import type { ethicsView } from "../ethics-page.server";
import { ComplianceAnswer } from "./answer";
import { useDay } from "./dates";

type Flag = Awaited<ReturnType<typeof ethicsView>>["flags"][number];
const field = "w-full min-w-0 rounded-md border border-solid border-input bg-background p-1.5";

/** Where a flag's money can be looked at: the transaction in the ledger, the distribution in the finances. */
function subjectHref(flag: Flag): string | null {
  const date = typeof flag.params.date === "string" ? flag.params.date : "";
  if (flag.subjectType === "transaction") return `/transaction-reconciliation?${new URLSearchParams({ from: date, to: date })}`;
  if (flag.subjectType === "distribution") return `/financial#distribution-${flag.subjectId}-title`;
  return null;
}

/** A picker of the documents that can prove something, with "No document" first. */
export function DocumentOptions({ name, evidence, className }: { name: string; evidence: { id: string; title: string }[]; className: string }) {
  const { t } = useTranslation("compliance");
  return (
    <select name={name} className={className}>
      <option value="">{t("ethics.flagsPanel.noEvidence")}</option>
      {evidence.map((document) => (
        <option key={document.id} value={document.id}>
          {document.title}
        </option>
      ))}
    </select>
  );
}

function ResolveForm({ flag, evidence }: { flag: Flag; evidence: { id: string; title: string }[] }) {
  const { t } = useTranslation("compliance");
  const id = `flag-${flag.key.replace(/[^a-z0-9-]/gi, "-")}`;
  return (
    <Form method="post" className="grid gap-2 sm:grid-cols-2" aria-label={t("ethics.flagsPanel.resolveLabel")}>
      <input type="hidden" name="intent" value="flag-resolve" />
      <input type="hidden" name="target" value={flag.key} />
      <label className="grid min-w-0 gap-1 text-sm">
        {t("ethics.flagsPanel.resolution")}
        <select name="resolution" required className={field}>
          {FLAG_RESOLUTIONS.map((resolution) => (
            <option key={resolution} value={resolution}>
              {t(`ethics.resolutions.${resolution}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid min-w-0 gap-1 text-sm">
        {t("ethics.flagsPanel.evidence")}
        <DocumentOptions name="evidenceDocumentId" evidence={evidence} className={field} />
      </label>
      <label className="grid min-w-0 gap-1 text-sm sm:col-span-2" htmlFor={`${id}-reason`}>
        {t("ethics.flagsPanel.reason")}
        <textarea id={`${id}-reason`} name="reason" required minLength={10} maxLength={2000} rows={2} className={field} />
      </label>
      <div>
        <Button type="submit" size="sm">
          {t("ethics.flagsPanel.resolve")}
        </Button>
      </div>
    </Form>
  );
}

/** The year's flags: open ones first with a form to settle each, settled ones with who settled them and why. */
export function EthicsFlagsPanel({
  flags,
  canManage,
  evidence,
  year,
}: {
  flags: Flag[];
  canManage: boolean;
  evidence: { id: string; title: string }[];
  year: number;
}) {
  const { t } = useTranslation("compliance");
  const day = useDay();
  const open = flags.filter((flag) => !flag.review).length;
  return (
    <section aria-labelledby="flags-heading" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 rounded-lg border border-solid border-border bg-card p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="flags-heading" className="m-0 text-lg">
          {t("ethics.flagsPanel.heading", { year })}
        </h2>
        <span className="text-sm text-muted-foreground" data-testid="open-flag-count">
          {t("ethics.flagsPanel.openCount", { count: open })}
        </span>
      </div>
      <p className="m-0 text-sm text-muted-foreground">{t("ethics.flagsPanel.help")}</p>
      <ComplianceAnswer intents={["flag-resolve", "flag-reopen"]} />
      {flags.length === 0 ? (
        <p className="m-0 text-sm" data-testid="no-flags">
          {t("ethics.flagsPanel.none")}
        </p>
      ) : (
        <ul className="m-0 grid list-none gap-3 p-0" data-testid="ethics-flags">
          {flags.map((flag) => {
            const href = subjectHref(flag);
            return (
              <li key={flag.key} className="grid gap-2 rounded-md border border-solid border-border p-3" data-testid="ethics-flag" data-kind={flag.kind}>
                <div className="flex flex-wrap items-center gap-2">
                  <span
                    className={`rounded px-2 py-0.5 text-xs font-semibold ${flag.severity === "high" ? "bg-red-100 text-red-900" : "bg-amber-100 text-amber-900"}`}
                  >
                    {t(`ethics.severity.${flag.severity}`)}
                  </span>
                  <strong className="text-sm">{t(`ethics.kinds.${flag.kind}`)}</strong>
                  {flag.review ? <span className="text-xs text-muted-foreground">{t("ethics.flagsPanel.settled")}</span> : null}
                </div>
                <p className="m-0">{flag.text}</p>
                {href ? (
                  <a href={href} className="text-sm">
                    {t(flag.subjectType === "transaction" ? "ethics.flagsPanel.openTransaction" : "ethics.flagsPanel.openDistribution")}
                  </a>
                ) : null}
                {flag.review ? (
                  <div className="grid gap-1 rounded-md bg-muted p-2 text-sm" data-testid="flag-review">
                    <span>
                      {t(`ethics.resolutions.${flag.review.resolution}`)} ·{" "}
                      {t("ethics.flagsPanel.settledBy", { name: flag.review.resolvedBy ?? t("ethics.flagsPanel.someone"), on: day(flag.review.resolvedAt) })}
                    </span>
                    <span>{flag.review.reason}</span>
                    {flag.review.evidenceDocumentId ? <a href={`/documents/${flag.review.evidenceDocumentId}`}>{t("ethics.flagsPanel.viewEvidence")}</a> : null}
                    {canManage ? (
                      <Form method="post">
                        <input type="hidden" name="target" value={flag.key} />
                        <Button type="submit" name="intent" value="flag-reopen" size="sm" variant="ghost">
                          {t("ethics.flagsPanel.reopen")}
                        </Button>
                      </Form>
                    ) : null}
                  </div>
                ) : canManage ? (
                  <ResolveForm flag={flag} evidence={evidence} />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
