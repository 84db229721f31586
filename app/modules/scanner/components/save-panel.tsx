import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ProgressBar } from "~/components/ui/progress";
import { NativeSelect } from "~/components/ui/select";
import { useAnnouncer } from "~/modules/a11y/announcer";
import { DocumentTypeOptions } from "~/modules/documents/components/document-type";
import { SaveError, type SavedScan, type SaveTarget } from "../save";

export interface EditableDocument {
  id: string;
  title: string;
  type: string;
}

/** The steps of a save, shown in turn under the button. */
export type SaveStage = "recognising" | "assembling" | "uploading" | "text";
export type SaveReport = (stage: SaveStage, percent: number | null) => void;
export type SaveScan = (target: SaveTarget, report: SaveReport) => Promise<SavedScan>;

/** The server's limit on a version note (VERSION_NOTE_MAX in the documents module). */
const NOTE_MAX = 500;
const TITLE_MAX = 200;

type Status =
  | { state: "idle" }
  | { state: "working"; stage: SaveStage; percent: number | null }
  | { state: "failed"; error: string; saved?: SavedScan }
  | ({ state: "done" } & SavedScan);

/**
 * Step 4: save the pages as a new document, or as a new version of one this person may change.
 * Nothing is sent until the pages are read and the form is valid; errors keep the pages as they are.
 */
export function SavePanel({
  canUpload,
  editable,
  pageCount,
  busy,
  onSave,
  onRetryText,
  onSaved,
  onNewScan,
}: {
  canUpload: boolean;
  editable: EditableDocument[];
  pageCount: number;
  busy: boolean;
  onSave: SaveScan;
  /** Sends the recognised text again for a scan whose PDF is stored. */
  onRetryText: (documentId: string) => Promise<void>;
  onSaved: () => void;
  onNewScan: () => void;
}) {
  const { t } = useTranslation("scanner");
  const { announceError, announceSuccess } = useAnnouncer();
  const id = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const [kind, setKind] = useState<SaveTarget["kind"]>(canUpload ? "document" : "version");
  const [title, setTitle] = useState("");
  const [type, setType] = useState("");
  const [documentId, setDocumentId] = useState(editable[0]?.id ?? "");
  const [note, setNote] = useState("");
  const [status, setStatus] = useState<Status>({ state: "idle" });
  const working = status.state === "working";

  // A document saved a moment ago joins the list after the page's data is refreshed; keep a valid choice.
  useEffect(() => {
    if (!editable.some((doc) => doc.id === documentId)) setDocumentId(editable[0]?.id ?? "");
  }, [editable, documentId]);

  useEffect(() => {
    if (status.state === "done" || status.state === "failed") resultRef.current?.focus();
  }, [status.state]);

  if (!canUpload && editable.length === 0) {
    return (
      <p className="m-0 rounded-lg border border-solid border-border bg-card p-4 text-sm text-muted-foreground" data-testid="save-viewer-only">
        {t("save.viewerOnly")}
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (working || busy || pageCount === 0) return;
    const target: SaveTarget = kind === "document" ? { kind, title: title.trim(), type } : { kind, documentId, note: note.trim() };
    if (target.kind === "version" && !target.documentId) return;
    setStatus({ state: "working", stage: "recognising", percent: null });
    await finish(() => onSave(target, (stage, percent) => setStatus({ state: "working", stage, percent })));
  };

  const finish = async (run: () => Promise<SavedScan>) => {
    try {
      const result = await run();
      setStatus({ state: "done", ...result });
      announceSuccess(
        result.versionNumber ? t("save.savedVersion", { number: result.versionNumber, title: result.title }) : t("save.savedDocument", { title: result.title }),
      );
      onSaved();
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : t("errors.saveFailed");
      const saved = error instanceof SaveError ? error.saved : undefined;
      setStatus({ state: "failed", error: message, saved });
      announceError(saved ? t("save.partial", { error: message }) : message);
      // The document exists now: the version picker should know it.
      if (saved) onSaved();
    }
  };

  const retryText = async (saved: SavedScan) => {
    setStatus({ state: "working", stage: "text", percent: null });
    await finish(async () => {
      try {
        await onRetryText(saved.documentId);
      } catch (error) {
        throw new SaveError(error instanceof Error ? error.message : t("errors.textFailed"), saved);
      }
      return saved;
    });
  };

  const hintId = `${id}-hint`;
  return (
    <form onSubmit={submit} className="grid gap-4" aria-labelledby={`${id}-legend`} data-testid="save-form" noValidate>
      <fieldset className="m-0 grid gap-2 border-none p-0" disabled={working}>
        <legend id={`${id}-legend`} className="mb-2 p-0 text-sm font-medium">
          {t("save.as")}
        </legend>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-solid border-border bg-card px-3 py-2 text-sm">
          <input
            type="radio"
            name="target"
            value="document"
            checked={kind === "document"}
            disabled={!canUpload}
            onChange={() => setKind("document")}
            className="h-5 w-5"
          />
          {t("save.newDocument")}
        </label>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-solid border-border bg-card px-3 py-2 text-sm">
          <input
            type="radio"
            name="target"
            value="version"
            checked={kind === "version"}
            disabled={editable.length === 0}
            onChange={() => setKind("version")}
            className="h-5 w-5"
          />
          {t("save.newVersion")}
        </label>
        {!canUpload ? <p className="m-0 text-xs text-muted-foreground">{t("save.versionsOnly")}</p> : null}
        {editable.length === 0 ? <p className="m-0 text-xs text-muted-foreground">{t("save.noEditableDocuments")}</p> : null}
      </fieldset>

      {kind === "document" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1 text-sm">
            <label htmlFor={`${id}-title`}>{t("save.title")}</label>
            <Input
              id={`${id}-title`}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              maxLength={TITLE_MAX}
              placeholder={t("save.titlePlaceholder")}
              disabled={working}
              className="h-11"
            />
          </div>
          <div className="grid gap-1 text-sm">
            <label htmlFor={`${id}-type`}>{t("save.type")}</label>
            <NativeSelect id={`${id}-type`} value={type} onChange={(event) => setType(event.target.value)} disabled={working} className="h-11 w-full">
              <DocumentTypeOptions emptyLabel={t("save.typeDetect")} />
            </NativeSelect>
          </div>
        </div>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1 text-sm">
            <label htmlFor={`${id}-document`}>{t("save.document")}</label>
            <NativeSelect
              id={`${id}-document`}
              value={documentId}
              onChange={(event) => setDocumentId(event.target.value)}
              disabled={working}
              className="h-11 w-full"
            >
              {editable.map((doc) => (
                <option key={doc.id} value={doc.id}>
                  {doc.title}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1 text-sm">
            <label htmlFor={`${id}-note`}>{t("save.note")}</label>
            <Input
              id={`${id}-note`}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={NOTE_MAX}
              placeholder={t("save.notePlaceholder")}
              disabled={working}
              className="h-11"
            />
          </div>
        </div>
      )}

      {pageCount === 0 ? (
        <p id={hintId} className="m-0 text-sm text-muted-foreground" data-testid="save-needs-pages">
          {t("save.needPages")}
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        className="h-14 w-full text-base sm:w-auto"
        disabled={pageCount === 0 || busy || working}
        aria-describedby={pageCount === 0 ? hintId : undefined}
        data-testid="save-scan"
      >
        {working ? t("save.saving") : t("save.submit")}
      </Button>

      {status.state === "working" ? (
        <div className="grid gap-1" data-testid="save-progress">
          <p className="m-0 text-sm" role="status">
            {t(`save.stage.${status.stage}`)}
          </p>
          <ProgressBar value={status.percent} label={t("save.progress")} />
        </div>
      ) : null}

      <div ref={resultRef} tabIndex={-1} className="outline-none" data-testid="save-result">
        {status.state === "failed" ? (
          <Banner kind="error">
            {status.saved ? (
              <span className="grid gap-2">
                <span>{t("save.partial", { error: status.error })}</span>
                <span className="flex flex-wrap items-center gap-3">
                  <Button type="button" className="h-11" onClick={() => status.saved && void retryText(status.saved)}>
                    {t("save.retryText")}
                  </Button>
                  <Link to={`/documents/${status.saved.documentId}`}>{t("save.open")}</Link>
                </span>
              </span>
            ) : (
              status.error
            )}
          </Banner>
        ) : null}
        {status.state === "done" ? (
          <Banner kind="success">
            <span className="grid gap-2">
              <span>
                {status.versionNumber
                  ? t("save.savedVersion", { number: status.versionNumber, title: status.title })
                  : t("save.savedDocument", { title: status.title })}{" "}
                {t("save.analysing")}
              </span>
              <span className="flex flex-wrap items-center gap-3">
                <Link to={`/documents/${status.documentId}`} data-testid="saved-document-link">
                  {t("save.open")}
                </Link>
                <Button
                  type="button"
                  variant="outline"
                  className="h-11"
                  onClick={() => {
                    setStatus({ state: "idle" });
                    setNote("");
                    setTitle("");
                    onNewScan();
                  }}
                >
                  {t("save.newScan")}
                </Button>
              </span>
            </span>
          </Banner>
        ) : null}
      </div>
    </form>
  );
}
