import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ProgressBar } from "~/components/ui/progress";
import { useAnnouncer } from "~/modules/a11y/announcer";
import { recogniseText } from "./ocr";
import { renderPdfPages } from "./thumbnails";

/**
 * Pictures of paper have no text until it is recognised. That happens here, in the browser (the
 * file never leaves the platform for it); the text is then saved and analysed like any other.
 */
export function OcrPanel({ documentId, canManage, isPdf = false }: { documentId: string; canManage: boolean; isPdf?: boolean }) {
  const { t } = useTranslation("documents");
  const { announceError, announceSuccess, announceLoading } = useAnnouncer();
  const revalidator = useRevalidator();
  const [state, setState] = useState<{ running: boolean; progress: number | null; stage: string; error?: string }>({
    running: false,
    progress: null,
    stage: "",
  });

  const run = async () => {
    setState({ running: true, progress: null, stage: "" });
    announceLoading(t("ocr.what"));
    try {
      const file = await (await fetch(`/api/documents/${documentId}/file?inline=1`)).blob();
      // A scanned PDF holds pictures of its pages: each is drawn and read in turn, progress across all.
      const pictures = isPdf ? await renderPdfPages(file) : [file];
      const texts: string[] = [];
      for (const [index, picture] of pictures.entries()) {
        texts.push(
          await recogniseText(picture, (progress, stage) =>
            setState((s) => ({ ...s, progress: stage.startsWith("recognizing") ? (index * 100 + progress) / pictures.length : null, stage })),
          ),
        );
      }
      const text = pictures.length > 1 ? texts.map((page, i) => `--- ${t("ocr.pageMarker", { n: i + 1 })} ---\n${page.trim()}`).join("\n\n") : (texts[0] ?? "");
      if (!text.trim()) throw new Error(t("ocr.nothingFound"));
      const response = await fetch(`/api/documents/${documentId}/text`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ text }),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      if (!response.ok) throw new Error(body.error ?? t("ocr.saveFailed"));
      setState({ running: false, progress: 100, stage: "" });
      announceSuccess(t("ocr.done"));
      revalidator.revalidate();
    } catch (error) {
      const message = error instanceof Error ? error.message : t("ocr.saveFailed");
      setState({ running: false, progress: null, stage: "", error: message });
      announceError(message);
    }
  };

  return (
    <div className="grid gap-2 rounded-lg border border-solid border-border bg-card p-4" data-testid="ocr-panel">
      <p className="m-0 text-sm">{t("ocr.explain")}</p>
      {canManage ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={run} disabled={state.running} data-testid="run-ocr">
            {state.running ? t("ocr.running") : t("ocr.start")}
          </Button>
          <span className="text-xs text-muted-foreground">{t("ocr.languageNote")}</span>
        </div>
      ) : (
        <p className="m-0 text-sm text-muted-foreground">{t("ocr.askUploader")}</p>
      )}
      {state.running ? <ProgressBar value={state.progress} label={t("ocr.progress")} /> : null}
      {state.error ? (
        <p role="alert" className="m-0 text-sm text-destructive">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
