import { BellOff, Check, Lock } from "lucide-react";
import { Link, useNavigate, useRevalidator } from "@remix-run/react";
import { format, isSameDay } from "date-fns";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { useLanguage } from "~/modules/preferences/display";
import { useDateLocale } from "~/modules/preferences/date-locales";
import { useOptionalRealtime, useThread } from "~/modules/realtime/realtime-provider";
import type { ChatScreenData } from "../chat-page.server";
import type { DocumentCard } from "../document-cards.server";
import type { ChatEvent } from "../events.server";
import { linkedDocumentIds } from "../format";
import { DEFAULT_TOPIC_NAME, MAX_MESSAGE_CHARS } from "../limits";
import type { MessageView, TopicView } from "../views";
import { MessageBody } from "./message-body";

/** Calls the chat API; a refusal becomes an Error carrying the server's sentence. */
export async function chatApi<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: "same-origin",
    headers: { Accept: "application/json", ...(body !== undefined ? { "Content-Type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json().catch(() => null)) as ({ success?: boolean; error?: string } & T) | null;
  if (!response.ok || !json || json.success === false) throw new Error(json?.error || `${response.status}: ${response.statusText}`);
  return json;
}

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
  useThread(data.threadId, (raw) => {
    const event = raw as unknown as ChatEvent;
    if (event.kind === "channel.updated") {
      revalidator.revalidate();
      return;
    }
    if (event.kind === "topic.updated") {
      if (event.channelId === channel.id) setTopics((list) => mergeTopic(list, event.topic));
      return;
    }
    if (event.channelId !== channel.id) {
      if (event.kind === "message.created" && event.message.authorId !== data.me.id) setUnread((u) => ({ ...u, [event.channelId]: (u[event.channelId] ?? 0) + 1 }));
      return;
    }
    if (event.kind === "message.created") {
      const shown = !topicFilter || event.message.topicId === topicFilter;
      if (shown) setMessages((list) => (list.some((m) => m.id === event.message.id) ? list : [...list, event.message]));
      setTopics((list) => touchTopic(list, event.message));
      if (event.message.authorId !== data.me.id) {
        setAnnouncement(t("newMessageAnnouncement", { name: event.message.authorName, topic: event.message.topicName, excerpt: event.message.body.slice(0, 140) }));
      }
      if (shown) {
        markRead(event.message.seq);
        scrollToEnd();
      }
    } else if (event.kind === "message.updated") {
      setMessages((list) => {
        const outside = topicFilter && event.message.topicId !== topicFilter;
        if (outside) return list.filter((m) => m.id !== event.message.id);
        // Moved into the topic on screen: it joins the list in its place.
        return list.some((m) => m.id === event.message.id) ? list.map((m) => (m.id === event.message.id ? event.message : m)) : mergeMessages(list, [event.message]);
      });
    } else if (event.kind === "message.deleted") {
      setMessages((list) => list.map((m) => (m.id === event.messageId ? { ...m, deleted: true, body: "" } : m)));
    }
  });

  // After a reconnection, fetch what may have arrived while the connection was down.
  const status = useOptionalRealtime()?.status;
  const wasConnected = useRef(status === "connected");
  useEffect(() => {
    if (status === "connected" && !wasConnected.current) void refreshNewest();
    wasConnected.current = status === "connected";
  }); // eslint-disable-line react-hooks/exhaustive-deps

  async function refreshNewest() {
    try {
      const page = await chatApi<{ messages: MessageView[]; hasOlder: boolean }>("GET", `/api/chat/channels/${channel.id}/messages${topicFilter ? `?topicId=${topicFilter}` : ""}`);
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
  }, [messages]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (window.location.hash.startsWith("#message-")) document.getElementById(window.location.hash.slice(1))?.scrollIntoView({ block: "center" });
    else scrollToEnd();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  async function loadOlder() {
    if (messages.length === 0) return;
    setLoadingOlder(true);
    try {
      const page = await chatApi<{ messages: MessageView[]; hasOlder: boolean }>(
        "GET",
        `/api/chat/channels/${channel.id}/messages?before=${messages[0].seq}${topicFilter ? `&topicId=${topicFilter}` : ""}`,
      );
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
    const url = new URL(window.location.href);
    if (topicId) url.searchParams.set("topic", topicId);
    else url.searchParams.delete("topic");
    window.history.replaceState(window.history.state, "", url);
    try {
      const page = await chatApi<{ messages: MessageView[]; hasOlder: boolean }>("GET", `/api/chat/channels/${channel.id}/messages${topicId ? `?topicId=${topicId}` : ""}`);
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
        {currentTopic ? <TopicHeader topic={currentTopic} canAct={channel.post} onChange={(next) => setTopics((list) => list.map((tp) => (tp.id === next.id ? next : tp)))} onError={setError} /> : null}
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
                onDeleted={(id) => setMessages((list) => list.map((m) => (m.id === id ? { ...m, deleted: true, body: "" } : m)))}
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
              setMessages((list) => (list.some((m) => m.id === message.id) || (topicFilter && message.topicId !== topicFilter) ? list : [...list, message]));
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

function mergeMessages(a: MessageView[], b: MessageView[]) {
  const byId = new Map([...a, ...b].map((m) => [m.id, m]));
  return [...byId.values()].sort((x, y) => x.seq - y.seq);
}

/** A live topic update carries no one's follow choice: keep this viewer's. */
function mergeTopic(list: TopicView[], topic: TopicView) {
  const old = list.find((tp) => tp.id === topic.id);
  const next = { ...topic, follow: old ? old.follow : topic.follow };
  return old ? list.map((tp) => (tp.id === topic.id ? next : tp)) : [next, ...list];
}

function touchTopic(list: TopicView[], message: MessageView): TopicView[] {
  const existing = list.find((tp) => tp.id === message.topicId);
  if (!existing) {
    return [
      { id: message.topicId, channelId: message.channelId, channelName: "", name: message.topicName, purpose: null, resolved: false, lastActivityAt: message.createdAt, messageCount: 1, follow: null, phones: [] },
      ...list,
    ];
  }
  return [{ ...existing, lastActivityAt: message.createdAt, messageCount: existing.messageCount + 1 }, ...list.filter((tp) => tp.id !== existing.id)];
}

function ChannelSidebar({ data, unread }: { data: ChatScreenData; unread: Record<string, number> }) {
  const { t } = useTranslation("conversations");
  const active = data.channels.filter((c) => !c.archived && (c.member || c.kind === "open"));
  const archived = data.channels.filter((c) => c.archived);
  return (
    <nav aria-label={t("channelsLabel")} className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h2 className="m-0 text-base">{t("channels")}</h2>
        {data.me.canCreate ? <CreateChannelDialog data={data} /> : null}
      </div>
      <ul className="m-0 grid list-none gap-1 p-0">
        {active.map((c) => (
          <li key={c.id}>
            <Link
              to={`/channel/${c.id}`}
              aria-current={c.id === data.channel.id ? "page" : undefined}
              className={`flex items-center justify-between gap-2 rounded-md px-2 py-1 no-underline ${c.id === data.channel.id ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-muted"}`}
              data-testid="channel-link"
              data-channel={c.name}
            >
              <span className="truncate">
                {c.kind === "private" ? <Lock aria-hidden="true" className="me-1 inline h-3.5 w-3.5 align-[-0.1em]" /> : <span aria-hidden="true"># </span>}
                {c.name}
                {c.kind === "private" ? <span className="sr-only"> ({t("private")})</span> : null}
                {!c.member ? <span className="ms-1 text-xs opacity-70">({t("notJoined")})</span> : null}
              </span>
              {unread[c.id] ? (
                <span className="rounded-full bg-destructive px-2 text-xs text-white">
                  <span aria-hidden="true" data-testid="unread-count">
                    {unread[c.id]}
                  </span>
                  <span className="sr-only">{t("unreadCount", { count: unread[c.id] })}</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      {archived.length ? (
        <details>
          <summary className="cursor-pointer text-sm text-muted-foreground">{t("archivedChannels", { count: archived.length })}</summary>
          <ul className="m-0 grid list-none gap-1 p-0">
            {archived.map((c) => (
              <li key={c.id}>
                <Link to={`/channel/${c.id}`} className="px-2 text-sm text-muted-foreground">
                  # {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <div className="mt-2 grid gap-1 text-sm">
        <Link to="/threaded-conversations">{t("allTopicsLink")}</Link>
        <Link to="/sms-threading">{t("smsLink")}</Link>
      </div>
    </nav>
  );
}

function CreateChannelDialog({ data }: { data: ChatScreenData }) {
  const { t } = useTranslation("conversations");
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<"open" | "private">("open");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameId = useId();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setFieldError(null);
    try {
      const { channel } = await chatApi<{ channel: { id: string } }>("POST", "/api/chat/channels", {
        name: String(form.get("name") ?? ""),
        description: String(form.get("description") ?? ""),
        kind,
        memberIds: kind === "private" ? form.getAll("memberIds").map(String) : [],
      });
      setOpen(false);
      navigate(`/channel/${channel.id}`);
    } catch (e) {
      setFieldError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {t("create.button")}
      </Button>
      <DialogContent>
        <DialogTitle>{t("create.title")}</DialogTitle>
        <DialogDescription>{t("create.description")}</DialogDescription>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <div className="grid gap-1">
            <label htmlFor={nameId} className="font-medium">
              {t("create.name")}
            </label>
            <Input id={nameId} name="name" required maxLength={60} aria-invalid={fieldError ? true : undefined} aria-describedby={fieldError ? `${nameId}-error` : undefined} />
            {fieldError ? (
              <p id={`${nameId}-error`} className="m-0 text-sm text-destructive" role="alert">
                {fieldError}
              </p>
            ) : null}
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${nameId}-d`} className="font-medium">
              {t("create.purpose")}
            </label>
            <Input id={`${nameId}-d`} name="description" maxLength={300} />
          </div>
          <fieldset className="grid gap-1 border-none p-0">
            <legend className="font-medium">{t("create.kind")}</legend>
            <label className="flex gap-2">
              <input type="radio" name="kind" value="open" checked={kind === "open"} onChange={() => setKind("open")} /> {t("create.open")}
            </label>
            <label className="flex gap-2">
              <input type="radio" name="kind" value="private" checked={kind === "private"} onChange={() => setKind("private")} /> {t("create.private")}
            </label>
          </fieldset>
          {kind === "private" ? (
            <fieldset className="grid max-h-48 gap-1 overflow-y-auto border-none p-0">
              <legend className="font-medium">{t("create.members")}</legend>
              {data.everyone
                .filter((m) => m.userId !== data.me.id)
                .map((m) => (
                  <label key={m.userId} className="flex gap-2">
                    <input type="checkbox" name="memberIds" value={m.userId} /> {m.name}
                  </label>
                ))}
            </fieldset>
          ) : null}
          <Button type="submit" disabled={busy}>
            {busy ? t("create.creating") : t("create.submit")}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ChannelHeader({ data, onError }: { data: ChatScreenData; onError: (e: string) => void }) {
  const { t } = useTranslation("conversations");
  const revalidator = useRevalidator();
  const [renaming, setRenaming] = useState(false);
  const channel = data.channel;
  async function patch(body: Record<string, unknown>) {
    try {
      await chatApi("PATCH", `/api/chat/channels/${channel.id}`, body);
      setRenaming(false);
      revalidator.revalidate();
    } catch (e) {
      onError((e as Error).message);
    }
  }
  return (
    <header className="flex flex-wrap items-center justify-between gap-2">
      <div className="grid">
        {renaming ? (
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void patch({ name: String(new FormData(e.currentTarget).get("name") ?? "") });
            }}
          >
            <Input name="name" defaultValue={channel.name} aria-label={t("rename.label")} autoFocus maxLength={60} />
            <Button type="submit" size="sm">
              {t("rename.save")}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setRenaming(false)}>
              {t("cancel")}
            </Button>
          </form>
        ) : (
          <h1 id="channel-title" className="m-0 text-xl">
            {channel.kind === "private" ? <Lock aria-hidden="true" className="me-1 inline h-4 w-4 align-[-0.1em]" /> : <span aria-hidden="true"># </span>}
            {channel.name}
            {channel.archived ? <span className="ms-2 text-sm font-normal text-muted-foreground">({t("archived")})</span> : null}
          </h1>
        )}
        {channel.description ? <p className="m-0 text-sm text-muted-foreground">{channel.description}</p> : null}
        <p className="m-0 text-xs text-muted-foreground">{t("memberCount", { count: data.members.length })}</p>
      </div>
      {channel.manage && !channel.isDefault ? (
        <div className="flex gap-2">
          {!channel.archived ? (
            <Button size="sm" variant="outline" onClick={() => setRenaming(true)}>
              {t("rename.button")}
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => void patch({ archived: !channel.archived })}>
            {channel.archived ? t("unarchive") : t("archive")}
          </Button>
        </div>
      ) : null}
    </header>
  );
}

function TopicBar({ topics, current, onChoose }: { topics: TopicView[]; current: string | null; onChoose: (id: string | null) => void }) {
  const { t } = useTranslation("conversations");
  return (
    <div role="group" aria-label={t("topicsLabel")} className="flex flex-wrap gap-2">
      <Button size="sm" variant={current === null ? "default" : "outline"} aria-pressed={current === null} onClick={() => onChoose(null)}>
        {t("allTopics")}
      </Button>
      {topics.slice(0, 12).map((topic) => (
        <Button key={topic.id} size="sm" variant={current === topic.id ? "default" : "outline"} aria-pressed={current === topic.id} onClick={() => onChoose(topic.id)} data-testid="topic-chip">
          {topic.resolved ? (
            <>
              <Check aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">{t("resolved")}: </span>
            </>
          ) : null}
          {topic.name}
          {topic.follow === "mute" ? (
            <>
              <BellOff aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only"> ({t("muted")})</span>
            </>
          ) : null}
        </Button>
      ))}
    </div>
  );
}

export function TopicHeader({ topic, canAct, onChange, onError }: { topic: TopicView; canAct: boolean; onChange: (t: TopicView) => void; onError: (e: string) => void }) {
  const { t } = useTranslation("conversations");
  async function resolve(resolved: boolean) {
    try {
      const { topic: next } = await chatApi<{ topic: TopicView }>("PATCH", `/api/chat/topics/${topic.id}`, { resolved });
      onChange({ ...next, follow: topic.follow });
    } catch (e) {
      onError((e as Error).message);
    }
  }
  async function follow(mode: "follow" | "mute" | "none") {
    try {
      const { follow: next } = await chatApi<{ follow: TopicView["follow"] }>("PUT", `/api/chat/topics/${topic.id}`, { mode });
      onChange({ ...topic, follow: next });
    } catch (e) {
      onError((e as Error).message);
    }
  }
  async function setPurpose(purpose: string) {
    try {
      const { topic: next } = await chatApi<{ topic: TopicView }>("PATCH", `/api/chat/topics/${topic.id}`, { purpose });
      onChange({ ...next, follow: topic.follow });
    } catch (e) {
      onError((e as Error).message);
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-solid border-border p-2" data-testid="topic-header">
      <strong>{topic.name}</strong>
      {topic.purpose ? <span className="rounded bg-muted px-2 text-sm" data-testid="topic-purpose">{topic.purpose}</span> : null}
      <span className="text-sm text-muted-foreground" role="status">
        {topic.resolved ? t("topicResolved") : t("topicOpen")}
      </span>
      {canAct ? (
        <Button size="sm" variant="outline" onClick={() => void resolve(!topic.resolved)}>
          {topic.resolved ? t("reopen") : t("resolve")}
        </Button>
      ) : null}
      <label className="flex items-center gap-1 text-sm">
        {t("notifyLabel")}
        <NativeSelect value={topic.follow ?? "none"} onChange={(e) => void follow(e.target.value as "follow" | "mute" | "none")} className="h-8">
          <option value="none">{t("followNone")}</option>
          <option value="follow">{t("follow")}</option>
          <option value="mute">{t("mute")}</option>
        </NativeSelect>
      </label>
      {topic.follow === "mute" ? <span className="text-xs text-muted-foreground">{t("mutedExplained")}</span> : null}
      {canAct ? (
        <form
          className="flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            void setPurpose(String(new FormData(e.currentTarget).get("purpose") ?? ""));
          }}
        >
          <Input name="purpose" defaultValue={topic.purpose ?? ""} aria-label={t("purposeLabel")} placeholder={t("purposePlaceholder")} className="h-8 w-48" maxLength={80} />
          <Button type="submit" size="sm" variant="ghost">
            {t("purposeSave")}
          </Button>
        </form>
      ) : null}
      {topic.phones.length ? (
        <span className="text-sm">
          {t("phonesInTopic", { count: topic.phones.length })}{" "}
          {topic.phones.map((p) => (
            <span key={p.id} className="me-1" data-testid="topic-phone">
              {p.name}
              {p.optedOut ? <strong className="ms-1 text-destructive">({t("optedOut")})</strong> : null}
            </span>
          ))}
          <Link to={`/sms-threading?topic=${topic.id}`}>{t("managePhones")}</Link>
        </span>
      ) : null}
    </div>
  );
}

function MessageSearch() {
  const { t } = useTranslation("conversations");
  const [results, setResults] = useState<{ message: MessageView; channelName: string; snippet: string }[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    if (!q) return setResults(null);
    try {
      setResults((await chatApi<{ results: { message: MessageView; channelName: string; snippet: string }[] }>("GET", `/api/chat/search?q=${encodeURIComponent(q)}`)).results);
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

function Snippet({ text }: { text: string }) {
  return (
    <span>
      {text.split("\uE000").map((piece, i) => {
        const end = piece.indexOf("\uE001");
        if (end === -1) return <span key={i}>{piece}</span>;
        return (
          <span key={i}>
            <mark>{piece.slice(0, end)}</mark>
            {piece.slice(end + 1)}
          </span>
        );
      })}
    </span>
  );
}

function MessageItem({
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
      onChanged((await chatApi<{ message: MessageView }>("PATCH", `/api/chat/messages/${message.id}`, existing ? { topicId: existing.id } : { topic })).message);
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
        <button type="button" className="mt-2 w-fit cursor-pointer border-none bg-transparent p-0 text-sm font-semibold text-primary" onClick={() => onOpenTopic(message.topicId)} data-testid="message-topic">
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

function EditForm({ initial, onSave, onCancel }: { initial: string; onSave: (body: string) => void; onCancel: () => void }) {
  const { t } = useTranslation("conversations");
  const [body, setBody] = useState(initial);
  return (
    <form
      className="grid gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        if (body.trim()) onSave(body);
      }}
    >
      <textarea
        value={body}
        onChange={(e) => setBody(e.target.value)}
        aria-label={t("editLabel")}
        className="min-h-16 rounded-md border border-solid border-border bg-background p-2 text-foreground"
        maxLength={MAX_MESSAGE_CHARS}
        autoFocus
        onKeyDown={(e) => e.key === "Escape" && onCancel()}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!body.trim()}>
          {t("save")}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}

function MoveForm({ topics, onMove, onCancel }: { topics: TopicView[]; onMove: (topic: string) => void; onCancel: () => void }) {
  const { t } = useTranslation("conversations");
  const listId = useId();
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const topic = String(new FormData(e.currentTarget).get("topic") ?? "").trim();
        if (topic) onMove(topic);
      }}
    >
      <Input name="topic" list={listId} aria-label={t("moveTo")} placeholder={t("moveTo")} className="h-8 w-56" autoFocus />
      <datalist id={listId}>
        {topics.map((tp) => (
          <option key={tp.id} value={tp.name} />
        ))}
      </datalist>
      <Button type="submit" size="sm">
        {t("move")}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
        {t("cancel")}
      </Button>
    </form>
  );
}

function Composer({
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
        <Input id={`${topicListId}-input`} value={topic} onChange={(e) => setTopic(e.target.value)} list={topicListId} className="h-8 w-64" maxLength={60} data-testid="composer-topic" />
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
          <Button type="button" variant="outline" size="sm" aria-expanded={mentionOpen} onClick={() => setMentionOpen((o) => !o)}>
            {t("composer.mention")}
          </Button>
          {mentionOpen ? (
            <ul className="absolute bottom-10 end-0 z-10 m-0 max-h-56 w-56 list-none overflow-y-auto rounded-md border border-solid border-border bg-card p-1 shadow" aria-label={t("composer.mention")}>
              {mentionables.map((m) => (
                <li key={m.userId}>
                  <button type="button" className="w-full cursor-pointer rounded border-none bg-transparent p-1 text-start text-foreground hover:bg-muted" onClick={() => insertMention(m.name)}>
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
