// The live half of the realtime provider (issue 25): the connection (partysocket), the messages' schema and the
// toasts' words from every module (the registry). Loaded by RealtimeProvider only once someone is signed in, so
// signed-out pages such as /auth never ship it.
import { Link } from "@remix-run/react";
import type { i18n, TFunction } from "i18next";
import { toast } from "~/components/ui/use-toast";
import { NOTIFICATION_KINDS } from "~/modules/registry";
import type { ServerMessage } from "../../../party/protocol";
import { RealtimeConnection, type ConnectionStatus } from "./connection";
import { NOTIFICATION_SOUND, REALTIME_TOAST_MS } from "./toast-durations";

interface LiveOptions {
  userId: string;
  onStatus: (status: ConnectionStatus) => void;
  /** The provider's current i18n (the language may change while connected). */
  i18n: () => i18n;
  setUnread: (next: number | ((n: number) => number)) => void;
  /** Every message after its toast and count: to the page's thread handlers and listeners. */
  dispatch: (message: ServerMessage) => void;
}

/** Opens the person's live connection: the spec's toasts for live events, the vote sound and the unread count. */
export function connectLive({ userId, onStatus, i18n, setUnread, dispatch }: LiveOptions): RealtimeConnection {
  return new RealtimeConnection({
    userId,
    onStatus,
    // Access ended on the server: load the page again, and the server says where this person may go now.
    onAccessEnded: () => window.location.reload(),
    onMessage: (message) => {
      showToast(message, i18n());
      // What was stored while away is already in the page's count when the page loaded after it;
      // ask the server for the exact figure instead of adding it twice.
      if (message.type === "pending_notifications") {
        if (message.notifications.length) void refreshUnread(setUnread);
      } else if ("notificationId" in message && message.notificationId) setUnread((n) => n + 1);
      dispatch(message);
    },
  });
}

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
