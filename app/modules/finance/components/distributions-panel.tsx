import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/modules/preferences/display";
import { CONFIRM_CODES } from "../checks";
import type { DistributionView } from "../distributions.server";
import type { FinancialPageData } from "../page.server";
import { ActionBanner } from "./action-banner";
import { dayIn, moneyIn } from "./money";
import { PaymentPicker } from "./payment-picker";
import { RequestForm } from "./request-form";
import { WarningList } from "./warning-list";

const DECISION_INTENTS = ["approve", "reject", "cancel", "pay"];

function Decision({ d, canDecide, canCancel }: { d: DistributionView; canDecide: boolean; canCancel: boolean }) {
  const { t } = useTranslation("finance");
  const mustConfirm = d.warnings.some((w) => CONFIRM_CODES.has(w.code));
  return (
    // Not a landmark (two requests for one person would be two landmarks of one name): the buttons say whose request.
    <Form method="post" className="grid gap-2">
      <input type="hidden" name="distributionId" value={d.id} />
      {canDecide ? (
        <label className="grid gap-1 text-sm">
          {t("decision.note")}
          <input name="note" maxLength={500} className="rounded-md border border-solid border-input bg-background p-1.5" />
        </label>
      ) : null}
      {canDecide && mustConfirm ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="confirmWarnings" />
          {t("decision.confirm")}
        </label>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {canDecide ? (
          <>
            <Button type="submit" name="intent" value="approve" size="sm" aria-describedby={`distribution-${d.id}-title`}>
              {t("decision.approve")}
            </Button>
            <Button type="submit" name="intent" value="reject" size="sm" variant="outline" aria-describedby={`distribution-${d.id}-title`}>
              {t("decision.reject")}
            </Button>
          </>
        ) : null}
        {canCancel ? (
          <Button type="submit" name="intent" value="cancel" size="sm" variant="ghost" aria-describedby={`distribution-${d.id}-title`}>
            {t("decision.cancel")}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

function DistributionCard({ d, page }: { d: DistributionView; page: FinancialPageData }) {
  const { t } = useTranslation("finance");
  const { language } = useLanguage();
  const money = moneyIn(d.currency, language);
  const day = dayIn(language);
  // Paid to her, by her account or by her name: another trustee or the vote decides and pays it.
  const own = d.ownPayee;
  const pollOpen = d.approvalMode === "poll" && d.poll?.status === "open";
  const canDecide = page.access.manage && !own && d.status === "requested" && !pollOpen;
  const canCancel = (page.access.manage || d.requestedBy?.id === page.access.userId) && (d.status === "requested" || d.status === "approved");
  return (
    <li
      id={`distribution-${d.id}`}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 rounded-md border border-solid border-border p-3"
      data-testid="distribution"
      data-status={d.status}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span id={`distribution-${d.id}-title`} className="font-medium">
          {t("distributions.line", { name: d.beneficiaryName, amount: money(d.amountMinor) })}
        </span>
        <span className="rounded-full bg-muted px-2 py-0.5 text-sm" data-testid="distribution-status">
          {t(`distributions.status.${d.status}`)}
        </span>
      </div>
      <p className="m-0 text-sm">
        {d.purpose} · {t(`side.${d.principalOrIncome}`)}
        {d.neededBy ? ` · ${t("distributions.neededBy", { on: day(d.neededBy) })}` : ""}
      </p>
      <div className="grid gap-1 text-sm">
        <span>
          {t("distributions.authority")}{" "}
          <Link
            to={`/documents/${d.authority.documentId}${d.authority.span ? `?passage=${d.authority.span.start}-${d.authority.span.end}` : ""}`}
            className="underline"
          >
            {d.authority.documentTitle} · {[d.authority.reference, d.authority.title].filter(Boolean).join(" ")}
          </Link>
        </span>
        <blockquote className="m-0 border-0 border-l-4 border-solid border-border pl-2 text-muted-foreground">{d.authority.passage}</blockquote>
      </div>
      <WarningList warnings={d.warnings} />
      <p className="m-0 text-sm text-muted-foreground">
        {d.approvalMode === "poll" && d.poll ? (
          <Link to={`/polling/${d.poll.id}`} className="underline">
            {t(d.poll.status === "open" ? "distributions.pollOpen" : "distributions.pollClosed", { title: d.poll.title })}
          </Link>
        ) : (
          t(`approval.${d.approvalMode}`)
        )}
        {d.requestedBy ? ` · ${t("distributions.requestedBy", { name: d.requestedBy.name, on: day(d.createdAt.slice(0, 10)) })}` : ""}
        {d.decidedAt
          ? ` · ${t(d.decidedBy ? "distributions.decidedBy" : "distributions.decidedByVote", { name: d.decidedBy?.name ?? "", on: day(d.decidedAt.slice(0, 10)) })}`
          : ""}
        {d.paidOn ? ` · ${t("distributions.paidOn", { on: day(d.paidOn) })}` : ""}
      </p>
      {d.decisionNote ? <p className="m-0 text-sm">{t("distributions.note", { note: d.decisionNote })}</p> : null}
      {d.approvals.length ? (
        <p className="m-0 text-sm">
          {t("distributions.approvals", { names: d.approvals.map((a) => `${a.name} (${t(`decision.given.${a.decision}`)})`).join(", ") })}
        </p>
      ) : null}
      {canDecide || canCancel ? <Decision d={d} canDecide={canDecide} canCancel={canCancel} /> : null}
      {page.access.manage && !own && d.status === "approved" ? <PaymentPicker distributionId={d.id} currency={d.currency} language={language} /> : null}
    </li>
  );
}

/** Requests and distributions, each with the clause that authorises it, who approved it and the payment. */
export function DistributionsPanel({ page }: { page: FinancialPageData }) {
  const { t } = useTranslation("finance");
  return (
    <section
      aria-labelledby="distributions-heading"
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 rounded-lg border border-solid border-border bg-card p-5"
    >
      <h2 id="distributions-heading" className="m-0 text-lg">
        {page.access.readAll ? t("distributions.heading") : t("distributions.headingOwn")}
      </h2>
      <ActionBanner intents={DECISION_INTENTS} />
      {page.distributions.length === 0 ? <p className="m-0 text-muted-foreground">{t("distributions.empty")}</p> : null}
      <ul className="m-0 grid list-none gap-2 p-0" data-testid="distribution-list">
        {page.distributions.map((d) => (
          <DistributionCard key={d.id} d={d} page={page} />
        ))}
      </ul>
      {page.access.canRequest ? <RequestForm page={page} /> : null}
    </section>
  );
}
