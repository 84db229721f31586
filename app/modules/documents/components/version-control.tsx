import { Form, Link } from "@remix-run/react";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { RelativeTime } from "~/modules/preferences/components/relative-time";
import { useLanguage } from "~/modules/preferences/display";
import type { DiffPart } from "../version-diff";
import { collapseUnchanged } from "../version-diff";
import { DocumentTypeIcon } from "./document-type";
import { VersionFacts, VersionOrigin, type VersionRow } from "./versions-panel";

export interface VersionActivity {
  id: string;
  documentId: string;
  documentTitle: string;
  number: number;
  source: VersionRow["source"];
  restoredFrom: number | null;
  note: string | null;
  createdAt: string;
  createdByName: string | null;
}

export interface DocumentWithVersions {
  id: string;
  title: string;
  type: string;
  versions: number;
  updatedAt: string;
}

/** /version-control: what changed lately across the workspace, and every document's history one click away. */
export function VersionControlPage({ activity, documents }: { activity: VersionActivity[]; documents: DocumentWithVersions[] }) {
  const { t } = useTranslation("documents");
  const filterId = useId();
  const [filter, setFilter] = useState("");
  const shown = useMemo(() => {
    const needle = filter.trim().toLocaleLowerCase();
    return needle ? documents.filter((d) => d.title.toLocaleLowerCase().includes(needle)) : documents;
  }, [documents, filter]);

  return (
    <div className="grid grid-cols-1 gap-6">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("versionControl.title")}</h1>
        <p className="m-0 text-sm text-muted-foreground">{t("versionControl.intro")}</p>
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="recent-versions-heading"
          className="grid grid-cols-1 content-start gap-3 rounded-lg border border-solid border-border bg-card p-4"
        >
          <h2 id="recent-versions-heading" className="m-0 text-lg">
            {t("versionControl.recentHeading")}
          </h2>
          {activity.length === 0 ? (
            <p className="m-0 text-sm text-muted-foreground">{t("versionControl.noActivity")}</p>
          ) : (
            <ol className="m-0 grid list-none grid-cols-1 gap-3 p-0" data-testid="version-activity">
              {activity.map((entry) => (
                <li key={entry.id} className="grid gap-0.5 text-sm" data-testid="version-activity-row">
                  <span>
                    <Link to={`/version-control/${entry.documentId}`} className="font-medium">
                      {entry.documentTitle}
                    </Link>{" "}
                    · {t("versions.number", { number: entry.number })}
                  </span>
                  <span className="text-muted-foreground">
                    <VersionOrigin version={entry} /> · <RelativeTime value={entry.createdAt} />
                  </span>
                  {entry.note ? <span className="break-words italic">“{entry.note}”</span> : null}
                </li>
              ))}
            </ol>
          )}
        </section>

        <section
          aria-labelledby="history-picker-heading"
          className="grid grid-cols-1 content-start gap-3 rounded-lg border border-solid border-border bg-card p-4"
        >
          <h2 id="history-picker-heading" className="m-0 text-lg">
            {t("versionControl.documentsHeading")}
          </h2>
          <label htmlFor={filterId} className="text-sm">
            {t("versionControl.filterLabel")}
          </label>
          <Input id={filterId} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
          {documents.length === 0 ? (
            <p className="m-0 text-sm text-muted-foreground">
              {t("versionControl.noDocuments")} <Link to="/documents#upload">{t("versionControl.uploadFirst")}</Link>
            </p>
          ) : (
            <ul className="m-0 grid list-none grid-cols-1 gap-2 p-0" data-testid="history-documents">
              {shown.map((doc) => (
                <li key={doc.id} className="flex items-center justify-between gap-2 text-sm">
                  <span className="flex min-w-0 items-center gap-2">
                    <DocumentTypeIcon type={doc.type} />
                    <Link to={`/version-control/${doc.id}`} className="truncate">
                      {doc.title}
                    </Link>
                  </span>
                  <span className="shrink-0 text-muted-foreground">{t("versionControl.versionCount", { count: doc.versions })}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

export interface ComparisonView {
  from: { id: string; number: number };
  to: { id: string; number: number };
  parts: DiffPart[];
  granularity: "words" | "lines";
  added: number;
  removed: number;
}

/** Added passages underlined on green, removed ones struck through on red; both also named for screen readers. */
function DiffText({ parts }: { parts: DiffPart[] }) {
  const { t } = useTranslation("documents");
  const shown = useMemo(() => collapseUnchanged(parts), [parts]);
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={t("versionControl.diffRegion")}
      className="max-h-[70vh] overflow-y-auto whitespace-pre-wrap rounded-md border border-solid border-border bg-background p-4 text-sm leading-relaxed"
      data-testid="version-diff"
    >
      {shown.map((part, i) => {
        if (part.kind === "added")
          return (
            <ins key={i} className="rounded bg-success-soft text-success-soft-foreground decoration-2" data-testid="diff-added">
              <span className="sr-only">{t("versionControl.addedStart")}</span>
              {part.text}
              <span className="sr-only">{t("versionControl.addedEnd")}</span>
            </ins>
          );
        if (part.kind === "removed")
          return (
            <del key={i} className="rounded bg-destructive-soft text-destructive-soft-foreground" data-testid="diff-removed">
              <span className="sr-only">{t("versionControl.removedStart")}</span>
              {part.text}
              <span className="sr-only">{t("versionControl.removedEnd")}</span>
            </del>
          );
        if (part.kind === "collapsed") {
          return (
            <span key={i}>
              {part.head}
              <span className="my-1 block text-center text-xs text-muted-foreground">{t("versionControl.unchangedLines", { count: part.hiddenLines })}</span>
              {part.tail}
            </span>
          );
        }
        return <span key={i}>{part.text}</span>;
      })}
    </div>
  );
}

/** /version-control/{documentId}: the whole history, and the text of any two versions compared. */
export function VersionHistoryPage({
  document,
  versions,
  canEdit,
  comparison,
  comparisonError,
}: {
  document: { id: string; title: string; type: string };
  versions: VersionRow[];
  canEdit: boolean;
  comparison: ComparisonView | null;
  comparisonError: string | null;
}) {
  const { t } = useTranslation("documents");
  const { formatNumber } = useLanguage();
  const fromId = useId();
  const toId = useId();
  const options = versions.map((v) => (
    <option key={v.id} value={v.id}>
      {t("versions.number", { number: v.number })}
      {v.current ? ` (${t("versions.current")})` : ""}
    </option>
  ));

  return (
    <div className="grid gap-6">
      <nav aria-label={t("detail.breadcrumb")} className="flex flex-wrap gap-3 text-sm">
        <Link to="/version-control">{t("versionControl.back")}</Link>
        <Link to={`/documents/${document.id}`}>{t("versionControl.openDocument")}</Link>
      </nav>
      <header className="flex items-start gap-3">
        <DocumentTypeIcon type={document.type} className="text-3xl" />
        <div className="grid gap-1">
          <h1 className="m-0 break-words text-2xl">{t("versionControl.historyTitle", { title: document.title })}</h1>
          <p className="m-0 text-sm text-muted-foreground">{t("versionControl.versionCount", { count: versions.length })}</p>
        </div>
      </header>

      {versions.length > 1 ? (
        <section aria-labelledby="compare-heading" className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4">
          <h2 id="compare-heading" className="m-0 text-lg">
            {t("versionControl.compareHeading")}
          </h2>
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <label htmlFor={fromId} className="grid gap-1 text-sm">
              {t("versionControl.from")}
              <NativeSelect id={fromId} name="from" defaultValue={comparison?.from.id ?? versions[1]?.id}>
                {options}
              </NativeSelect>
            </label>
            <label htmlFor={toId} className="grid gap-1 text-sm">
              {t("versionControl.to")}
              <NativeSelect id={toId} name="to" defaultValue={comparison?.to.id ?? versions[0]?.id}>
                {options}
              </NativeSelect>
            </label>
            <Button type="submit">{t("versionControl.compare")}</Button>
          </Form>
          {comparisonError ? (
            <p role="alert" className="m-0 text-sm text-destructive">
              {comparisonError}
            </p>
          ) : null}
          {comparison ? (
            <>
              <p className="m-0 text-sm" data-testid="diff-summary">
                {t("versionControl.summary", {
                  from: comparison.from.number,
                  to: comparison.to.number,
                  added: formatNumber(comparison.added),
                  removed: formatNumber(comparison.removed),
                })}{" "}
                {comparison.granularity === "lines" ? <span className="text-muted-foreground">{t("versionControl.byLines")}</span> : null}
              </p>
              {comparison.added + comparison.removed === 0 ? (
                <p className="m-0 text-sm text-muted-foreground">{t("versionControl.identical")}</p>
              ) : (
                <DiffText parts={comparison.parts} />
              )}
            </>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="history-heading" className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4">
        <h2 id="history-heading" className="m-0 text-lg">
          {t("versionControl.historyHeading")}
        </h2>
        <ol className="m-0 grid list-none gap-3 p-0" data-testid="version-list">
          {versions.map((version) => (
            <li
              key={version.id}
              data-testid="version-row"
              data-number={version.number}
              className="border-0 border-b border-solid border-border pb-3 last:border-b-0"
            >
              <VersionFacts version={version} documentId={document.id} canEdit={canEdit} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
