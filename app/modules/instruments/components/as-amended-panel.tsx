import { Link } from "@remix-run/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import { useLanguage } from "~/modules/preferences/display";
import type { AsAmendedTerm, AsAmendedView } from "../as-amended.server";
import type { Change } from "../changes";
import type { TermStatus } from "../consolidate";
import type { Edit } from "../edits";

/** The view as it arrives in the browser (dates and all as JSON). */
export type AsAmendedData = AsAmendedView;

const STATUS_STYLES: Record<TermStatus, string> = {
  original: "bg-muted text-muted-foreground border-border",
  amended: "bg-accent text-accent-foreground border-primary",
  added: "bg-success-soft text-success-soft-foreground border-success",
  deleted: "bg-destructive-soft text-destructive-soft-foreground border-destructive",
};

/** The sentence for one change, in the reader's language. */
function useChangeSentence() {
  const { t } = useTranslation("instruments");
  return (change: Change) => {
    const values = { name: change.names[0] ?? "", from: change.from ?? "", to: change.to ?? "" };
    if (change.kind === "beneficiary_added") return t(change.to ? "change.beneficiary_added_share" : "change.beneficiary_added", values);
    if (change.kind === "beneficiary_dropped") {
      return t(change.to ? "change.beneficiary_dropped_still" : change.from ? "change.beneficiary_dropped_share" : "change.beneficiary_dropped", values);
    }
    return t(`change.${change.kind}`, values);
  };
}

function EditLine({ edit }: { edit: Omit<Edit, "sourceText"> & { applied: boolean } }) {
  const { t } = useTranslation("instruments");
  const target = edit.target?.label ?? edit.title ?? t("edit.newProvision");
  return (
    <li>
      {t(`edit.${edit.kind}`, { target })}
      {edit.applied ? null : <span className="text-destructive"> ({t("edit.notFound")})</span>}
    </li>
  );
}

/** Added words underlined on green, removed ones struck through on red; both named for screen readers. */
function TermDiff({ term }: { term: AsAmendedTerm }) {
  const { t } = useTranslation("instruments");
  if (!term.diff) return null;
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-sm font-medium">{t("asAmended.whatChanged")}</summary>
      <p
        className="m-0 mt-2 whitespace-pre-wrap rounded-md border border-solid border-border bg-background p-3 text-sm leading-relaxed"
        data-testid="term-diff"
      >
        {term.diff.map((part, i) =>
          part.kind === "added" ? (
            <ins key={i} className="rounded bg-success-soft text-success-soft-foreground">
              <span className="sr-only">{t("asAmended.added")} </span>
              {part.text}
            </ins>
          ) : part.kind === "removed" ? (
            <del key={i} className="rounded bg-destructive-soft text-destructive-soft-foreground">
              <span className="sr-only">{t("asAmended.removed")} </span>
              {part.text}
            </del>
          ) : (
            <span key={i}>{part.text}</span>
          ),
        )}
      </p>
    </details>
  );
}

function TermCard({ term }: { term: AsAmendedTerm }) {
  const { t } = useTranslation("instruments");
  const headingId = useId();
  const heading = [term.reference, term.title].filter(Boolean).join(" — ") || t("asAmended.untitled");
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-md border border-solid border-border p-3" data-testid="term" data-status={term.status}>
        <header className="flex flex-wrap items-center gap-2">
          <h4 id={headingId} className="m-0 text-sm">
            {heading}
          </h4>
          <span className={cn("rounded-full border border-solid px-2 py-0.5 text-xs font-medium", STATUS_STYLES[term.status])}>
            {t(`status.${term.status}`)}
          </span>
        </header>
        {term.status === "deleted" ? (
          <>
            <p className="m-0 mt-2 text-sm">{t("asAmended.deletedBy", { title: term.deletedBy?.title ?? "" })}</p>
            <p className="m-0 mt-1 whitespace-pre-wrap text-sm text-muted-foreground line-through">{term.body}</p>
          </>
        ) : (
          <p className="m-0 mt-2 whitespace-pre-wrap text-sm leading-relaxed">{term.body}</p>
        )}
        {term.status === "deleted" ? null : (
          <p className="m-0 mt-2 text-xs text-muted-foreground">
            <Link to={`/documents/${term.source.documentId}`}>{t("asAmended.from", { title: term.source.title })}</Link>
          </p>
        )}
        <TermDiff term={term} />
      </article>
    </li>
  );
}

function ChangeItem({ change, titleOf }: { change: Change; titleOf: (id: string) => string }) {
  const { t } = useTranslation("instruments");
  const sentence = useChangeSentence();
  return (
    <li className="grid gap-2 rounded-md border border-solid border-border p-3" data-testid="amendment-change" data-kind={change.kind}>
      <p className="m-0 font-medium">{sentence(change)}</p>
      <p className="m-0 text-xs text-muted-foreground">{t("asAmended.by", { title: titleOf(change.documentId) })}</p>
      <div className="grid gap-2 md:grid-cols-2">
        {change.before ? (
          <figure className="m-0">
            <figcaption className="text-xs font-medium">{t("asAmended.before")}</figcaption>
            <blockquote className="m-0 mt-1 border-l-4 border-solid border-border pl-3 text-sm">{change.before.text}</blockquote>
          </figure>
        ) : null}
        {change.after ? (
          <figure className="m-0">
            <figcaption className="text-xs font-medium">{t("asAmended.after")}</figcaption>
            <blockquote className="m-0 mt-1 border-l-4 border-solid border-primary pl-3 text-sm">{change.after.text}</blockquote>
          </figure>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The instrument family read as one, on the document page: the amendments in the order applied with their edits,
 * what they changed (both passages), and the current terms, each with where its words come from and a diff of
 * what it replaced. Unchanged terms are hidden until asked for: the changes are what a reader looks for first.
 */
export function AsAmendedPanel({ view, type }: { view: AsAmendedData; type: "trust" | "will" }) {
  const { t } = useTranslation("instruments");
  const { formatDate } = useLanguage();
  const [onlyChanged, setOnlyChanged] = useState(view.amendments.length > 0);
  const titles = new Map([[view.instrument.documentId, view.instrument.title], ...view.amendments.map((a) => [a.documentId, a.title] as const)]);
  const titleOf = (id: string) => titles.get(id) ?? "";
  const shown = onlyChanged ? view.terms.filter((term) => term.status !== "original") : view.terms;
  const dated = (date: string | null) => (date ? formatDate(`${date}T12:00:00Z`) : t("asAmended.undated"));
  return (
    <section aria-labelledby="as-amended-heading" className="grid gap-4 rounded-lg border border-solid border-border bg-card p-4" data-testid="as-amended">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="as-amended-heading" className="m-0 text-lg">
          {t(`asAmended.heading_${type}`)}
        </h2>
        <a href={`/api/documents/${view.documentId}/as-amended`} className="text-sm">
          {t("asAmended.json")}
        </a>
      </div>
      <p className="m-0 text-sm">
        {view.amendments.length
          ? t("asAmended.intro", { count: view.amendments.length, title: view.instrument.title })
          : t("asAmended.introNone", { title: view.instrument.title })}
      </p>
      {view.documentId !== view.instrument.documentId ? <p className="m-0 text-sm text-muted-foreground">{t("asAmended.viewingAmendment")}</p> : null}

      {view.amendments.length ? (
        <div>
          <h3 className="m-0 text-base">{t("asAmended.steps")}</h3>
          <ol className="mt-2 grid gap-2 pl-5">
            <li>
              <Link to={`/documents/${view.instrument.documentId}`}>{view.instrument.title}</Link> — {dated(view.instrument.date)}
            </li>
            {view.amendments.map((step) => (
              <li key={step.documentId} data-testid="amendment-step">
                <Link to={`/documents/${step.documentId}`}>{step.title}</Link> — {dated(step.date)}
                <ul className="m-0 mt-1 pl-5 text-sm text-muted-foreground">
                  {step.edits.map((edit, i) => (
                    <EditLine key={i} edit={edit} />
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </div>
      ) : null}

      {view.amendments.length ? (
        <div>
          <h3 className="m-0 text-base">{t("asAmended.changesHeading")}</h3>
          {view.changes.length ? (
            <ul className="m-0 mt-2 grid list-none gap-2 p-0">
              {view.changes.map((change, i) => (
                <ChangeItem key={i} change={change} titleOf={titleOf} />
              ))}
            </ul>
          ) : (
            <p className="m-0 mt-2 text-sm text-muted-foreground">{t("asAmended.noChanges")}</p>
          )}
        </div>
      ) : null}

      <div>
        <h3 className="m-0 text-base">{t("asAmended.termsHeading")}</h3>
        {view.amendments.length ? (
          <label className="mt-2 flex items-center gap-2 text-sm">
            <input type="checkbox" checked={onlyChanged} onChange={(e) => setOnlyChanged(e.target.checked)} />
            {t("asAmended.onlyChanged")}
          </label>
        ) : null}
        <p className="m-0 mt-1 text-xs text-muted-foreground" aria-live="polite">
          {t("asAmended.termsShown", { shown: shown.length, total: view.terms.length })}
        </p>
        <ol className="m-0 mt-2 grid list-none gap-2 p-0">
          {shown.map((term) => (
            <TermCard key={term.id} term={term} />
          ))}
        </ol>
      </div>
    </section>
  );
}
