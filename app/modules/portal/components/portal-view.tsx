import { Form, Link } from "@remix-run/react";
import { HandCoins, MessageSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/modules/preferences/display";
import { useSignedInUser } from "~/routes/_app";
import { portalFormatters } from "../format";
import type { PortalData } from "../portal.server";
import { summarySentences } from "../summary";
import { DistributionsSection } from "./distributions-section";
import { DocumentsSection, NoticesSection, PollsSection, TotalsSection } from "./portal-sections";
import { Section } from "./section";
import { TotalsSwitch } from "./totals-switch";
import { useLivePortal } from "./use-live-portal";

/** Her portal: the plain summary first, then her share, her requests, her papers, her votes and her thread. */
export function PortalView({ portal }: { portal: PortalData }) {
  const { t } = useTranslation("portal");
  const { language } = useLanguage();
  const user = useSignedInUser();
  useLivePortal();
  const format = portalFormatters(language, portal.currency);
  const preview = portal.subject.preview;
  const sentences = summarySentences(portal.summary, format).map((s) => t(s.key, s.params));
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
      <header className="grid gap-2">
        <h1 className="m-0 text-2xl">{preview ? t("preview.title", { name: portal.subject.name }) : t("title")}</h1>
        {preview ? (
          <p role="status" className="m-0 rounded-md border border-solid border-border bg-muted p-3 text-sm" data-testid="preview-note">
            {t("preview.note", { name: portal.subject.name })} <Link to="/beneficiary-portal">{t("preview.back")}</Link>
          </p>
        ) : null}
      </header>

      <section aria-labelledby="summary-heading" className="grid gap-3 rounded-lg border-2 border-solid border-primary bg-card p-5">
        <h2 id="summary-heading" className="m-0 text-lg">
          {t("summary.heading")}
        </h2>
        <p className="m-0 text-lg leading-relaxed" data-testid="portal-summary">
          {sentences.join(" ")}
        </p>
        <div className="flex flex-wrap gap-2">
          {preview ? null : (
            <Button asChild>
              <Link to="/financial#distribution-request" data-testid="request-distribution">
                <HandCoins aria-hidden="true" className="h-4 w-4" />
                {t("request.button")}
              </Link>
            </Button>
          )}
          <ThreadButton portal={portal} />
        </div>
      </section>

      <Section id="share" title={t("share.heading")}>
        <p className="m-0" data-testid="portal-share">
          {portal.share.shareBp ? t("share.recorded", { share: format.percent(portal.share.shareBp) }) : t("share.notRecorded")}
        </p>
        {portal.share.instrument ? (
          <div className="grid gap-2">
            <p className="m-0 text-sm text-muted-foreground">
              {portal.share.instrument.share
                ? t("share.instrumentSays", { share: portal.share.instrument.share, document: portal.share.instrument.documentTitle })
                : t("share.instrumentNames", { document: portal.share.instrument.documentTitle })}
            </p>
            {portal.share.instrument.passage ? (
              <blockquote className="m-0 break-words border-0 border-l-4 border-solid border-primary bg-muted p-2 text-sm">
                {portal.share.instrument.passage}
              </blockquote>
            ) : null}
            {portal.share.instrument.conditions.length > 0 ? (
              <>
                <h3 className="m-0 text-base">{t("share.conditions")}</h3>
                <ul className="m-0 grid gap-2 ps-5 text-sm">
                  {portal.share.instrument.conditions.map((c, i) => (
                    <li key={i} className="break-words">
                      {c.heading ? <strong>{c.heading}: </strong> : null}
                      {c.body}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <Link to={`/documents/${portal.share.instrument.documentId}`}>{t("share.openInstrument")}</Link>
          </div>
        ) : (
          <p className="m-0 text-sm text-muted-foreground">{t("share.noInstrument")}</p>
        )}
      </Section>

      <DistributionsSection distributions={portal.distributions} format={format} />
      <DocumentsSection documents={portal.documents} format={format} />
      <NoticesSection accountings={portal.accountings} notices={portal.notices} format={format} />
      <PollsSection polls={portal.polls} format={format} />
      {portal.totals ? <TotalsSection totals={portal.totals} format={format} /> : null}
      {preview && user.workspace?.role === "owner" ? <TotalsSwitch shown={portal.showsTotals} /> : null}
    </div>
  );
}

/** Her private thread with the trustees: a link once it exists, else a button that opens it. */
function ThreadButton({ portal }: { portal: PortalData }) {
  const { t } = useTranslation("portal");
  if (portal.threadId) {
    return (
      <Button asChild variant="outline">
        <Link to={`/channel/${portal.threadId}`} data-testid="portal-thread">
          <MessageSquare aria-hidden="true" className="h-4 w-4" />
          {t("thread.open")}
        </Link>
      </Button>
    );
  }
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="thread" />
      {portal.subject.preview ? <input type="hidden" name="as" value={portal.subject.userId} /> : null}
      <Button type="submit" variant="outline" data-testid="portal-thread">
        <MessageSquare aria-hidden="true" className="h-4 w-4" />
        {t("thread.start")}
      </Button>
    </Form>
  );
}
