import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PortalDistribution } from "../portal.server";
import type { Formatters } from "../summary";
import { Section } from "./section";

/** Her requests and distributions: how much, why, where each stands, the clause behind it and who approved it. */
export function DistributionsSection({ distributions, format }: { distributions: PortalDistribution[]; format: Formatters }) {
  const { t } = useTranslation("portal");
  return (
    <Section id="distributions" title={t("distributions.heading")}>
      {distributions.length === 0 ? <p className="m-0 text-muted-foreground">{t("distributions.empty")}</p> : null}
      <ul className="m-0 grid list-none gap-3 p-0" data-testid="portal-distribution-list">
        {distributions.map((d) => (
          <li key={d.id} className="grid gap-1 border-0 border-b border-solid border-border pb-3 last:border-b-0" data-testid="portal-distribution">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="min-w-0 break-words font-medium">{d.purpose}</span>
              <span className="font-semibold">{format.money(d.amountMinor)}</span>
            </div>
            <p className="m-0 text-sm">
              <span className="rounded-full bg-muted px-2 py-0.5" data-testid="portal-distribution-status">
                {t(`status.${d.status}`)}
              </span>{" "}
              <span className="text-muted-foreground">{t("distributions.requestedOn", { date: format.date(d.createdAt) })}</span>
              {d.paidOn ? <span className="text-muted-foreground"> · {t("distributions.paidOn", { date: format.date(d.paidOn) })}</span> : null}
            </p>
            <p className="m-0 text-sm text-muted-foreground">{approvalLine(d, t, format)}</p>
            <details className="text-sm">
              <summary className="cursor-pointer">
                {t("distributions.authority", { clause: [d.authority.reference, d.authority.title].filter(Boolean).join(" ") })}
              </summary>
              <blockquote className="m-0 mt-1 break-words border-0 border-l-4 border-solid border-primary bg-muted p-2">{d.authority.passage}</blockquote>
            </details>
            {d.poll ? <Link to={`/polling/${d.poll.id}`}>{t("distributions.pollLink")}</Link> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function approvalLine(d: PortalDistribution, t: (key: string, options?: Record<string, unknown>) => string, format: Formatters): string {
  if (d.decidedBy && d.decidedAt)
    return t(`distributions.decided.${d.status === "rejected" ? "rejected" : "approved"}`, { name: d.decidedBy, date: format.date(d.decidedAt) });
  if (d.approvalMode === "poll") return t("distributions.byPoll");
  if (d.approvalMode === "all_trustees") {
    const yes = d.approvals.filter((a) => a.decision === "approve").map((a) => a.name);
    return yes.length ? t("distributions.allTrusteesSoFar", { names: yes.join(", ") }) : t("distributions.allTrustees");
  }
  return d.status === "requested" ? t("distributions.waitingTrustee") : t("distributions.byTrustee");
}
