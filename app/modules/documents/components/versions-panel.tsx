import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Link, useFetcher, useRevalidator } from "@remix-run/react";
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { ProgressBar } from "~/components/ui/progress";
import { useAnnouncer } from "~/modules/a11y/announcer";
import { RelativeTime } from "~/modules/preferences/components/relative-time";
import { useLanguage } from "~/modules/preferences/display";
import { ACCEPT_ATTRIBUTE, detectFileKind, SNIFF_BYTES } from "../file-types";
import { restoreFormSchema, VERSION_NOTE_MAX, type RestoreForm } from "../validation";
import type { VersionSource } from "../schema";
import { makeImageThumbnail, makePdfThumbnail, uploadThumbnail } from "./thumbnails";

export interface VersionRow {
  id: string;
  number: number;
  fileName: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string | null;
  note: string | null;
  source: VersionSource;
  restoredFrom: number | null;
  createdAt: string;
  createdByName: string | null;
  current: boolean;
  hasText: boolean;
}

export function formatBytes(bytes: number, formatNumber: (n: number, o?: Intl.NumberFormatOptions) => string) {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, { maximumFractionDigits: 1 })} KB`;
  return `${formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1 })} MB`;
}

/** "Uploaded by …", "Restored version 2 …" or "Scanned by …": how a version came to be. */
export function VersionOrigin({ version }: { version: Pick<VersionRow, "source" | "restoredFrom" | "createdByName"> }) {
  const { t } = useTranslation("documents");
  const name = version.createdByName ?? t("detail.formerMember");
  if (version.source === "restore") return <>{t("versions.restoredBy", { name, number: version.restoredFrom })}</>;
  if (version.source === "scan") return <>{t("versions.scannedBy", { name })}</>;
  if (version.source === "draft") return <>{t("versions.draftedBy", { name })}</>;
  if (version.source === "recording") return <>{t("versions.recordedBy", { name })}</>;
  return <>{t("versions.uploadedBy", { name })}</>;
}

/** One version's facts, as the history lists them everywhere. */
export function VersionFacts({ version, documentId, canEdit }: { version: VersionRow; documentId: string; canEdit: boolean }) {
  const { t } = useTranslation("documents");
  const { formatNumber } = useLanguage();
  return (
    <div className="grid gap-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <strong>{t("versions.number", { number: version.number })}</strong>
        {version.current ? <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">{t("versions.current")}</span> : null}
        <span className="text-muted-foreground">
          <VersionOrigin version={version} /> · <RelativeTime value={version.createdAt} />
        </span>
      </div>
      {version.note ? <p className="m-0 break-words italic">“{version.note}”</p> : null}
      <p className="m-0 break-all text-xs text-muted-foreground">
        {version.fileName} · {formatBytes(version.sizeBytes, formatNumber)}
        {version.sha256 ? (
          <>
            {" "}
            · SHA-256{" "}
            <code title={version.sha256} data-testid="version-sha256">
              {version.sha256.slice(0, 12)}…
            </code>
          </>
        ) : null}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={`/api/documents/${documentId}/versions/${version.id}/file`} download aria-label={t("versions.downloadLabel", { number: version.number })}>
            {t("versions.download")}
          </a>
        </Button>
        {canEdit && !version.current ? <RestoreButton version={version} /> : null}
      </div>
    </div>
  );
}

function RestoreButton({ version }: { version: VersionRow }) {
  const { t } = useTranslation("documents");
  const fetcher = useFetcher<{ ok?: boolean; error?: string; result?: SubmissionResult<string[]> }>();
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  // The same check as the server's (the API's note rules); a too-long note keeps the dialog open with its message.
  const [form, fields] = useForm<{ intent: string; versionId: string; note: string }, RestoreForm>({
    id: `restore-${version.id}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: { note: t("versions.restoreNoteDefault", { number: version.number }) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: restoreFormSchema(t) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const formProps = getFormProps(form);
  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="secondary" size="sm" aria-label={t("versions.restoreLabel", { number: version.number })} disabled={busy}>
            {busy ? t("versions.restoring") : t("versions.restore")}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>{t("versions.restoreTitle", { number: version.number })}</DialogTitle>
          <DialogDescription>{t("versions.restoreBody", { number: version.number })}</DialogDescription>
          {/* The page's own action restores; the dialog closes once the form data has been taken. */}
          <fetcher.Form
            method="post"
            {...formProps}
            className="grid gap-3"
            onSubmit={(event) => {
              formProps.onSubmit(event);
              if (!event.defaultPrevented) setTimeout(() => setOpen(false), 0);
            }}
          >
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="versionId" value={version.id} />
            <label htmlFor={fields.note.id} className="text-sm">
              {t("versions.noteLabel")}
            </label>
            <Input {...getInputProps(fields.note, { type: "text" })} key={fields.note.key} maxLength={VERSION_NOTE_MAX} />
            <FieldError id={fields.note.errorId} error={fields.note.errors?.[0]} />
            <div className="flex justify-end gap-2">
              <DialogClose asChild>
                <Button variant="outline" type="button">
                  {t("detail.cancel")}
                </Button>
              </DialogClose>
              <Button type="submit">{t("versions.restoreConfirm")}</Button>
            </div>
          </fetcher.Form>
        </DialogContent>
      </Dialog>
      {fetcher.state === "idle" && fetcher.data?.error ? (
        <p role="alert" className="m-0 basis-full text-sm text-destructive">
          {fetcher.data.error}
        </p>
      ) : null}
    </>
  );
}

type UploadState = { state: "idle" } | { state: "uploading"; progress: number } | { state: "done"; number: number } | { state: "failed"; error: string };

/**
 * "Upload a new version": a file and a note, sent as the raw body (so it streams and reports
 * progress) to the versions API. The page then shows the new current version being read.
 */
export function NewVersionForm({ documentId, maxBytes }: { documentId: string; maxBytes: number }) {
  const { t } = useTranslation("documents");
  const { announceError, announceSuccess } = useAnnouncer();
  const revalidator = useRevalidator();
  const fileId = useId();
  const noteId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [upload, setUpload] = useState<UploadState>({ state: "idle" });

  const fail = (error: string) => {
    setUpload({ state: "failed", error });
    announceError(error);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get("file");
    const note = String(data.get("note") ?? "").trim();
    if (!(file instanceof File) || file.size === 0) return fail(file instanceof File && file.name ? t("errors.emptyFile") : t("versions.chooseFile"));
    if (file.size > maxBytes) return fail(t("errors.tooLarge", { mb: Math.round(maxBytes / (1024 * 1024)) }));
    const kind = detectFileKind(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()), file.name);
    if (!kind) return fail(t("errors.unsupportedType"));

    const params = new URLSearchParams({ fileName: file.name });
    if (note) params.set("note", note);
    setUpload({ state: "uploading", progress: 0 });
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/documents/${documentId}/versions?${params}`);
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setUpload({ state: "uploading", progress: Math.min(99, (e.loaded / e.total) * 100) });
    };
    xhr.onerror = () => fail(t("errors.uploadInterrupted"));
    xhr.onload = async () => {
      let body: { error?: string; version?: { number: number } } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: the status says enough */
      }
      if (xhr.status !== 201 || !body.version) return fail(body.error ?? t("errors.uploadFailed"));
      const thumbnail =
        kind === "pdf"
          ? await makePdfThumbnail(file).catch(() => null)
          : kind === "png" || kind === "jpeg"
            ? await makeImageThumbnail(file).catch(() => null)
            : null;
      if (thumbnail) await uploadThumbnail(documentId, thumbnail).catch(() => {});
      setUpload({ state: "done", number: body.version.number });
      announceSuccess(t("versions.uploaded", { number: body.version.number }));
      form.current?.reset();
      revalidator.revalidate();
    };
    xhr.send(file);
  };

  return (
    <form
      ref={form}
      onSubmit={submit}
      className="grid gap-2 rounded-md border border-dashed border-border p-3"
      data-testid="new-version-form"
      aria-labelledby={`${fileId}-heading`}
    >
      <h3 id={`${fileId}-heading`} className="m-0 text-base">
        {t("versions.newHeading")}
      </h3>
      <label htmlFor={fileId} className="text-sm">
        {t("versions.fileLabel")}
      </label>
      <input id={fileId} name="file" type="file" accept={ACCEPT_ATTRIBUTE} className="text-sm" data-testid="version-file" />
      <label htmlFor={noteId} className="text-sm">
        {t("versions.noteLabel")}
      </label>
      <Input id={noteId} name="note" maxLength={VERSION_NOTE_MAX} placeholder={t("versions.notePlaceholder")} />
      <div>
        <Button type="submit" disabled={upload.state === "uploading"}>
          {upload.state === "uploading" ? t("versions.uploading") : t("versions.upload")}
        </Button>
      </div>
      {upload.state === "uploading" ? <ProgressBar value={upload.progress} label={t("versions.progress")} /> : null}
      {upload.state === "failed" ? (
        <p role="alert" className="m-0 text-sm text-destructive">
          {upload.error}
        </p>
      ) : null}
      {upload.state === "done" ? (
        <p role="status" className="m-0 text-sm">
          {t("versions.uploaded", { number: upload.number })}
        </p>
      ) : null}
    </form>
  );
}

/** The document page's Versions section: history, download, restore, compare and a new version. */
export function VersionsPanel({ documentId, versions, canEdit, maxBytes }: { documentId: string; versions: VersionRow[]; canEdit: boolean; maxBytes: number }) {
  const { t } = useTranslation("documents");
  return (
    <section aria-labelledby="versions-heading" className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4" data-testid="versions-panel">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="versions-heading" className="m-0 text-lg">
          {t("versions.heading")}
        </h2>
        {versions.length > 1 ? (
          <Link to={`/version-control/${documentId}`} className="text-sm">
            {t("versions.compareLink")}
          </Link>
        ) : null}
      </div>
      <ol className="m-0 grid list-none gap-3 p-0" data-testid="version-list">
        {versions.map((version) => (
          <li
            key={version.id}
            data-testid="version-row"
            data-number={version.number}
            className="border-0 border-b border-solid border-border pb-3 last:border-b-0 last:pb-0"
          >
            <VersionFacts version={version} documentId={documentId} canEdit={canEdit} />
          </li>
        ))}
      </ol>
      {canEdit ? <NewVersionForm documentId={documentId} maxBytes={maxBytes} /> : <p className="m-0 text-xs text-muted-foreground">{t("versions.viewOnly")}</p>}
    </section>
  );
}
