import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "~/modules/preferences/display";
import type { DocumentAnalysis } from "../analysis/schema";

function Section({ title, count, children, testId }: { title: string; count: number; children: ReactNode; testId: string }) {
  return (
    <details open={count > 0} className="rounded-md border border-solid border-border p-3" data-testid={testId}>
      <summary className="cursor-pointer font-medium">
        {title} <span className="text-muted-foreground">({count})</span>
      </summary>
      <div className="mt-2 grid gap-2">{children}</div>
    </details>
  );
}

function ShowInText({ anchor }: { anchor: string | null | undefined }) {
  const { t } = useTranslation("documents");
  if (!anchor) return null;
  return (
    <a href={`#${anchor}`} className="text-xs">
      {t("analysis.showInText")}
    </a>
  );
}

/**
 * The analysis of one document: summary, parties, provisions, duties, dates, governing law, each
 * linked to the passage it comes from, and which engine produced it (so nobody mistakes the
 * offline reader for a lawyer or a large model).
 */
export function AnalysisPanel({
  analysis,
  anchors,
}: {
  analysis: { engine: string; model: string | null; createdAt: string; result: DocumentAnalysis };
  anchors: (string | null)[];
}) {
  const { t } = useTranslation("documents");
  const { formatDate } = useLanguage();
  const result = analysis.result;
  const provisionsOffset = 0;
  const dutiesOffset = result.keyProvisions.length;
  const datesOffset = dutiesOffset + result.complianceRequirements.length;
  const date = (iso: string | null) => (iso ? formatDate(`${iso}T12:00:00Z`, { dateStyle: "long", timeZone: "UTC" }) : null);

  return (
    <section aria-labelledby="analysis-heading" className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4" data-testid="analysis-panel">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="analysis-heading" className="m-0 text-lg">
          {t("analysis.heading")}
        </h2>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs" data-testid="analysis-engine" data-engine={analysis.engine}>
          {t(`analysis.engine.${analysis.engine}`, { model: analysis.model ?? "" })}
        </span>
      </div>
      {analysis.engine === "offline" ? <p className="m-0 text-xs text-muted-foreground">{t("analysis.offlineNote")}</p> : null}
      {result.truncated ? <p className="m-0 text-xs text-warning">{t("analysis.truncated")}</p> : null}
      <p className="m-0 text-sm" data-testid="analysis-summary">
        {result.summary}
      </p>
      <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("analysis.governingLaw")}</dt>
        <dd className="m-0" data-testid="governing-law">
          {result.governingLaw ?? t("analysis.notStated")}
        </dd>
        <dt className="text-muted-foreground">{t("analysis.instrumentDate")}</dt>
        <dd className="m-0">{date(result.instrumentDate) ?? t("analysis.notStated")}</dd>
      </dl>

      <Section title={t("analysis.parties")} count={result.parties.length} testId="analysis-parties">
        <ul className="m-0 grid list-none gap-1 p-0 text-sm">
          {result.parties.map((party, i) => (
            <li key={i} data-role={party.role}>
              <strong>{party.name}</strong> — {t(`role.${party.role}`, { defaultValue: party.role })}
              {party.order ? ` (${t("analysis.order", { order: party.order })})` : ""}
              {party.share ? ` · ${t("analysis.share", { share: party.share })}` : ""}
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t("analysis.provisions")} count={result.keyProvisions.length} testId="analysis-provisions">
        {result.keyProvisions.map((provision, i) => (
          <article key={i} className="grid gap-1 text-sm">
            <h3 className="m-0 text-sm font-semibold">
              {provision.reference ? <span className="text-muted-foreground">{provision.reference} · </span> : null}
              {provision.title}
            </h3>
            <blockquote className="m-0 border-0 border-s-2 border-solid border-border ps-3 text-muted-foreground">{provision.text}</blockquote>
            <ShowInText anchor={anchors[provisionsOffset + i]} />
          </article>
        ))}
      </Section>

      <Section title={t("analysis.duties")} count={result.complianceRequirements.length} testId="analysis-duties">
        {result.complianceRequirements.map((duty, i) => (
          <article key={i} className="grid gap-1 text-sm">
            <h3 className="m-0 text-sm font-semibold">{duty.duty}</h3>
            <p className="m-0 text-xs text-muted-foreground">
              {[
                duty.responsibleParty && t("analysis.who", { who: duty.responsibleParty }),
                duty.due && t("analysis.when", { when: duty.due }),
                duty.citation && t("analysis.citation", { citation: duty.citation }),
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
            <ShowInText anchor={anchors[dutiesOffset + i]} />
          </article>
        ))}
      </Section>

      <Section title={t("analysis.dates")} count={result.importantDates.length} testId="analysis-dates">
        <ul className="m-0 grid list-none gap-1 p-0 text-sm">
          {result.importantDates.map((item, i) => (
            <li key={i}>
              <strong>{date(item.date) ?? t("analysis.relativeDate")}</strong> — {item.description} <ShowInText anchor={anchors[datesOffset + i]} />
            </li>
          ))}
        </ul>
      </Section>
    </section>
  );
}
