import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PortalData } from "../portal.server";
import type { Formatters } from "../summary";
import { Section } from "./section";

/** The documents the trustees shared with her. */
export function DocumentsSection({ documents, format }: { documents: PortalData["documents"]; format: Formatters }) {
  const { t } = useTranslation("portal");
  return (
    <Section id="documents" title={t("documents.heading")}>
      {documents.length === 0 ? (
        <p className="m-0 text-muted-foreground">{t("documents.empty")}</p>
      ) : (
        <ul className="m-0 grid list-none gap-2 p-0">
          {documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <Link to={`/documents/${d.id}`} className="min-w-0 break-words">
                {d.title}
              </Link>
              <span className="text-sm text-muted-foreground">{t("documents.sharedOn", { date: format.date(d.sharedAt) })}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The accountings and notices she was sent, with the day each reached her. */
export function NoticesSection({
  accountings,
  notices,
  format,
}: {
  accountings: PortalData["accountings"];
  notices: PortalData["notices"];
  format: Formatters;
}) {
  const { t } = useTranslation("portal");
  const empty = accountings.length === 0 && notices.length === 0;
  return (
    <Section id="notices" title={t("notices.heading")}>
      {empty ? <p className="m-0 text-muted-foreground">{t("notices.empty")}</p> : null}
      {accountings.length > 0 ? (
        <ul className="m-0 grid list-none gap-2 p-0" data-testid="portal-accountings">
          {accountings.map((a) => (
            <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <Link to={`/documents/${a.documentId}`} className="min-w-0 break-words">
                {t("notices.accounting", { from: format.date(a.periodFrom), to: format.date(a.periodTo) })}
              </Link>
              <span className="text-sm text-muted-foreground">{t("notices.deliveredOn", { date: format.date(a.deliveredAt) })}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {notices.length > 0 ? (
        <ul className="m-0 grid list-none gap-2 p-0" data-testid="portal-notices">
          {notices.map((n) => (
            <li key={n.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="min-w-0 break-words">{t(`notices.type.${n.type}`, { status: t(`status.${n.status ?? "approved"}`) })}</span>
              <span className="text-sm text-muted-foreground">{t("notices.sentOn", { date: format.date(n.at) })}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

/** The open votes she may take part in. */
export function PollsSection({ polls, format }: { polls: PortalData["polls"]; format: Formatters }) {
  const { t } = useTranslation("portal");
  return (
    <Section id="polls" title={t("polls.heading")}>
      {polls.length === 0 ? (
        <p className="m-0 text-muted-foreground">{t("polls.empty")}</p>
      ) : (
        <ul className="m-0 grid list-none gap-2 p-0">
          {polls.map((p) => (
            <li key={p.id} className="grid gap-0.5">
              <Link to={`/polling/${p.id}`} className="break-words">
                {p.title}
              </Link>
              <span className="text-sm text-muted-foreground">
                {t("polls.closes", { date: format.date(p.closesAt) })} · {p.voted ? t("polls.voted") : t("polls.notVoted")}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The trust's totals, only when the owner chose to show them to beneficiaries. */
export function TotalsSection({ totals, format }: { totals: NonNullable<PortalData["totals"]>; format: Formatters }) {
  const { t } = useTranslation("portal");
  return (
    <Section id="totals" title={t("totals.heading")}>
      <dl className="m-0 grid gap-2 sm:grid-cols-3">
        {(
          [
            ["totals.paidThisYear", totals.paidThisYearMinor],
            ["totals.pending", totals.pendingMinor],
            ["totals.cash", totals.cashMinor],
          ] as const
        ).map(([key, minor]) => (
          <div key={key}>
            <dt className="text-sm text-muted-foreground">{t(key)}</dt>
            <dd className="m-0 text-lg font-semibold">{format.money(minor)}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
