import { Link } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { chatApi } from "../chat-client";
import type { MessageView } from "../views";
import { Snippet } from "./snippet";

/** Searching every channel this person can read; a result opens the message in its topic. */
export function MessageSearch() {
  const { t } = useTranslation("conversations");
  const [results, setResults] = useState<{ message: MessageView; channelName: string; snippet: string }[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    if (!q) return setResults(null);
    try {
      setResults(
        (await chatApi<{ results: { message: MessageView; channelName: string; snippet: string }[] }>("GET", `/api/chat/search?q=${encodeURIComponent(q)}`))
          .results,
      );
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  }
  return (
    <div>
      <form role="search" onSubmit={search} className="flex gap-2">
        <Input type="search" name="q" aria-label={t("search.label")} placeholder={t("search.placeholder")} className="max-w-sm" />
        <Button type="submit" variant="outline" size="sm">
          {t("search.button")}
        </Button>
      </form>
      {error ? <p role="alert">{error}</p> : null}
      {results ? (
        <div aria-live="polite" className="mt-2">
          {results.length === 0 ? (
            <p>{t("search.none")}</p>
          ) : (
            <ul className="m-0 grid list-none gap-1 p-0" data-testid="search-results">
              {results.map((r) => (
                <li key={r.message.id}>
                  <Link to={`/channel/${r.message.channelId}?topic=${r.message.topicId}#message-${r.message.id}`} reloadDocument>
                    #{r.channelName} › {r.message.topicName}
                  </Link>{" "}
                  <span className="text-sm text-muted-foreground">{r.message.authorName}:</span> <Snippet text={r.snippet} />
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
