import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ProgressBar } from "~/components/ui/progress";

type PdfDocument = Awaited<ReturnType<typeof import("unpdf").getDocumentProxy>>;

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/**
 * Shows a PDF by drawing its pages with pdf.js (unpdf's build, loaded on demand): a PDF's own scripts
 * never run here, unlike in the browser's built-in viewer, where an uploaded file's OpenAction could.
 * Pages are drawn when they scroll into view, so a long trust instrument opens quickly.
 */
export function PdfViewer({ src, title, downloadHref }: { src: string; title: string; downloadHref: string }) {
  const { t } = useTranslation("documents");
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [progress, setProgress] = useState(0);
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState(1);
  const [width, setWidth] = useState(0);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let opened: PdfDocument | null = null;
    setPdf(null);
    setFailed(false);
    (async () => {
      const response = await fetch(src, { credentials: "same-origin" });
      if (!response.ok || !response.body) throw new Error(`${response.status}`);
      const total = Number(response.headers.get("Content-Length")) || 0;
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        if (total && !cancelled) setProgress(Math.round((received / total) * 100));
      }
      const bytes = new Uint8Array(received);
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.byteLength;
      }
      const { getDocumentProxy } = await import("unpdf");
      // No eval, no XFA forms, no scripting: the document is only drawn.
      opened = await getDocumentProxy(bytes, { isEvalSupported: false, enableXfa: false });
      if (cancelled) await opened.destroy();
      else setPdf(opened);
    })().catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [src]);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const zoomIndex = ZOOMS.indexOf(zoom);
  return (
    <section aria-label={t("detail.viewerTitle", { title })} className="flex flex-col gap-2" data-testid="pdf-viewer">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setZoom(ZOOMS[Math.max(0, zoomIndex - 1)])}
          disabled={zoomIndex <= 0}
          aria-label={t("viewer.zoomOut")}
        >
          −
        </Button>
        <span aria-live="polite" className="min-w-12 text-center tabular-nums">
          {Math.round(zoom * 100)}%
        </span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setZoom(ZOOMS[Math.min(ZOOMS.length - 1, zoomIndex + 1)])}
          disabled={zoomIndex >= ZOOMS.length - 1}
          aria-label={t("viewer.zoomIn")}
        >
          +
        </Button>
        {zoom !== 1 ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => setZoom(1)}>
            {t("viewer.fitWidth")}
          </Button>
        ) : null}
        {pdf ? <span className="text-muted-foreground">{t("viewer.pageCount", { count: pdf.numPages })}</span> : null}
      </div>
      <div ref={frame} tabIndex={0} className="h-[70vh] w-full overflow-auto rounded-md border border-solid border-border bg-muted p-2 focus-visible:outline-2">
        {failed ? (
          <p className="m-0 p-4 text-sm" role="alert">
            {t("viewer.failed")}{" "}
            <a href={downloadHref} className="text-link">
              {t("viewer.download")}
            </a>
          </p>
        ) : !pdf ? (
          <div className="flex flex-col gap-2 p-4 text-sm">
            <span>{t("viewer.loading")}</span>
            <ProgressBar value={progress || null} label={t("viewer.loading")} />
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3">
            {Array.from({ length: pdf.numPages }, (_, i) => (
              <PdfPage key={i} pdf={pdf} number={i + 1} width={Math.max(200, (width - 16) * zoom)} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

/** One page: a placeholder of the page's shape until it is near the view, then drawn for this screen's pixel density. */
function PdfPage({ pdf, number, width }: { pdf: PdfDocument; number: number; width: number }) {
  const { t } = useTranslation("documents");
  const canvas = useRef<HTMLCanvasElement>(null);
  const rendering = useRef<Promise<void> | null>(null);
  const [ratio, setRatio] = useState(11 / 8.5);
  const [visible, setVisible] = useState(number <= 2);

  useEffect(() => {
    const element = canvas.current;
    if (!element || visible) return;
    const observer = new IntersectionObserver(([entry]) => entry.isIntersecting && setVisible(true), { rootMargin: "600px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible || width <= 0) return;
    let task: { cancel: () => void; promise: Promise<void> } | null = null;
    let cancelled = false;
    // pdf.js refuses a second render on a canvas until the first has settled, even a cancelled one, and a
    // new width (zoom, the scrollbar appearing) starts one at once: wait for the previous to settle.
    const previous = rendering.current;
    const current = (async () => {
      await previous?.catch(() => {});
      const page = await pdf.getPage(number);
      const base = page.getViewport({ scale: 1 });
      if (cancelled || !canvas.current) return;
      setRatio(base.height / base.width);
      const density = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: (width / base.width) * density });
      const element = canvas.current;
      element.width = Math.round(viewport.width);
      element.height = Math.round(viewport.height);
      const context = element.getContext("2d");
      if (!context) return;
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, element.width, element.height);
      task = page.render({ canvas: element, canvasContext: context, viewport });
      await task.promise;
    })();
    rendering.current = current;
    current.catch(() => {
      // A cancelled render (zoom changed, page left) is not an error; a broken page stays blank.
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, number, width, visible]);

  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={t("viewer.page", { number, count: pdf.numPages })}
      data-page={number}
      className="block bg-white shadow-sm"
      style={{ width, height: width * ratio }}
    />
  );
}
