import { Form, Link } from "@remix-run/react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { ProgressBar } from "~/components/ui/progress";
import { NativeSelect } from "~/components/ui/select";
import { useAnnouncer } from "~/modules/a11y/announcer";
import { isLanguageCode, LANGUAGES, languageDirection, type LanguageCode } from "~/modules/preferences/languages";
import { CHUNK_MAX, joinTranslations, limitSource, splitIntoChunks, SOURCE_MAX } from "../chunks";

export interface TranslatorPageProps {
  provider: { engine: string; model: string } | null;
  documents: { id: string; title: string; charCount: number }[];
  source: { id: string; title: string; text: string | null; truncated: boolean; status: string } | null;
}

type Run =
  | { state: "idle" }
  | { state: "running"; done: number; total: number }
  | { state: "done"; total: number }
  | { state: "failed"; error: string; done: number; total: number }
  | { state: "cancelled"; done: number; total: number };

interface ApiAnswer {
  success?: boolean;
  translation?: string;
  error?: string;
  engine?: string;
  model?: string;
}

function LanguageOptions() {
  return (
    <>
      {LANGUAGES.map((language) => (
        <option key={language.code} value={language.code}>
          {language.nativeName === language.englishName ? language.nativeName : `${language.nativeName} — ${language.englishName}`}
        </option>
      ))}
    </>
  );
}

/** The page's notice that no provider is configured: what is missing and how to configure one. */
function NoProvider() {
  const { t } = useTranslation("translator");
  return (
    <section
      aria-labelledby="no-provider-title"
      data-testid="translator-no-provider"
      className="rounded-lg border-2 border-solid border-warning bg-warning-soft p-4 text-sm text-warning-soft-foreground"
    >
      <h2 id="no-provider-title" className="m-0 text-base">
        {t("noProvider.title")}
      </h2>
      <p className="mb-2">{t("noProvider.body")}</p>
      <p className="m-0 mb-1">{t("noProvider.devVars")}</p>
      <pre className="m-0 mb-2 overflow-x-auto rounded bg-card p-2 text-xs text-foreground" dir="ltr">
        {"AI_PROVIDER=openai-compatible\nAI_BASE_URL=https://…/v1\nAI_MODEL=…\nAI_API_KEY=…"}
      </pre>
      <p className="m-0">{t("noProvider.production")}</p>
    </section>
  );
}

/**
 * /translator: typed text or a readable document's text, translated part by part (by paragraph)
 * with a progress bar, shown beside the original, which stays the authoritative text.
 */
export function TranslatorPage({ provider, documents, source }: TranslatorPageProps) {
  const { t, i18n } = useTranslation("translator");
  const { announceError, announceSuccess } = useAnnouncer();
  const id = useId();
  const interfaceLanguage: LanguageCode = isLanguageCode(i18n.language) ? i18n.language : "en";
  const [mode, setMode] = useState<"text" | "document">(source ? "document" : "text");
  const [typed, setTyped] = useState("");
  const [from, setFrom] = useState<LanguageCode>("en");
  const [to, setTo] = useState<LanguageCode>(interfaceLanguage === "en" ? "es" : interfaceLanguage);
  const [parts, setParts] = useState<string[]>([]);
  const [run, setRun] = useState<Run>({ state: "idle" });
  const [engine, setEngine] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const original = mode === "document" ? (source?.text ?? "") : typed;
  const limited = useMemo(() => limitSource(original, SOURCE_MAX), [original]);
  const chunks = useMemo(() => splitIntoChunks(limited.text, CHUNK_MAX), [limited.text]);
  // The languages of the text shown: what was translated, not what the selects say now.
  const [shown, setShown] = useState<{ from: LanguageCode; to: LanguageCode; chunks: typeof chunks } | null>(null);
  const running = run.state === "running";
  const translation = shown ? joinTranslations(shown.chunks.slice(0, parts.length), parts) : "";

  const translate = async () => {
    if (!provider || running || chunks.length === 0) return;
    if (from === to) {
      setRun({ state: "failed", error: t("errors.sameLanguage"), done: 0, total: 0 });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    const target = { from, to, chunks };
    setShown(target);
    setParts([]);
    setRun({ state: "running", done: 0, total: chunks.length });
    const done: string[] = [];
    for (let i = 0; i < chunks.length; i++) {
      let answer: ApiAnswer = {};
      let ok = false;
      try {
        const response = await fetch("/api/translate", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({
            text: chunks[i].text,
            source: from,
            target: to,
            part: i,
            ...(mode === "document" && source ? { documentId: source.id } : {}),
          }),
          signal: controller.signal,
        });
        answer = (await response.json().catch(() => ({}))) as ApiAnswer;
        ok = response.ok && typeof answer.translation === "string";
      } catch {
        if (controller.signal.aborted) {
          setRun({ state: "cancelled", done: i, total: chunks.length });
          return;
        }
      }
      if (!ok) {
        const error = answer.error ?? t("errors.failed");
        setRun({ state: "failed", error, done: i, total: chunks.length });
        announceError(error);
        return;
      }
      done.push(answer.translation!);
      setParts([...done]);
      setEngine(answer.model ? `${answer.engine} · ${answer.model}` : (answer.engine ?? null));
      setRun({ state: "running", done: i + 1, total: chunks.length });
    }
    setRun({ state: "done", total: chunks.length });
    announceSuccess(t("status.done"));
  };

  const download = () => {
    if (!shown) return;
    const blob = new Blob([translation], { type: "text/plain;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `${(source && mode === "document" ? source.title : "translation").replace(/[\\/:*?"<>|]+/g, " ").slice(0, 100)} (${shown.to}).txt`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const progress =
    run.state === "running" || run.state === "failed" || run.state === "cancelled"
      ? run.total
        ? (run.done / run.total) * 100
        : 0
      : run.state === "done"
        ? 100
        : null;

  return (
    <section className="grid gap-5" aria-labelledby={`${id}-title`}>
      <header className="grid gap-2">
        <h1 id={`${id}-title`} className="m-0 text-2xl">
          {t("title")}
        </h1>
        <p className="m-0 text-muted-foreground">{t("intro")}</p>
        <p className="m-0 rounded-md border border-solid border-border bg-card px-3 py-2 text-sm" data-testid="authoritative-notice">
          <strong>{t("authoritative.title")}</strong> {t("authoritative.body")}
        </p>
      </header>

      {provider ? (
        <p className="m-0 text-sm text-muted-foreground" data-testid="translator-provider">
          {t("provider.configured", { engine: t(`engine.${provider.engine}`, { defaultValue: provider.engine }), model: provider.model })}
        </p>
      ) : (
        <NoProvider />
      )}

      <div className="grid gap-4 rounded-lg border border-solid border-border bg-card p-4">
        <fieldset className="m-0 flex flex-wrap gap-4 border-none p-0">
          <legend className="mb-2 p-0 text-sm font-medium">{t("source.legend")}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="mode" value="text" checked={mode === "text"} onChange={() => setMode("text")} className="h-5 w-5" disabled={running} />
            {t("source.text")}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="mode"
              value="document"
              checked={mode === "document"}
              onChange={() => setMode("document")}
              className="h-5 w-5"
              disabled={running}
            />
            {t("source.document")}
          </label>
        </fieldset>

        {mode === "text" ? (
          <div className="grid gap-1">
            <label htmlFor={`${id}-text`} className="text-sm font-medium">
              {t("source.textLabel")}
            </label>
            <textarea
              id={`${id}-text`}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              rows={8}
              maxLength={SOURCE_MAX}
              disabled={running}
              lang={from}
              dir={languageDirection(from)}
              className="box-border w-full rounded-md border border-solid border-input bg-card p-3 font-sans text-sm text-foreground"
              placeholder={t("source.textPlaceholder")}
            />
          </div>
        ) : (
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <div className="grid min-w-64 flex-1 gap-1">
              <label htmlFor={`${id}-document`} className="text-sm font-medium">
                {t("source.documentLabel")}
              </label>
              <NativeSelect id={`${id}-document`} name="document" defaultValue={source?.id ?? ""} disabled={running || documents.length === 0}>
                {documents.length === 0 ? <option value="">{t("source.noDocuments")}</option> : null}
                {documents.map((doc) => (
                  <option key={doc.id} value={doc.id}>
                    {doc.title}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button type="submit" variant="outline" disabled={running || documents.length === 0}>
              {t("source.load")}
            </Button>
          </Form>
        )}
        {mode === "document" && source ? (
          source.text === null ? (
            <p className="m-0 text-sm text-muted-foreground" role="status">
              {t("source.noText", { title: source.title })}
            </p>
          ) : (
            <p className="m-0 text-sm text-muted-foreground">
              {t("source.loaded", { title: source.title })}{" "}
              <Link to={`/documents/${source.id}`} className="text-link">
                {t("source.openDocument")}
              </Link>
            </p>
          )
        ) : null}
        {limited.truncated || (mode === "document" && source?.truncated) ? (
          <p className="m-0 text-sm text-warning-soft-foreground">{t("source.truncated", { max: SOURCE_MAX.toLocaleString(i18n.language) })}</p>
        ) : null}

        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <label htmlFor={`${id}-from`} className="text-sm font-medium">
              {t("from")}
            </label>
            <NativeSelect id={`${id}-from`} value={from} onChange={(event) => setFrom(event.target.value as LanguageCode)} disabled={running}>
              <LanguageOptions />
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${id}-to`} className="text-sm font-medium">
              {t("to")}
            </label>
            <NativeSelect id={`${id}-to`} value={to} onChange={(event) => setTo(event.target.value as LanguageCode)} disabled={running}>
              <LanguageOptions />
            </NativeSelect>
          </div>
          <Button
            type="button"
            onClick={translate}
            disabled={!provider || running || chunks.length === 0}
            aria-describedby={!provider ? "no-provider-title" : undefined}
          >
            {running ? t("translating") : t("translate")}
          </Button>
          {running ? (
            <Button type="button" variant="outline" onClick={() => abort.current?.abort()}>
              {t("cancel")}
            </Button>
          ) : null}
        </div>
        {chunks.length > 1 ? <p className="m-0 text-xs text-muted-foreground">{t("parts", { count: chunks.length })}</p> : null}

        {progress !== null ? (
          <div className="grid gap-1" data-testid="translation-progress">
            <ProgressBar value={progress} label={t("progressLabel")} />
            <p className="m-0 text-sm" role="status">
              {run.state === "running"
                ? t("status.running", { done: run.done, total: run.total })
                : run.state === "done"
                  ? t("status.done")
                  : run.state === "cancelled"
                    ? t("status.cancelled", { done: run.done, total: run.total })
                    : null}
            </p>
          </div>
        ) : null}
        {run.state === "failed" ? <Banner kind="error">{run.error}</Banner> : null}
      </div>

      {shown && (parts.length > 0 || running) ? (
        <div className="grid gap-4 md:grid-cols-2" data-testid="translation-result">
          <section aria-labelledby={`${id}-original`} className="grid content-start gap-2">
            <h2 id={`${id}-original`} className="m-0 text-lg">
              {t("original", { language: LANGUAGES.find((l) => l.code === shown.from)?.nativeName })}
            </h2>
            <div
              lang={shown.from}
              dir={languageDirection(shown.from)}
              className="whitespace-pre-wrap rounded-lg border border-solid border-border bg-card p-4 text-sm leading-relaxed"
              data-testid="translation-original"
            >
              {joinTranslations(
                shown.chunks,
                shown.chunks.map((c) => c.text),
              )}
            </div>
          </section>
          <section aria-labelledby={`${id}-translation`} className="grid content-start gap-2">
            <h2 id={`${id}-translation`} className="m-0 text-lg">
              {t("translation", { language: LANGUAGES.find((l) => l.code === shown.to)?.nativeName })}
            </h2>
            <p className="m-0 text-xs text-muted-foreground">{t("machineNote")}</p>
            <div
              lang={shown.to}
              dir={languageDirection(shown.to)}
              className="whitespace-pre-wrap rounded-lg border border-solid border-border bg-card p-4 text-sm leading-relaxed"
              data-testid="translation-output"
              aria-busy={running}
            >
              {translation}
            </div>
            {engine ? <p className="m-0 text-xs text-muted-foreground">{t("engineUsed", { engine })}</p> : null}
            {run.state === "done" ? (
              <div>
                <Button type="button" variant="outline" size="sm" onClick={download}>
                  {t("download")}
                </Button>
              </div>
            ) : null}
          </section>
        </div>
      ) : null}
    </section>
  );
}
