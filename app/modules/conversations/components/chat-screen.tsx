import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { useOptionalRealtime, useThread } from "~/modules/realtime/realtime-provider";
import { isChatEvent } from "../../../../party/protocol";
import { chatApi, messagesUrl, showTopicInAddress, type MessagePage } from "../chat-client";
import type { ChatScreenData } from "../chat-page.server";
import type { DocumentCard } from "../document-cards.server";
import { linkedDocumentIds } from "../format";
import { liveEffects, liveMessages, liveTopics, liveUnread, markDeleted, mergeMessages, touchTopic, type LiveChatView } from "../live-events";
import type { MessageView, TopicView } from "../views";
import { ChannelHeader } from "./channel-header";
import { ChannelSidebar } from "./channel-sidebar";
import { Composer } from "./composer";
import { MessageItem } from "./message-item";
import { MessageSearch } from "./message-search";
import { TopicBar } from "./topic-bar";
import { TopicHeader } from "./topic-header";

/**
 * A channel: its messages (live, by topic), the channel list, search and the composer. The state
 * lives here; the pieces are in their own files beside this one.
 */
export function ChatScreen({ data }: { data: ChatScreenData }) {
  const { t } = useTranslation("conversations");
  const revalidator = useRevalidator();
  const [messages, setMessages] = useState<MessageView[]>(data.messages);
  const [hasOlder, setHasOlder] = useState(data.hasOlder);
  const [topics, setTopics] = useState<TopicView[]>(data.topics);
  const [unread, setUnread] = useState<Record<string, number>>(() => Object.fromEntries(data.channels.map((c) => [c.id, c.unread])));
  const [topicFilter, setTopicFilter] = useState<string | null>(data.topicId);
  const [cards, setCards] = useState<Map<string, DocumentCard | null>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  // What a screen reader hears: only messages arriving from others, not every page of history.
  const [announcement, setAnnouncement] = useState("");
  const listRef = useRef<HTMLOListElement>(null);
  const channel = data.channel;

  // Fresh data from the server (after a revalidation) replaces what the page holds.
  useEffect(() => setTopics(data.topics), [data.topics]);
  useEffect(() => setUnread(Object.fromEntries(data.channels.map((c) => [c.id, c.id === channel.id ? 0 : c.unread]))), [data.channels, channel.id]);

  const markRead = useCallback(
    (seq: number) => {
      if (!channel.member || typeof document === "undefined" || document.visibilityState !== "visible") return;
      void chatApi("POST", `/api/chat/channels/${channel.id}/read`, { seq }).catch(() => {});
    },
    [channel.id, channel.member],
  );

  const scrollToEnd = useCallback(() => {
    requestAnimationFrame(() => listRef.current?.lastElementChild?.scrollIntoView({ block: "end" }));
  }, []);

  // Live: every tab of every member applies the channel's events as they happen.
  useThread(data.threadId, (event) => {
    if (!isChatEvent(event)) return;
    const view: LiveChatView = { channelId: channel.id, meId: data.me.id, topicFilter };
    setMessages((list) => liveMessages(list, event, view));
    setTopics((list) => liveTopics(list, event, view));
    setUnread((counts) => liveUnread(counts, event, view));
    for (const effect of liveEffects(event, view)) {
      if (effect.kind === "revalidate") revalidator.revalidate();
      else if (effect.kind === "announce") {
        const { authorName, topicName, body } = effect.message;
        setAnnouncement(t("newMessageAnnouncement", { name: authorName, topic: topicName, excerpt: body.slice(0, 140) }));
      } else {
        markRead(effect.seq);
        scrollToEnd();
      }
    }
  });

  // After a reconnection, fetch what may have arrived while the connection was down.
  const status = useOptionalRealtime()?.status;
  const wasConnected = useRef(status === "connected");
  useEffect(() => {
    if (status === "connected" && !wasConnected.current) void refreshNewest();
    wasConnected.current = status === "connected";
  });

  async function refreshNewest() {
    try {
      const page = await chatApi<MessagePage>("GET", messagesUrl(channel.id, { topicId: topicFilter }));
      // The newest page replaces the list: merging could leave a hole if more than a page arrived meanwhile.
      setMessages(page.messages);
      setHasOlder(page.hasOlder);
    } catch {
      /* the next page load shows them */
    }
  }

  // Document cards: ask once for every linked document not seen yet; the server answers only those this person may open.
  useEffect(() => {
    const wanted = [...new Set(messages.flatMap((m) => (m.deleted ? [] : linkedDocumentIds(m.body, window.location.origin))))].filter((id) => !cards.has(id));
    if (wanted.length === 0) return;
    void chatApi<{ documents: DocumentCard[] }>("GET", `/api/chat/documents?ids=${wanted.join(",")}`)
      .then(({ documents }) =>
        setCards((old) => {
          const next = new Map(old);
          for (const id of wanted) next.set(id, documents.find((d) => d.id === id) ?? null);
          return next;
        }),
      )
      .catch(() => {});
  }, [messages]); // eslint-disable-line react-hooks/exhaustive-deps -- new messages trigger it; `cards` only filters

  useEffect(() => {
    if (window.location.hash.startsWith("#message-")) document.getElementById(window.location.hash.slice(1))?.scrollIntoView({ block: "center" });
    else scrollToEnd();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on opening the channel

  async function loadOlder() {
    if (messages.length === 0) return;
    setLoadingOlder(true);
    try {
      const page = await chatApi<MessagePage>("GET", messagesUrl(channel.id, { before: messages[0].seq, topicId: topicFilter }));
      setMessages((list) => mergeMessages(page.messages, list));
      setHasOlder(page.hasOlder);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoadingOlder(false);
    }
  }

  async function chooseTopic(topicId: string | null) {
    setTopicFilter(topicId);
    showTopicInAddress(topicId);
    try {
      const page = await chatApi<MessagePage>("GET", messagesUrl(channel.id, { topicId }));
      setMessages(page.messages);
      setHasOlder(page.hasOlder);
      scrollToEnd();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  async function join() {
    try {
      await chatApi("POST", `/api/chat/channels/${channel.id}/members`, { userIds: [data.me.id] });
      revalidator.revalidate();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  const currentTopic = topics.find((tp) => tp.id === topicFilter) ?? null;

  return (
    <div className="grid min-h-[70vh] gap-4 pb-20 md:grid-cols-[15rem_1fr]" data-testid="chat-screen">
      <ChannelSidebar data={data} unread={unread} />
      <section aria-labelledby="channel-title" className="flex min-w-0 flex-col gap-3">
        <ChannelHeader data={data} onError={setError} />
        <p className="sr-only" aria-live="polite" data-testid="chat-announcer">
          {announcement}
        </p>
        {error ? (
          <div className="flex items-start justify-between gap-2">
            <Banner kind="error">{error}</Banner>
            <Button variant="ghost" size="sm" onClick={() => setError(null)}>
              {t("dismiss")}
            </Button>
          </div>
        ) : null}
        <TopicBar topics={topics} current={topicFilter} onChoose={chooseTopic} />
        {currentTopic ? (
          <TopicHeader
            topic={currentTopic}
            canAct={channel.post}
            onChange={(next) => setTopics((list) => list.map((tp) => (tp.id === next.id ? next : tp)))}
            onError={setError}
          />
        ) : null}
        <MessageSearch />
        <div className="min-h-64 flex-1 rounded-lg border border-solid border-border bg-card p-3">
          {hasOlder ? (
            <div className="mb-2 text-center">
              <Button variant="outline" size="sm" onClick={loadOlder} disabled={loadingOlder}>
                {loadingOlder ? t("loadingOlder") : t("loadOlder")}
              </Button>
            </div>
          ) : null}
          {messages.length === 0 ? <p className="text-muted-foreground">{t("empty")}</p> : null}
          <ol ref={listRef} className="m-0 grid list-none gap-1 p-0" aria-label={t("messagesLabel", { channel: channel.name })}>
            {messages.map((message, i) => (
              <MessageItem
                key={message.id}
                message={message}
                previous={messages[i - 1]}
                showTopic={!topicFilter}
                data={data}
                topics={topics}
                cards={cards}
                onChanged={(next) => setMessages((list) => list.map((m) => (m.id === next.id ? next : m)))}
                onDeleted={(id) => setMessages((list) => markDeleted(list, id))}
                onError={setError}
                onOpenTopic={chooseTopic}
              />
            ))}
          </ol>
        </div>
        {channel.archived ? (
          <p className="text-muted-foreground" role="status">
            {t("archivedNotice")}
          </p>
        ) : !channel.member ? (
          <div className="flex items-center gap-3" role="status">
            <span>{t("notMemberNotice")}</span>
            <Button onClick={join}>{t("join")}</Button>
          </div>
        ) : channel.post ? (
          <Composer
            data={data}
            topics={topics}
            defaultTopic={currentTopic?.name ?? null}
            onPosted={(message) => {
              setMessages((list) => {
                if (topicFilter && message.topicId !== topicFilter) return list;
                if (!list.some((m) => m.id === message.id)) return [...list, message];
                // Already here by the socket: the answer adds the SMS deliveries if their own update has not come.
                return list.map((m) => (m.id === message.id && !m.deliveries.length ? { ...m, deliveries: message.deliveries } : m));
              });
              setTopics((list) => touchTopic(list, message));
              scrollToEnd();
            }}
            onNewTopic={() => revalidator.revalidate()}
            onError={setError}
          />
        ) : (
          <p className="text-muted-foreground">{t("readOnlyNotice")}</p>
        )}
      </section>
    </div>
  );
}
