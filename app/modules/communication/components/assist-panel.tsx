import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { LANGUAGES } from "~/modules/preferences/languages";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";
import type { Choice } from "./smart-communication-page";

interface EngineView {
  engine: string;
  model: string | null;
  fellBack: boolean;
}
type Suggestions = EngineView & { drafts: string[]; replyingTo: { seq: number; authorName: string } };
type Summary = EngineView & { points: { text: string; messages: number[] }[]; messageCount: number; from: number; to: number };

const select = "rounded-md border border-solid border-input bg-background p-1.5";

/** Drafting help (issue 21): reply drafts in a tone and language, and a summary of a thread that cites its messages. */
export function AssistPanel({ channels, onUse }: { channels: Choice[]; onUse: (text: string) => void }) {
  const { t, i18n } = useTranslation("communication");
  const [channelId, setChannelId] = useState(channels[0]?.id ?? "");
  const [tone, setTone] = useState<"formal" | "warm">("formal");
  const [language, setLanguage] = useState(i18n.language);
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function ask(action: "suggest" | "summary") {
    setBusy(true);
    setError(null);
    try {
      const answer = await apiFetch<Suggestions & Summary>("/api/communication/assist", { method: "POST", body: { action, channelId, tone, language } });
      if (action === "suggest") setSuggestions(answer);
      else setSummary(answer);
    } catch (caught) {
      setError(refusalSentence(caught, t("assist.failed")));
    } finally {
      setBusy(false);
    }
  }

  const engineLine = (answer: EngineView, offlineKey: string) =>
    answer.fellBack
      ? t("assist.engineFellBack")
      : answer.engine === "offline"
        ? t(offlineKey)
        : t("assist.engineModel", { model: answer.model ?? answer.engine });

  return (
    <section aria-labelledby="assist-heading" className="grid gap-3 rounded-md border border-solid border-border bg-card p-4" data-testid="assist">
      <h2 id="assist-heading" className="m-0 text-lg">
        {t("assist.title")}
      </h2>
      <p className="m-0 text-sm text-muted-foreground">{t("assist.intro")}</p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="assist-channel">{t("assist.channel")}</Label>
          <select id="assist-channel" className={select} value={channelId} onChange={(e) => setChannelId(e.target.value)}>
            {channels.map((c) => (
              <option key={c.id} value={c.id}>
                #{c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="assist-tone">{t("assist.tone")}</Label>
          <select id="assist-tone" className={select} value={tone} onChange={(e) => setTone(e.target.value as "formal" | "warm")}>
            <option value="formal">{t("assist.toneFormal")}</option>
            <option value="warm">{t("assist.toneWarm")}</option>
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="assist-language">{t("assist.language")}</Label>
          <select id="assist-language" className={select} value={language} onChange={(e) => setLanguage(e.target.value)}>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.nativeName}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={() => void ask("suggest")} disabled={busy || !channelId}>
          {t("assist.suggest")}
        </Button>
        <Button variant="outline" onClick={() => void ask("summary")} disabled={busy || !channelId}>
          {t("assist.summarise")}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="m-0 text-sm" data-testid="assist-error">
          {error}
        </p>
      ) : null}
      {suggestions ? (
        <div className="grid gap-2" aria-live="polite" data-testid="suggestions">
          <p className="m-0 text-sm">{t("assist.replyingTo", { seq: suggestions.replyingTo.seq, name: suggestions.replyingTo.authorName })}</p>
          <ul className="m-0 grid list-none gap-2 p-0">
            {suggestions.drafts.map((draft, i) => (
              <li key={i} className="grid gap-1 rounded-md border border-solid border-border p-2">
                <p className="m-0 whitespace-pre-wrap text-sm">{draft}</p>
                <div>
                  <Button size="sm" variant="outline" onClick={() => onUse(draft)}>
                    {t("assist.useDraft")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <p className="m-0 text-xs text-muted-foreground" data-testid="suggestions-engine">
            {engineLine(suggestions, "assist.engineOffline")}
          </p>
        </div>
      ) : null}
      {summary ? (
        <div className="grid gap-2" aria-live="polite" data-testid="summary">
          <p className="m-0 text-sm">{t("assist.summaryOf", { count: summary.messageCount, from: summary.from, to: summary.to })}</p>
          <ul className="m-0 grid gap-1 ps-5">
            {summary.points.map((point, i) => (
              <li key={i} className="text-sm">
                {point.text}{" "}
                <a href={`/channel/${channelId}`} className="text-muted-foreground">
                  ({t("assist.cites", { list: point.messages.map((n) => `#${n}`).join(", ") })})
                </a>
              </li>
            ))}
          </ul>
          <p className="m-0 text-xs text-muted-foreground" data-testid="summary-engine">
            {engineLine(summary, "assist.summaryOffline")}
          </p>
        </div>
      ) : null}
    </section>
  );
}
