import { ImagePlus } from "lucide-react";
import { useRevalidator } from "@remix-run/react";
import { useCallback, useId, useReducer, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ProgressBar } from "~/components/ui/progress";
import { useAnnouncer } from "~/modules/a11y/announcer";
import { recogniseText } from "~/modules/documents/components/ocr";
import { useLanguage } from "~/modules/preferences/display";
import { PictureError, pictureFromFile, thumbnailOf, turnedPicture, type PagePicture } from "../images";
import { emptyPages, joinPageTexts, MAX_PAGES, pagesReducer, scanFileName, type PagesAction, type PagesState } from "../pages";
import { saveScanText, saveScanThumbnail, SaveError, uploadScanPdf } from "../save";
import { Camera, type CameraProblem } from "./camera";
import { PageList, PagePreview } from "./page-list";
import { SavePanel, type EditableDocument, type SaveScan } from "./save-panel";

export interface ScannerPageProps {
  canUpload: boolean;
  editable: EditableDocument[];
  maxBytes: number;
}

function Step({ number, title, id, children, testId }: { number: number; title: string; id: string; children: ReactNode; testId?: string }) {
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4" data-testid={testId}>
      <h2 id={id} className="m-0 flex items-center gap-2 text-lg">
        <span aria-hidden="true" className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-primary text-sm text-primary-foreground">
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Spec: the mobile document scanner at /scanner. Pages come from the camera (or from photos when the
 * camera cannot be used), are turned and ordered, their text is recognised here in the browser with
 * tesseract.js from our own files, and the whole scan is saved as one PDF with its text: a new,
 * searchable document or a new version of an existing one.
 */
export function ScannerPage({ canUpload, editable, maxBytes }: ScannerPageProps) {
  const { t } = useTranslation("scanner");
  const { announce, announceError, announceLoading, announceSuccess } = useAnnouncer();
  const revalidator = useRevalidator();
  const { formatDate } = useLanguage();
  const ids = { capture: useId(), pages: useId(), ocr: useId(), save: useId() };
  const [state, reactDispatch] = useReducer(pagesReducer<Blob>, undefined, () => emptyPages<Blob>());
  // The async steps (recognition, saving) need the pages as they are now, including changes React has
  // not rendered yet (the text of the page read a moment ago): every action is applied here as well.
  const latest = useRef<PagesState>(state);
  const dispatch = useCallback((action: PagesAction) => {
    latest.current = pagesReducer(latest.current, action);
    reactDispatch(action);
  }, []);
  const [busy, setBusy] = useState<"ocr" | "save" | null>(null);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [cameraProblem, setCameraProblem] = useState<CameraProblem | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileButton = useRef<HTMLButtonElement>(null);

  const addPictures = useCallback(
    (pictures: PagePicture[]) => {
      const room = MAX_PAGES - latest.current.pages.length;
      if (pictures.length > room) {
        setFileErrors([t("errors.tooManyPages", { max: MAX_PAGES })]);
        announceError(t("errors.tooManyPages", { max: MAX_PAGES }));
      }
      const added = pictures.slice(0, Math.max(0, room));
      if (added.length === 0) return;
      const first = latest.current.pages.length + 1;
      dispatch({
        type: "add",
        pages: added.map((picture) => ({ id: crypto.randomUUID(), image: picture.jpeg, width: picture.width, height: picture.height })),
      });
      announce(added.length === 1 ? t("pages.added", { number: first }) : t("pages.addedSeveral", { from: first, to: first + added.length - 1 }));
    },
    [announce, announceError, dispatch, t],
  );

  const addFiles = async (files: File[]) => {
    const pictures: PagePicture[] = [];
    const errors: string[] = [];
    for (const file of files) {
      try {
        pictures.push(await pictureFromFile(file));
      } catch (error) {
        const problem = error instanceof PictureError ? error.problem : "unreadable";
        errors.push(t(`errors.file.${problem}`, { name: file.name }));
      }
    }
    setFileErrors(errors);
    if (errors.length) announceError(errors.join(" "));
    addPictures(pictures);
  };

  const onCameraUnavailable = useCallback((problem: CameraProblem) => {
    setCameraProblem(problem);
    // The photos button is now the way forward: take the keyboard there.
    fileButton.current?.focus();
  }, []);

  /** Reads every page not read yet, one after the other (the engine is heavy on a phone). */
  const recognisePages = useCallback(async () => {
    const todo = latest.current.pages.filter((page) => page.ocr.status !== "done").map((page) => page.id);
    let failed = 0;
    for (const id of todo) {
      const page = latest.current.pages.find((p) => p.id === id);
      if (!page) continue;
      const { rotation } = page;
      // Results for a page turned meanwhile are dropped: it is read again as it now stands.
      const unchanged = () => latest.current.pages.find((p) => p.id === id)?.rotation === rotation;
      dispatch({ type: "ocr", id, ocr: { status: "running", progress: null } });
      try {
        const picture = await turnedPicture(page.image, rotation);
        const text = await recogniseText(picture, (progress, stage) => {
          if (unchanged()) dispatch({ type: "ocr", id, ocr: { status: "running", progress: stage.startsWith("recognizing") ? progress : null } });
        });
        if (unchanged()) dispatch({ type: "ocr", id, ocr: { status: "done" }, text: text.trim() });
      } catch {
        failed += 1;
        if (unchanged()) dispatch({ type: "ocr", id, ocr: { status: "failed", error: t("ocr.failed") } });
      }
    }
    return { read: todo.length, failed };
  }, [dispatch, t]);

  const runOcr = async () => {
    if (busy || state.pages.length === 0) return;
    setBusy("ocr");
    announceLoading(t("ocr.what"));
    try {
      const { failed } = await recognisePages();
      if (failed) announceError(t("ocr.someFailed"));
      else announceSuccess(t("ocr.allDone"));
    } finally {
      setBusy(null);
    }
  };

  /** All pages' text, in order, with page markers: what the search index and the analysis read. */
  const scanText = () =>
    joinPageTexts(
      latest.current.pages.map((page) => page.text),
      (number) => t("text.pageMarker", { number }),
    );

  const retryText = async (documentId: string) => {
    const text = scanText();
    if (!text) throw new Error(t("errors.noText"));
    await saveScanText(documentId, text, t("errors.textFailed"));
  };

  const save: SaveScan = async (target, report) => {
    if (latest.current.pages.length === 0) throw new SaveError(t("errors.noPages"));
    setBusy("save");
    try {
      if (latest.current.pages.some((page) => page.ocr.status !== "done")) {
        report("recognising", null);
        await recognisePages();
      }
      const pages = latest.current.pages;
      if (pages.length === 0) throw new SaveError(t("errors.noPages"));
      const text = scanText();
      if (!text) throw new SaveError(t("errors.noText"));

      report("assembling", null);
      // pdf-lib is large: it is loaded when a scan is saved, not with the screen.
      const { assemblePdf } = await import("../assemble-pdf");
      const title =
        target.kind === "document"
          ? target.title || t("save.defaultTitle", { date: formatDate(new Date()) })
          : (editable.find((doc) => doc.id === target.documentId)?.title ?? "");
      const pdf = await assemblePdf(
        await Promise.all(
          pages.map(async (page) => ({
            jpeg: new Uint8Array(await page.image.arrayBuffer()),
            width: page.width,
            height: page.height,
            rotation: page.rotation,
          })),
        ),
        { title, creator: t("pdf.creator") },
      ).catch(() => {
        throw new SaveError(t("errors.pdfFailed"));
      });
      if (pdf.byteLength > maxBytes) throw new SaveError(t("errors.tooLarge", { mb: Math.round(maxBytes / (1024 * 1024)) }));

      report("uploading", 0);
      const stored = await uploadScanPdf(
        pdf,
        scanFileName(title),
        target.kind === "document" ? { ...target, title } : target,
        (percent) => report("uploading", percent),
        t("errors.saveFailed"),
      );
      const saved = { ...stored, title };
      // The first page on the document cards; the document is complete without it.
      const thumbnail = await thumbnailOf(pages[0].image, pages[0].rotation).catch(() => null);
      if (thumbnail) await saveScanThumbnail(stored.documentId, thumbnail);
      report("text", null);
      try {
        await saveScanText(stored.documentId, text, t("errors.textFailed"));
      } catch (error) {
        throw new SaveError(error instanceof Error ? error.message : t("errors.textFailed"), saved);
      }
      return saved;
    } finally {
      setBusy(null);
    }
  };

  const pageCount = state.pages.length;
  const locked = busy !== null;
  const ocrRunning = state.pages.some((page) => page.ocr.status === "running");

  return (
    <div className="mx-auto grid max-w-3xl gap-4" data-testid="scanner">
      <header>
        <h1 className="m-0 text-2xl">{t("page.title")}</h1>
        <p className="m-0 mt-1 text-muted-foreground">{t("page.subtitle")}</p>
      </header>

      <Step number={1} title={t("capture.heading")} id={ids.capture} testId="scanner-capture">
        <Camera onCapture={(picture) => addPictures([picture])} onUnavailable={onCameraUnavailable} disabled={locked || pageCount >= MAX_PAGES} />
        <div className="grid gap-2">
          <p className="m-0 text-sm text-muted-foreground">{cameraProblem ? t("capture.photosInstead") : t("capture.photosToo")}</p>
          <Button
            ref={fileButton}
            type="button"
            variant={cameraProblem ? "default" : "outline"}
            size="lg"
            className="h-12 w-full sm:w-auto"
            onClick={() => fileInput.current?.click()}
            disabled={locked || pageCount >= MAX_PAGES}
          >
            <ImagePlus aria-hidden="true" className="h-5 w-5" />
            {t("capture.choosePhotos")}
          </Button>
          {/* capture="environment": on a phone this opens the back camera; elsewhere the file picker. */}
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            className="sr-only"
            tabIndex={-1}
            // The visible button above is the control people use; this input stays out of the way.
            aria-hidden="true"
            data-testid="scanner-file-input"
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = "";
              if (files.length) void addFiles(files);
            }}
          />
          {fileErrors.length ? (
            <ul
              role="alert"
              className="m-0 grid list-none gap-1 rounded-md border border-solid border-destructive bg-destructive-soft p-3 text-sm text-destructive-soft-foreground"
              data-testid="file-errors"
            >
              {fileErrors.map((error, i) => (
                <li key={i}>{error}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </Step>

      <Step number={2} title={t("pages.heading", { formatted: pageCount })} id={ids.pages} testId="scanner-pages">
        {pageCount === 0 ? (
          <p className="m-0 text-sm text-muted-foreground" data-testid="no-pages">
            {t("pages.empty")}
          </p>
        ) : (
          <div className="grid gap-4 md:grid-cols-[1fr_minmax(0,18rem)]">
            <PagePreview state={state} />
            <PageList state={state} dispatch={dispatch} locked={locked} />
          </div>
        )}
      </Step>

      <Step number={3} title={t("ocr.heading")} id={ids.ocr} testId="scanner-ocr">
        <p className="m-0 text-sm text-muted-foreground">{t("ocr.explain")}</p>
        <Button
          type="button"
          size="lg"
          className="h-12 w-full sm:w-auto"
          onClick={() => void runOcr()}
          disabled={locked || pageCount === 0 || state.pages.every((page) => page.ocr.status === "done")}
          data-testid="run-ocr"
        >
          {ocrRunning ? t("ocr.running") : t("ocr.start")}
        </Button>
        {pageCount > 0 ? (
          <ol className="m-0 grid list-none gap-3 p-0" aria-label={t("ocr.listLabel")}>
            {state.pages.map((page, index) => {
              const number = index + 1;
              return (
                <li key={page.id} className="grid gap-2 rounded-md border border-solid border-border p-3" data-testid="ocr-page" data-status={page.ocr.status}>
                  <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="font-medium">{t("pages.label", { number })}</span>
                    <span className={cn("text-xs", page.ocr.status === "failed" ? "text-destructive" : "text-muted-foreground")}>
                      {page.ocr.status === "failed" ? page.ocr.error : t(`ocr.state.${page.ocr.status}`)}
                    </span>
                  </div>
                  {page.ocr.status === "running" ? <ProgressBar value={page.ocr.progress} label={t("ocr.progressFor", { number })} /> : null}
                  {page.ocr.status === "done" || page.ocr.status === "failed" ? (
                    <div className="grid gap-1 text-sm">
                      <label htmlFor={`${ids.ocr}-text-${page.id}`}>{t("ocr.textFor", { number })}</label>
                      <textarea
                        id={`${ids.ocr}-text-${page.id}`}
                        value={page.text}
                        onChange={(event) => dispatch({ type: "editText", id: page.id, text: event.target.value })}
                        readOnly={locked}
                        rows={5}
                        placeholder={t("ocr.nothingFound")}
                        className="box-border w-full rounded-md border border-solid border-input bg-card p-2 font-mono text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                        data-testid="ocr-text"
                      />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ol>
        ) : null}
      </Step>

      <Step number={4} title={t("save.heading")} id={ids.save} testId="scanner-save">
        <SavePanel
          canUpload={canUpload}
          editable={editable}
          pageCount={pageCount}
          busy={busy === "ocr"}
          onSave={save}
          onRetryText={retryText}
          onSaved={() => revalidator.revalidate()}
          onNewScan={() => {
            dispatch({ type: "clear" });
            setFileErrors([]);
          }}
        />
      </Step>
    </div>
  );
}
