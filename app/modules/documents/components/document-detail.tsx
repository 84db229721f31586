import { Link, useActionData, useNavigation, useRevalidator } from "@remix-run/react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { RelativeTime } from "~/modules/preferences/components/relative-time";
import { useLanguage } from "~/modules/preferences/display";
import type { DocumentAnalysis } from "../analysis/schema";
import { isImageKind, kindFromMimeType } from "../file-types";
import { locatePassages } from "../passages";
import { AnalysisPanel } from "./analysis-panel";
import { type CitedRange, CitedPassagePanel, splitAtRange, TextPiece } from "./cited-passage";
import { DocumentCommandForm, DocumentDetailsForm, type DocumentActionData } from "./document-forms";
import { DocumentTypeIcon, useDocumentTypeLabel } from "./document-type";
import { SharingPanel, type SharingState } from "./sharing-panel";
import { OcrPanel } from "./ocr-panel";
import { formatBytes, type VersionRow, VersionsPanel } from "./versions-panel";
import { DocumentStatusBadge } from "./status-badge";
import { PdfViewer } from "./pdf-viewer";

const STATUS_POLL_MS = 2500;

export interface DocumentDetailProps {
  document: {
    id: string;
    title: string;
    type: string;
    status: string;
    fileName: string;
    mimeType: string;
    sizeBytes: number;
    sha256: string | null;
    errorReason: string | null;
    createdAt: string;
    uploadedByName: string | null;
    thumbnailUrl: string | null;
    currentVersionNumber: number;
  };
  text: { source: string; content: string; charCount: number } | null;
  analysis: { engine: string; model: string | null; createdAt: string; result: DocumentAnalysis } | null;
  activity: { id: string; action: string; outcome: string; createdAt: string; actorName: string | null }[];
  canManage: boolean;
  canEdit: boolean;
  sharing: SharingState | null;
  versions: VersionRow[];
  maxBytes: number;
  /** Present when the page was opened from a citation (`?passage=start-end`); `range` is null when it does not fit the text. */
  citedPassage?: { range: CitedRange | null } | null;
  /** A meeting recording's deletion under the workspace's retention rule (ISO), when it has one. */
  deletesAt?: string | null;
  /** Readings of this document that other modules add below it (the trust as amended). */
  children?: ReactNode;
}

/** Quotes the analysis points to, in one fixed order so that anchors stay stable. */
export function analysisQuotes(analysis: DocumentAnalysis | null | undefined): (string | null)[] {
  if (!analysis) return [];
  return [
    ...analysis.keyProvisions.map((p) => p.text),
    ...analysis.complianceRequirements.map((c) => c.sourceText),
    ...analysis.importantDates.map((d) => d.sourceText),
  ];
}

function Viewer({ document, hasText }: { document: DocumentDetailProps["document"]; hasText: boolean }) {
  const { t } = useTranslation("documents");
  const kind = kindFromMimeType(document.mimeType);
  const src = `/api/documents/${document.id}/file?inline=1`;
  if (kind === "pdf") {
    return <PdfViewer src={src} title={document.title} downloadHref={`/api/documents/${document.id}/file`} />;
  }
  if (kind && isImageKind(kind)) {
    return (
      <img
        src={src}
        alt={t("detail.imageAlt", { title: document.title })}
        className="max-h-[70vh] max-w-full rounded-md border border-solid border-border object-contain"
      />
    );
  }
  if (document.mimeType === "video/webm") {
    // A meeting's recording: played from the file itself (it has no captions; its chat and minutes are documents of the meeting).
    return (
      <video
        controls
        preload="metadata"
        src={src}
        aria-label={t("detail.recordingLabel", { title: document.title })}
        className="max-h-[70vh] max-w-full rounded-md border border-solid border-border bg-black"
        data-testid="recording-player"
      />
    );
  }
  // Text and Word files are shown through their extracted text below.
  return hasText ? null : <p className="m-0 text-sm text-muted-foreground">{t("detail.noPreview")}</p>;
}

export function DocumentDetail({
  document,
  text,
  analysis,
  activity,
  canManage,
  canEdit,
  sharing,
  versions,
  maxBytes,
  citedPassage,
  deletesAt,
  children,
}: DocumentDetailProps) {
  const { t } = useTranslation("documents");
  const { formatNumber, formatDate } = useLanguage();
  const typeLabel = useDocumentTypeLabel();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const actionData = useActionData<DocumentActionData>();
  const [editing, setEditing] = useState(false);
  const busy = document.status === "pending" || document.status === "analyzing";
  const kind = kindFromMimeType(document.mimeType);
  // Pictures, and PDFs the scanner made from pictures, get their text from recognition in the browser.
  const scanned = kind === "pdf" && versions.find((v) => v.current)?.source === "scan";
  const needsOcr = !!kind && (isImageKind(kind) || scanned) && !text;

  useEffect(() => {
    if (!busy || needsOcr) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && window.document.visibilityState === "visible") revalidator.revalidate();
    }, STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [busy, needsOcr, revalidator]);

  useEffect(() => {
    if (actionData?.intent === "details" && actionData.ok) setEditing(false);
  }, [actionData]);

  const located = useMemo(() => (text ? locatePassages(text.content, analysisQuotes(analysis?.result)) : null), [text, analysis]);
  const citedRange = citedPassage?.range ?? null;
  const pieces = useMemo(() => (located ? splitAtRange(located.segments, citedRange) : []), [located, citedRange]);
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  return (
    <div className="grid gap-6">
      <nav aria-label={t("detail.breadcrumb")}>
        <Link to="/documents">{t("detail.back")}</Link>
      </nav>

      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-3">
          <DocumentTypeIcon type={document.type} className="text-3xl" />
          <div className="grid min-w-0 gap-1">
            <h1 className="m-0 break-words text-2xl">{document.title}</h1>
            <p className="m-0 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <span data-testid="document-type">{typeLabel(document.type)}</span>
              <DocumentStatusBadge status={document.status} reason={document.errorReason} />
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={`/api/documents/${document.id}/file`} download data-testid="download-link">
              {t("detail.download")}
            </a>
          </Button>
          {canEdit ? (
            <>
              <DocumentCommandForm id="document-analyze" intent="analyze">
                <Button type="submit" variant="outline" disabled={document.status === "analyzing" || needsOcr || submitting === "analyze"}>
                  {t("detail.reanalyze")}
                </Button>
              </DocumentCommandForm>
              <Button variant="outline" onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
                {t("detail.edit")}
              </Button>
            </>
          ) : null}
          {canManage ? (
            <>
              <Dialog>
                <DialogTrigger asChild>
                  <Button variant="destructive">{t("detail.delete")}</Button>
                </DialogTrigger>
                <DialogContent>
                  <DialogTitle>{t("detail.deleteTitle")}</DialogTitle>
                  <DialogDescription>{t("detail.deleteBody", { title: document.title })}</DialogDescription>
                  <div className="flex justify-end gap-2">
                    <DialogClose asChild>
                      <Button variant="outline">{t("detail.cancel")}</Button>
                    </DialogClose>
                    <DocumentCommandForm id="document-delete" intent="delete">
                      <Button type="submit" variant="destructive" disabled={submitting === "delete"}>
                        {t("detail.deleteConfirm")}
                      </Button>
                    </DocumentCommandForm>
                  </div>
                </DialogContent>
              </Dialog>
            </>
          ) : null}
        </div>
      </header>

      {actionData?.error ? <Banner kind="error">{actionData.error}</Banner> : null}
      {actionData?.intent === "analyze" && actionData.ok ? <Banner kind="success">{t("detail.reanalyzeQueued")}</Banner> : null}
      {document.status === "error" && document.errorReason ? (
        <div
          role="alert"
          className="rounded-md border border-solid border-destructive bg-destructive-soft p-3 text-sm text-destructive-soft-foreground"
          data-testid="analysis-error"
        >
          <strong>{t("status.error")}:</strong> {document.errorReason}
        </div>
      ) : null}

      {editing ? <DocumentDetailsForm title={document.title} type={document.type} /> : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-4 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto">
          <section aria-labelledby="viewer-heading" className="grid gap-3">
            <h2 id="viewer-heading" className="sr-only">
              {t("detail.viewerHeading")}
            </h2>
            <Viewer document={document} hasText={!!text} />
            {needsOcr ? <OcrPanel documentId={document.id} canManage={canEdit} isPdf={kind === "pdf"} /> : null}
          </section>
          {citedPassage ? <CitedPassagePanel content={text?.content ?? null} range={citedRange} /> : null}
          {located ? (
            <section aria-labelledby="text-heading" className="grid gap-2">
              <h2 id="text-heading" className="m-0 text-lg">
                {t("detail.textHeading")}
              </h2>
              <p className="m-0 text-xs text-muted-foreground">
                {t(`detail.textSource.${text?.source}`)} ·{" "}
                {t("detail.characters", { count: text?.charCount ?? 0, formatted: formatNumber(text?.charCount ?? 0) })}
              </p>
              <div
                tabIndex={0}
                aria-labelledby="text-heading"
                data-testid="document-text"
                className="max-h-[60vh] overflow-y-auto whitespace-pre-wrap rounded-md border border-solid border-border bg-background p-4 text-sm leading-relaxed"
              >
                {pieces.map((segment, i) => (
                  <TextPiece key={i} segment={segment} />
                ))}
              </div>
            </section>
          ) : null}
        </div>

        <div className="grid content-start gap-4">
          {analysis ? (
            <AnalysisPanel analysis={analysis} anchors={located?.anchors ?? []} />
          ) : (
            <section className="rounded-lg border border-solid border-border bg-card p-4 text-sm text-muted-foreground" data-testid="analysis-pending">
              {busy ? t("detail.analysisRunning") : t("detail.noAnalysis")}
            </section>
          )}

          <section aria-labelledby="details-heading" className="rounded-lg border border-solid border-border bg-card p-4">
            <h2 id="details-heading" className="m-0 mb-2 text-lg">
              {t("detail.detailsHeading")}
            </h2>
            <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{t("detail.version")}</dt>
              <dd className="m-0" data-testid="document-version">
                {document.currentVersionNumber}
              </dd>
              <dt className="text-muted-foreground">{t("detail.fileName")}</dt>
              <dd className="m-0 break-all">{document.fileName}</dd>
              <dt className="text-muted-foreground">{t("detail.size")}</dt>
              <dd className="m-0">{formatBytes(document.sizeBytes, formatNumber)}</dd>
              <dt className="text-muted-foreground">{t("detail.uploadedBy")}</dt>
              <dd className="m-0">{document.uploadedByName ?? t("detail.formerMember")}</dd>
              <dt className="text-muted-foreground">{t("detail.uploadedAt")}</dt>
              <dd className="m-0">
                <time dateTime={document.createdAt} suppressHydrationWarning>
                  {formatDate(document.createdAt, { dateStyle: "long", timeStyle: "short" })}
                </time>
              </dd>
              {document.sha256 ? (
                <>
                  <dt className="text-muted-foreground">SHA-256</dt>
                  <dd className="m-0 break-all font-mono text-xs" data-testid="document-sha256">
                    {document.sha256}
                  </dd>
                </>
              ) : null}
              {deletesAt ? (
                <>
                  <dt className="text-muted-foreground">{t("detail.deletesAt")}</dt>
                  <dd className="m-0" data-testid="document-deletes-at">
                    <time dateTime={deletesAt} suppressHydrationWarning>
                      {formatDate(deletesAt, { dateStyle: "long" })}
                    </time>
                  </dd>
                </>
              ) : null}
            </dl>
          </section>

          <VersionsPanel documentId={document.id} versions={versions} canEdit={canEdit} maxBytes={maxBytes} />
          {sharing ? <SharingPanel sharing={sharing} /> : null}
          <section aria-labelledby="activity-heading" className="rounded-lg border border-solid border-border bg-card p-4">
            <h2 id="activity-heading" className="m-0 mb-2 text-lg">
              {t("detail.activityHeading")}
            </h2>
            <ol className="m-0 grid list-none gap-1 p-0 text-sm" data-testid="document-activity">
              {activity.map((entry) => (
                <li key={entry.id} className="flex flex-wrap justify-between gap-2">
                  <span>
                    {t(`activity.${entry.action}`, {
                      defaultValue: t("activity.unknown", { name: entry.actorName ?? t("detail.formerMember") }),
                      name: entry.actorName ?? t("detail.formerMember"),
                    })}
                  </span>
                  <RelativeTime value={entry.createdAt} className="text-muted-foreground" />
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
      {children}
    </div>
  );
}
