import { Upload } from "lucide-react";
import { NativeSelect } from "~/components/ui/select";
import { useRevalidator } from "@remix-run/react";
import { useCallback, useId, useRef, useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ProgressBar } from "~/components/ui/progress";
import { useAnnouncer } from "~/modules/a11y/announcer";
import { ACCEPT_ATTRIBUTE, detectFileKind, isImageKind, SNIFF_BYTES } from "../file-types";
import { DocumentTypeOptions } from "./document-type";
import { recogniseText } from "./ocr";
import { makeImageThumbnail, makePdfThumbnail, uploadThumbnail } from "./thumbnails";

type UploadState = "checking" | "uploading" | "finishing" | "recognising" | "done" | "failed" | "cancelled";

interface UploadItem {
  key: string;
  name: string;
  size: number;
  progress: number;
  state: UploadState;
  error?: string;
  documentId?: string;
  xhr?: XMLHttpRequest;
}

function formatMb(bytes: number) {
  return Math.max(0.1, Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

/**
 * Spec: the #upload area of /documents. Drag and drop or pick several files; each gets its own
 * progress bar and cancel button. Files are checked here by their first bytes (the server checks
 * again) and sent as the raw request body, so the upload streams and reports progress.
 */
export function UploadArea({ maxBytes, canUpload }: { maxBytes: number; canUpload: boolean }) {
  const { t } = useTranslation("documents");
  const { announceSuccess, announceError } = useAnnouncer();
  const revalidator = useRevalidator();
  const inputId = useId();
  const typeId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [type, setType] = useState("");
  const [items, setItems] = useState<UploadItem[]>([]);

  const update = useCallback((key: string, patch: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  const fail = useCallback(
    (key: string, name: string, error: string) => {
      update(key, { state: "failed", error });
      announceError(t("upload.failedFor", { name, error }));
    },
    [announceError, t, update],
  );

  const send = useCallback(
    async (file: File, key: string) => {
      if (file.size === 0) return fail(key, file.name, t("errors.emptyFile"));
      if (file.size > maxBytes) return fail(key, file.name, t("errors.tooLarge", { mb: formatMb(maxBytes) }));
      const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
      const kind = detectFileKind(head, file.name);
      if (!kind) return fail(key, file.name, t("errors.unsupportedType"));

      const params = new URLSearchParams({ fileName: file.name });
      if (type) params.set("type", type);
      const xhr = new XMLHttpRequest();
      update(key, { state: "uploading", xhr });
      xhr.open("POST", `/api/documents?${params}`);
      xhr.setRequestHeader("Content-Type", "application/octet-stream");
      xhr.setRequestHeader("Accept", "application/json");
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) update(key, { progress: Math.min(99, (event.loaded / event.total) * 100) });
      };
      xhr.upload.onload = () => update(key, { state: "finishing", progress: 99 });
      xhr.onabort = () => update(key, { state: "cancelled", xhr: undefined });
      xhr.onerror = () => fail(key, file.name, t("errors.uploadInterrupted"));
      xhr.onload = async () => {
        let body: { success?: boolean; error?: string; document?: { id: string } } = {};
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          /* a proxy's HTML error page: the status says enough */
        }
        if (xhr.status !== 201 || !body.document) return fail(key, file.name, body.error ?? t("errors.uploadFailed"));
        const documentId = body.document.id;
        if (kind === "pdf") {
          // The first page as a picture for the cards; the document is usable without it.
          const thumbnail = await makePdfThumbnail(file).catch(() => null);
          if (thumbnail) await uploadThumbnail(documentId, thumbnail).catch(() => {});
        }
        if (isImageKind(kind)) {
          // Pictures of paper: a thumbnail from the picture itself, then its text recognised right here.
          update(key, { state: "recognising", progress: 0, documentId, xhr: undefined });
          revalidator.revalidate();
          const thumbnail = await makeImageThumbnail(file).catch(() => null);
          if (thumbnail) await uploadThumbnail(documentId, thumbnail).catch(() => {});
          try {
            const text = await recogniseText(file, (progress, stage) => {
              if (stage.startsWith("recognizing")) update(key, { progress });
            });
            const saved = text.trim()
              ? await fetch(`/api/documents/${documentId}/text`, {
                  method: "PUT",
                  headers: { "Content-Type": "application/json", Accept: "application/json" },
                  body: JSON.stringify({ text }),
                })
              : null;
            if (!saved?.ok) throw new Error(t("ocr.nothingFound"));
          } catch {
            // The picture is stored; its page offers to recognise the text again.
            update(key, { state: "done", progress: 100 });
            announceError(t("upload.ocrFailedFor", { name: file.name }));
            revalidator.revalidate();
            return;
          }
        }
        update(key, { state: "done", progress: 100, documentId, xhr: undefined });
        announceSuccess(t("upload.doneFor", { name: file.name }));
        revalidator.revalidate();
      };
      xhr.send(file);
    },
    [announceError, announceSuccess, fail, maxBytes, revalidator, t, type, update],
  );

  const addFiles = useCallback(
    (files: FileList | File[]) => {
      const list = Array.from(files);
      const added = list.map((file) => ({ key: crypto.randomUUID(), name: file.name, size: file.size, progress: 0, state: "checking" as const }));
      setItems((current) => [...added, ...current.filter((item) => item.state !== "done" && item.state !== "failed" && item.state !== "cancelled")]);
      list.forEach((file, i) => void send(file, added[i].key));
    },
    [send],
  );

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canUpload && event.dataTransfer.files.length) addFiles(event.dataTransfer.files);
  };

  if (!canUpload) {
    return (
      <section id="upload" className="rounded-lg border border-solid border-border bg-card p-4 text-sm text-muted-foreground">
        {t("upload.viewerOnly")}
      </section>
    );
  }

  return (
    <section
      id="upload"
      aria-labelledby={`${inputId}-heading`}
      className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4"
      data-tour="documents-section"
    >
      <h2 id={`${inputId}-heading`} className="m-0 text-lg">
        {t("upload.heading")}
      </h2>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
        className={cn(
          "grid place-items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center",
          dragging ? "border-primary bg-accent" : "border-border bg-background",
        )}
      >
        <Upload aria-hidden="true" className="h-8 w-8 text-muted-foreground" />
        <p className="m-0">{t("upload.dropHere")}</p>
        <p className="m-0 text-xs text-muted-foreground">{t("upload.accepted", { mb: formatMb(maxBytes) })}</p>
        <div className="flex flex-wrap items-center justify-center gap-2">
          <label htmlFor={typeId} className="text-sm">
            {t("upload.typeLabel")}
          </label>
          <NativeSelect id={typeId} value={type} onChange={(event) => setType(event.target.value)}>
            <DocumentTypeOptions emptyLabel={t("upload.typeDetect")} />
          </NativeSelect>
          <Button type="button" onClick={() => input.current?.click()} aria-label={t("upload.choose")}>
            {t("upload.choose")}
          </Button>
        </div>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          className="sr-only"
          tabIndex={-1}
          aria-label={t("upload.choose")}
          data-testid="file-input"
          onChange={(event) => {
            if (event.target.files?.length) addFiles(event.target.files);
            event.target.value = "";
          }}
        />
      </div>
      {items.length > 0 ? (
        <ul className="m-0 grid list-none gap-2 p-0" aria-label={t("upload.listLabel")} data-testid="upload-list">
          {items.map((item) => (
            <li key={item.key} className="grid gap-1 rounded-md border border-solid border-border p-2" data-testid="upload-item" data-state={item.state}>
              <div className="flex items-center justify-between gap-2 text-sm">
                <span className="truncate font-medium">{item.name}</span>
                <span className="flex items-center gap-2">
                  <span
                    className={cn("text-xs", item.state === "failed" ? "text-destructive" : "text-muted-foreground")}
                    role={item.state === "failed" ? "alert" : undefined}
                  >
                    {item.state === "failed" ? item.error : t(`upload.state.${item.state}`)}
                  </span>
                  {item.state === "uploading" ? (
                    <Button size="sm" variant="outline" onClick={() => item.xhr?.abort()} aria-label={t("upload.cancelFor", { name: item.name })}>
                      {t("upload.cancel")}
                    </Button>
                  ) : null}
                  {item.state === "done" && item.documentId ? (
                    <a href={`/documents/${item.documentId}`} className="text-xs">
                      {t("upload.open")}
                    </a>
                  ) : null}
                </span>
              </div>
              {item.state === "uploading" || item.state === "finishing" || item.state === "checking" || item.state === "recognising" ? (
                <ProgressBar
                  value={item.state === "checking" ? null : item.progress}
                  label={item.state === "recognising" ? t("upload.ocrProgressFor", { name: item.name }) : t("upload.progressFor", { name: item.name })}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
