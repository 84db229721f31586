import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ServerMessage, ThreadEvent } from "../../../party/protocol";
import type { ConnectionStatus, RealtimeConnection } from "./connection";
import { NOTIFICATION_SOUND, REALTIME_TOAST_MS } from "./toast-durations";

export { NOTIFICATION_SOUND, REALTIME_TOAST_MS };

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
    // The connection's code (realtime-live.tsx) is fetched only for a signed-in person (issue 25).
    let live: RealtimeConnection | null = null;
    let stopped = false;
    void import("./realtime-live").then(({ connectLive }) => {
      if (stopped) return;
      live = connectLive({
        userId,
        onStatus: setStatus,
        i18n: () => i18nRef.current,
        setUnread,
        dispatch: (message) => {
          if (message.type === "thread_event") threadHandlers.current.get(message.threadId)?.forEach((handler) => handler(message.event));
          listeners.current.forEach((listener) => listener(message));
        },
      });
      connection.current = live;
      for (const threadId of threadHandlers.current.keys()) live.subscribeThread(threadId);
    });
    return () => {
      stopped = true;
      live?.close();
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
