import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { TemplatePicker } from "~/modules/communication/components/template-picker";
import { chatApi } from "../chat-client";
import type { ChatScreenData } from "../chat-page.server";
import { DEFAULT_TOPIC_NAME, MAX_MESSAGE_CHARS } from "../limits";
import type { MessageView, TopicView } from "../views";

/** Writing a message: its topic, the text (Enter sends, Shift+Enter breaks a line) and mentions. */
export function Composer({
  data,
  topics,
  defaultTopic,
  onPosted,
  onNewTopic,
  onError,
}: {
  data: ChatScreenData;
  topics: TopicView[];
  defaultTopic: string | null;
  onPosted: (m: MessageView) => void;
  onNewTopic: () => void;
  onError: (e: string) => void;
}) {
  const { t } = useTranslation("conversations");
  const [body, setBody] = useState("");
  const [topic, setTopic] = useState(defaultTopic ?? topics[0]?.name ?? DEFAULT_TOPIC_NAME);
  const [sending, setSending] = useState(false);
  const [mentionOpen, setMentionOpen] = useState(false);
  // Until the page is interactive, typing would be lost and Enter would submit the form natively.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const topicListId = useId();
  const bodyId = useId();
  useEffect(() => {
    if (defaultTopic) setTopic(defaultTopic);
  }, [defaultTopic]);
  const tooLong = body.length > MAX_MESSAGE_CHARS;
  const mentionables = useMemo(() => data.members.filter((m) => m.userId !== data.me.id), [data.members, data.me.id]);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (!body.trim() || tooLong || sending) return;
    setSending(true);
    try {
      const existing = topics.find((tp) => tp.name.toLowerCase() === topic.trim().toLowerCase());
      const { message } = await chatApi<{ message: MessageView }>("POST", `/api/chat/channels/${data.channel.id}/messages`, {
        body,
        ...(existing ? { topicId: existing.id } : { topic: topic.trim() || DEFAULT_TOPIC_NAME }),
      });
      setBody("");
      onPosted(message);
      if (!existing) onNewTopic();
    } catch (e) {
      onError((e as Error).message);
    } finally {
      setSending(false);
    }
  }
  // Focus returns once the box is enabled again (a disabled textarea cannot take it).
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !sending) textRef.current?.focus();
    wasSending.current = sending;
  }, [sending]);
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }
  function insertMention(name: string) {
    setBody((b) => `${b}${b && !b.endsWith(" ") ? " " : ""}@**${name}** `);
    setMentionOpen(false);
    textRef.current?.focus();
  }
  return (
    <form onSubmit={send} className="grid gap-2 rounded-lg border border-solid border-border bg-card p-3" aria-label={t("composer.label")}>
      <div className="flex flex-wrap items-center gap-2">
        <label className="text-sm font-medium" htmlFor={`${topicListId}-input`}>
          {t("composer.topic")}
        </label>
        <Input
          id={`${topicListId}-input`}
          value={topic}
          onChange={(e) => setTopic(e.target.value)}
          list={topicListId}
          className="h-8 w-64"
          maxLength={60}
          data-testid="composer-topic"
        />
        <datalist id={topicListId}>
          {topics.map((tp) => (
            <option key={tp.id} value={tp.name} />
          ))}
        </datalist>
      </div>
      <label htmlFor={bodyId} className="sr-only">
        {t("composer.message", { channel: data.channel.name })}
      </label>
      <textarea
        id={bodyId}
        ref={textRef}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t("composer.placeholder", { channel: data.channel.name })}
        className="min-h-20 rounded-md border border-solid border-border bg-background p-2 text-foreground"
        aria-invalid={tooLong || undefined}
        aria-describedby={`${bodyId}-help`}
        disabled={sending || !ready}
        data-testid="composer-body"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${bodyId}-help`} className={`m-0 text-xs ${tooLong ? "text-destructive" : "text-muted-foreground"}`} role={tooLong ? "alert" : undefined}>
          {tooLong ? t("composer.tooLong", { max: MAX_MESSAGE_CHARS.toLocaleString() }) : t("composer.help")}
        </p>
        <div className="relative flex gap-2">
          {data.me.templates ? (
            <TemplatePicker
              onInsert={(text) => {
                setBody((b) => (b.trim() ? `${b}\n${text}` : text));
                textRef.current?.focus();
              }}
              onError={onError}
            />
          ) : null}
          <Button type="button" variant="outline" size="sm" aria-expanded={mentionOpen} onClick={() => setMentionOpen((o) => !o)}>
            {t("composer.mention")}
          </Button>
          {mentionOpen ? (
            <ul
              className="absolute bottom-10 end-0 z-10 m-0 max-h-56 w-56 list-none overflow-y-auto rounded-md border border-solid border-border bg-card p-1 shadow"
              aria-label={t("composer.mention")}
            >
              {mentionables.map((m) => (
                <li key={m.userId}>
                  <button
                    type="button"
                    className="w-full cursor-pointer rounded border-none bg-transparent p-1 text-start text-foreground hover:bg-muted"
                    onClick={() => insertMention(m.name)}
                  >
                    {m.name}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <Button type="submit" disabled={!ready || !body.trim() || tooLong || sending} data-testid="composer-send">
            {sending ? t("composer.sending") : t("composer.send")}
          </Button>
        </div>
      </div>
    </form>
  );
}
