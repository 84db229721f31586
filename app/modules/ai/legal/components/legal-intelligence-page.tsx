import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { CHAT_LIMITS } from "../../validation";
import type { Finding, FindingPassage, Severity } from "../checks";

interface Citation {
  documentId: string;
  documentTitle: string;
  excerpt: string;
  url: string;
}

interface Answer {
  id: string;
  content: string;
  engine: string;
  citations: Citation[];
}

export interface LegalIntelligenceReportView {
  findings: Finding[];
  checkedDocuments: number;
  uncheckedDocuments: number;
  capped: boolean;
}

const SEVERITY_STYLE: Record<Severity, string> = {
  high: "border-destructive bg-destructive-soft text-destructive-soft-foreground",
  medium: "border-warning bg-warning-soft text-warning-soft-foreground",
  low: "border-border bg-muted text-foreground",
};

function AskPanel() {
  const { t } = useTranslation("ai");
  const result = useActionData<{ error: string | null; answer: Answer | null }>();
  const navigation = useNavigation();
  const asking = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const questionId = useId();
  return (
    <section aria-labelledby="ask-heading" className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4">
      <h2 id="ask-heading" className="m-0 text-lg">
        {t("legal.askHeading")}
      </h2>
      <p className="m-0 text-sm text-muted-foreground">{t("legal.askIntro")}</p>
      <Form method="post" className="grid gap-2">
        <label htmlFor={questionId} className="text-sm font-medium">
          {t("legal.questionLabel")}
        </label>
        <textarea
          id={questionId}
          name="question"
          required
          rows={3}
          maxLength={CHAT_LIMITS.messageMax}
          placeholder={t("legal.questionPlaceholder")}
          className="box-border w-full rounded-md border border-solid border-input bg-card px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          disabled={asking}
        />
        <div>
          <Button type="submit" disabled={asking}>
            {asking ? t("legal.asking") : t("legal.ask")}
          </Button>
        </div>
      </Form>
      {result?.error ? <Banner kind="error">{result.error}</Banner> : null}
      <div aria-live="polite">
        {result?.answer ? (
          <article className="grid gap-3 rounded-md border border-solid border-border bg-background p-3" data-testid="legal-answer">
            <p className="m-0 text-xs text-muted-foreground" data-testid="answer-engine">
              {t(`engine.${result.answer.engine}`)}
            </p>
            <div className="whitespace-pre-wrap text-sm leading-relaxed">{result.answer.content}</div>
            {result.answer.citations.length ? (
              <div className="grid gap-1">
                <h3 className="m-0 text-sm">{t("legal.citations")}</h3>
                <ol className="m-0 grid gap-2 pl-5 text-sm">
                  {result.answer.citations.map((citation, i) => (
                    <li key={`${citation.url}-${i}`} data-testid="answer-citation">
                      <Link to={citation.url}>{citation.documentTitle}</Link>
                      <blockquote className="m-0 mt-1 border-l-4 border-l-solid border-border pl-3 text-muted-foreground">{citation.excerpt}</blockquote>
                    </li>
                  ))}
                </ol>
              </div>
            ) : null}
          </article>
        ) : null}
      </div>
    </section>
  );
}

function PassageLink({ passage }: { passage: FindingPassage }) {
  const { t } = useTranslation("ai");
  return (
    <li className="grid gap-1" data-testid="finding-passage">
      <Link to={passage.url} className="text-sm font-medium">
        {t("legal.readPassage", { title: passage.documentTitle })}
      </Link>
      <blockquote className="m-0 border-l-4 border-l-solid border-border pl-3 text-sm text-muted-foreground">{passage.excerpt}</blockquote>
    </li>
  );
}

function FindingCard({ finding }: { finding: Finding }) {
  const { t } = useTranslation("ai");
  return (
    <li className="grid gap-2 rounded-lg border border-solid border-border bg-card p-4" data-testid="finding" data-kind={finding.kind}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn("rounded-full border border-solid px-2 py-0.5 text-xs font-medium", SEVERITY_STYLE[finding.severity])}>
          {t(`severity.${finding.severity}`)}
        </span>
        <h3 className="m-0 text-base">{t(`kind.${finding.kind}`)}</h3>
      </div>
      <p className="m-0 text-sm">{t(finding.message.key, finding.message.values)}</p>
      <ul className="m-0 grid list-none gap-3 p-0 sm:grid-cols-2">
        {finding.passages.map((passage) => (
          <PassageLink key={`${passage.documentId}-${passage.start}`} passage={passage} />
        ))}
      </ul>
    </li>
  );
}

function Findings({ report }: { report: LegalIntelligenceReportView }) {
  const { t } = useTranslation("ai");
  return (
    <section aria-labelledby="checks-heading" className="grid gap-3">
      <h2 id="checks-heading" className="m-0 text-lg">
        {t("legal.checksHeading")}
      </h2>
      <p className="m-0 text-sm text-muted-foreground">{t("legal.checksIntro")}</p>
      <p className="m-0 text-sm" data-testid="checks-summary">
        {t("legal.checked", { count: report.checkedDocuments })}
        {report.uncheckedDocuments ? ` ${t("legal.unchecked", { count: report.uncheckedDocuments })}` : ""}
      </p>
      {report.checkedDocuments === 0 ? (
        <div className="rounded-lg border border-solid border-border bg-card p-4 text-sm" data-testid="checks-empty">
          <p className="m-0">{t("legal.noDocuments")}</p>
          <Link to="/documents">{t("legal.goToDocuments")}</Link>
        </div>
      ) : report.findings.length === 0 ? (
        <p className="m-0 rounded-lg border border-solid border-border bg-card p-4 text-sm" data-testid="checks-empty">
          {t("legal.noFindings", { count: report.checkedDocuments })}
        </p>
      ) : (
        <>
          <p className="m-0 text-sm font-medium" data-testid="findings-count">
            {t("legal.findingsCount", { count: report.findings.length })}
          </p>
          <ul className="m-0 grid list-none gap-3 p-0">
            {report.findings.map((finding) => (
              <FindingCard key={finding.id} finding={finding} />
            ))}
          </ul>
        </>
      )}
      <p className="m-0 text-xs text-muted-foreground">{t("legal.method")}</p>
    </section>
  );
}

/** /legal-intelligence: a cited answer across every document this person may read, and the cross-document checks. */
export function LegalIntelligencePage({ report }: { report: LegalIntelligenceReportView }) {
  const { t } = useTranslation("ai");
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("legal.title")}</h1>
        <p className="m-0 text-muted-foreground">{t("legal.intro")}</p>
      </header>
      <AskPanel />
      <Findings report={report} />
    </div>
  );
}
