import { format, isSameDay } from "date-fns";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/modules/preferences/display";
import { useDateLocale } from "~/modules/preferences/date-locales";
import { chatApi } from "../chat-client";
import type { ChatScreenData } from "../chat-page.server";
import type { DocumentCard } from "../document-cards.server";
import type { MessageView, TopicView } from "../views";
import { EditForm } from "./edit-form";
import { MoveForm } from "./move-form";
import { MessageBody } from "./message-body";

/** One message in the list, with its day and topic separators and its edit, move and delete actions. */
export function MessageItem({
  message,
  previous,
  showTopic,
  data,
  topics,
  cards,
  onChanged,
  onDeleted,
  onError,
  onOpenTopic,
}: {
  message: MessageView;
  previous?: MessageView;
  showTopic: boolean;
  data: ChatScreenData;
  topics: TopicView[];
  cards: Map<string, DocumentCard | null>;
  onChanged: (m: MessageView) => void;
  onDeleted: (id: string) => void;
  onError: (e: string) => void;
  onOpenTopic: (id: string) => void;
}) {
  const { t } = useTranslation("conversations");
  const { language } = useLanguage();
  const locale = useDateLocale(language);
  const [mode, setMode] = useState<"view" | "edit" | "move" | "confirmDelete">("view");
  // The server renders in UTC; the person's own clock is used once the page runs in their browser.
  const [local, setLocal] = useState(false);
  useEffect(() => setLocal(true), []);
  const created = new Date(message.createdAt);
  const own = message.authorId === data.me.id;
  const canMove = (own || data.me.admin) && data.channel.post && !message.deleted;
  const newDay = !previous || !isSameDay(new Date(previous.createdAt), created);
  const newTopic = showTopic && (!previous || previous.topicId !== message.topicId);

  async function saveEdit(body: string) {
    try {
      onChanged((await chatApi<{ message: MessageView }>("PATCH", `/api/chat/messages/${message.id}`, { body })).message);
      setMode("view");
    } catch (e) {
      onError((e as Error).message);
    }
  }
  async function move(topic: string) {
    try {
      const existing = topics.find((tp) => tp.name.toLowerCase() === topic.trim().toLowerCase());
      onChanged(
        (await chatApi<{ message: MessageView }>("PATCH", `/api/chat/messages/${message.id}`, existing ? { topicId: existing.id } : { topic })).message,
      );
      setMode("view");
    } catch (e) {
      onError((e as Error).message);
    }
  }
  async function remove() {
    try {
      await chatApi("DELETE", `/api/chat/messages/${message.id}`);
      onDeleted(message.id);
      setMode("view");
    } catch (e) {
      onError((e as Error).message);
    }
  }

  return (
    <li id={`message-${message.id}`} data-testid="chat-message" data-message-id={message.id} className="grid gap-1 target:bg-amber-100">
      {newDay ? (
        <p className="m-0 mt-2 text-center text-xs text-muted-foreground" role="separator">
          {local ? format(created, "PPPP", locale ? { locale } : undefined) : message.createdAt.slice(0, 10)}
        </p>
      ) : null}
      {newTopic ? (
        <button
          type="button"
          className="mt-2 w-fit cursor-pointer border-none bg-transparent p-0 text-sm font-semibold text-primary"
          onClick={() => onOpenTopic(message.topicId)}
          data-testid="message-topic"
        >
          › {message.topicName}
        </button>
      ) : null}
      <div className="rounded-md px-2 py-1 hover:bg-muted/50">
        <div className="flex flex-wrap items-baseline gap-2">
          <strong>{message.authorName || t("formerMember")}</strong>
          {message.sms ? (
            <span className="text-xs text-muted-foreground" data-testid="sms-origin">
              {t("viaSms")}
              {message.sms.route ? ` · ${t(`route.${message.sms.route}`)}` : ""}
            </span>
          ) : null}
          <time dateTime={message.createdAt} className="text-xs text-muted-foreground">
            {local ? format(created, "p", locale ? { locale } : undefined) : `${message.createdAt.slice(11, 16)} UTC`}
          </time>
          {message.editedAt && !message.deleted ? <span className="text-xs text-muted-foreground">({t("edited")})</span> : null}
        </div>
        {message.deleted ? (
          <p className="m-0 italic text-muted-foreground" data-testid="message-deleted">
            {t("deleted")}
          </p>
        ) : mode === "edit" ? (
          <EditForm initial={message.body} onSave={saveEdit} onCancel={() => setMode("view")} />
        ) : (
          <div data-testid="message-body">
            <MessageBody body={message.body} cards={cards} me={data.me.name} />
          </div>
        )}
        {message.deliveries.length ? (
          <ul className="m-0 flex list-none flex-wrap gap-2 p-0 text-xs text-muted-foreground" aria-label={t("deliveriesLabel")}>
            {message.deliveries.map((d, i) => (
              <li key={i} data-testid="sms-delivery" data-status={d.status}>
                {t("deliveryTo", { name: d.participantName })}: {t(`status.${d.status}`)}
                {d.status === "blocked" ? ` (${t("optedOut")})` : ""}
              </li>
            ))}
          </ul>
        ) : null}
        {mode === "move" ? <MoveForm topics={topics} onMove={move} onCancel={() => setMode("view")} /> : null}
        {mode === "confirmDelete" ? (
          <div className="flex items-center gap-2" role="alertdialog" aria-label={t("deleteConfirm")}>
            <span>{t("deleteConfirm")}</span>
            <Button size="sm" variant="destructive" onClick={remove} autoFocus>
              {t("delete")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setMode("view")}>
              {t("cancel")}
            </Button>
          </div>
        ) : null}
        {mode === "view" && !message.deleted && data.channel.post ? (
          <div className="flex gap-1">
            {own ? (
              <>
                <Button size="sm" variant="ghost" onClick={() => setMode("edit")} aria-label={t("editLabel")}>
                  {t("edit")}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setMode("confirmDelete")} aria-label={t("deleteLabel")}>
                  {t("delete")}
                </Button>
              </>
            ) : null}
            {canMove ? (
              <Button size="sm" variant="ghost" onClick={() => setMode("move")}>
                {t("move")}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
