import { Link } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/use-toast";
import type { i18n, TFunction } from "i18next";
import { NOTIFICATION_KINDS } from "~/modules/registry";
import type { ServerMessage, ThreadEvent } from "../../../party/protocol";
import { RealtimeConnection, type ConnectionStatus } from "./connection";

import { REALTIME_TOAST_MS } from "./toast-durations";

export { REALTIME_TOAST_MS };
/** Spec section 7: the sound of a vote, at volume 0.3. */
export const NOTIFICATION_SOUND = { src: "/notification.mp3", volume: 0.3 } as const;

type Listener = (message: ServerMessage) => void;

interface RealtimeValue {
  status: ConnectionStatus;
  /** Unread notifications in this workspace, kept live. */
  unread: number;
  setUnread: (next: number | ((n: number) => number)) => void;
  /** Every server message; returns the unsubscribe function. */
  listen: (listener: Listener) => () => void;
  /** Subscribes this page to a thread (poll, conversation) while mounted; returns the unsubscribe function. */
  subscribeThread: (threadId: string, onEvent: (event: ThreadEvent) => void) => () => void;
}

const RealtimeContext = createContext<RealtimeValue | null>(null);

function playNotificationSound() {
  try {
    const audio = new Audio(NOTIFICATION_SOUND.src);
    audio.volume = NOTIFICATION_SOUND.volume;
    // Browsers refuse sound before the person has interacted with the page; that is fine.
    void audio.play().catch(() => {});
  } catch {
    /* no audio in this browser */
  }
}

/**
 * One live connection per signed-in person for the whole app (spec section 4: it starts only when a
 * user id is known). Shows the spec's toasts for live events, plays the vote sound, keeps the
 * unread count, and lets pages listen to threads.
 */
export function RealtimeProvider({ userId, initialUnread, children }: { userId: string | null; initialUnread: number; children: ReactNode }) {
  const { i18n } = useTranslation();
  const [status, setStatus] = useState<ConnectionStatus>("disconnected");
  const [unread, setUnread] = useState(initialUnread);
  const listeners = useRef(new Set<Listener>());
  const threadHandlers = useRef(new Map<string, Set<(event: ThreadEvent) => void>>());
  const connection = useRef<RealtimeConnection | null>(null);
  const i18nRef = useRef(i18n);
  i18nRef.current = i18n;

  // The server's count is the truth whenever the page's data is loaded again.
  useEffect(() => setUnread(initialUnread), [initialUnread]);

  useEffect(() => {
    if (!userId) return;
    const live = new RealtimeConnection({
      userId,
      onStatus: setStatus,
      // Access ended on the server: load the page again, and the server says where this person may go now.
      onAccessEnded: () => window.location.reload(),
      onMessage: (message) => {
        showToast(message, i18nRef.current);
        // What was stored while away is already in the page's count when the page loaded after it;
        // ask the server for the exact figure instead of adding it twice.
        if (message.type === "pending_notifications") {
          if (message.notifications.length) void refreshUnread(setUnread);
        } else if ("notificationId" in message && message.notificationId) setUnread((n) => n + 1);
        if (message.type === "thread_event") threadHandlers.current.get(message.threadId)?.forEach((handler) => handler(message.event));
        listeners.current.forEach((listener) => listener(message));
      },
    });
    connection.current = live;
    for (const threadId of threadHandlers.current.keys()) live.subscribeThread(threadId);
    return () => {
      live.close();
      connection.current = null;
    };
  }, [userId]);

  const listen = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  const subscribeThread = useCallback((threadId: string, onEvent: (event: ThreadEvent) => void) => {
    const handlers = threadHandlers.current.get(threadId) ?? new Set();
    if (handlers.size === 0) connection.current?.subscribeThread(threadId);
    handlers.add(onEvent);
    threadHandlers.current.set(threadId, handlers);
    return () => {
      handlers.delete(onEvent);
      if (handlers.size === 0) {
        threadHandlers.current.delete(threadId);
        connection.current?.unsubscribeThread(threadId);
      }
    };
  }, []);

  const value = useMemo(() => ({ status, unread, setUnread, listen, subscribeThread }), [status, unread, listen, subscribeThread]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeValue {
  const value = useContext(RealtimeContext);
  if (!value) throw new Error("useRealtime must be used inside RealtimeProvider");
  return value;
}

/** The same, or null outside a signed-in page (the bell works without live updates). */
export function useOptionalRealtime(): RealtimeValue | null {
  return useContext(RealtimeContext);
}

/** A page's live thread while it is mounted. */
export function useThread(threadId: string | null, onEvent: (event: ThreadEvent) => void) {
  const subscribeThread = useOptionalRealtime()?.subscribeThread;
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!subscribeThread || !threadId) return;
    return subscribeThread(threadId, (event) => handler.current(event));
  }, [subscribeThread, threadId]);
}

async function refreshUnread(setUnread: (n: number) => void) {
  try {
    const response = await fetch("/api/notifications?unread=1", { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (response.ok) setUnread(((await response.json()) as { unread: number }).unread);
  } catch {
    /* the count catches up at the next page load */
  }
}

/** A live event that tells of a stored notification, as the notification's type and metadata (its module words it). */
function asNotification(message: ServerMessage): { type: string; metadata: Record<string, unknown> } | null {
  switch (message.type) {
    case "vote_cast":
    case "poll_completed":
    case "vote_required":
    case "poll_created":
      return { type: message.type, metadata: message };
    case "chat_notification":
      return { type: message.reason === "mention" ? "chat_mention" : "topic_message", metadata: message };
    case "notification":
      return { type: message.notificationType, metadata: message.metadata };
    default:
      return null;
  }
}

/** Spec section 3/9: a toast per live event, each with its own duration; a server error is destructive. */
function showToast(message: ServerMessage, i18n: i18n) {
  let t: TFunction = i18n.getFixedT(null, "common");
  if (message.type === "error") {
    toast({ title: t("realtime.connectionError"), description: message.message, variant: "destructive" });
    return;
  }
  if (message.type === "pending_notifications") {
    if (message.notifications.length === 0) return;
    toast({
      title: t("realtime.whileAwayTitle"),
      description: (
        <Link to="/notifications" className="text-inherit">
          {t("realtime.whileAway", { count: message.notifications.length })}
        </Link>
      ),
      duration: REALTIME_TOAST_MS.poll_created,
    });
    return;
  }
  const notification = asNotification(message);
  const kind = notification ? NOTIFICATION_KINDS[notification.type] : undefined;
  if (!notification || !kind?.toast) return;
  // Spec section 7: a vote is also heard, whether or not the person is looking at it.
  if (kind.toast.sound) playNotificationSound();
  if (kind.toast.skipOn && typeof window !== "undefined" && kind.toast.skipOn(notification.metadata, window.location.pathname)) return;
  // A module's own words may live in its own namespace; i18next loads it if no page has yet.
  if (kind.namespace && kind.namespace !== "common") t = i18n.getFixedT(null, kind.namespace);
  const words = kind.describe(notification.metadata, t);
  const text = (
    <>
      {words.text}
      {words.detail ? <span className="mt-1 block text-muted-foreground">“{words.detail}”</span> : null}
    </>
  );
  toast({
    title: t(kind.toast.titleKey),
    description: words.href ? (
      <Link to={words.href} className="text-inherit">
        {text}
      </Link>
    ) : (
      text
    ),
    duration: kind.toast.durationMs,
  });
}
