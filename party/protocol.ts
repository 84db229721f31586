import { z } from "zod";
import type { MessageView, TopicView } from "../app/modules/conversations/views";

/**
 * The WebSocket protocol of /ws (spec section 7), one zod union per direction, used by the room and the
 * browser alike. A message that does not parse is answered with an `error` and the connection stays up.
 */
const threadId = z.string().min(1).max(128);

export const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("authenticate"), userId: z.string().min(1).max(128) }),
  z.object({ type: z.literal("subscribe_thread"), threadId }),
  z.object({ type: z.literal("unsubscribe_thread"), threadId }),
  z.object({ type: z.literal("ping") }),
]);

export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  metadata: z.record(z.unknown()),
  createdAt: z.string(),
});

/**
 * The fields after the spec's own are ours: which notification and poll an event is about, so that
 * the browser can mark it read and link to the poll. Empty `voterName`/`optionText` mean "not shown"
 * (an anonymous poll, or results hidden until it closes).
 */
const eventRef = { notificationId: z.string().optional(), pollId: z.string().optional() };

/** A chat message as every viewer receives it (`MessageView`, checked against it below). */
const messageViewSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  topicId: z.string(),
  topicName: z.string(),
  seq: z.number(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  sms: z.object({ participantName: z.string(), phone: z.string(), route: z.enum(["reply_code", "most_recent"]).nullable() }).nullable(),
  body: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deleted: z.boolean(),
  deliveries: z.array(
    z.object({
      participantName: z.string(),
      status: z.enum(["queued", "sent", "delivered", "undelivered", "failed", "received", "blocked"]),
      error: z.string().nullable(),
    }),
  ),
});

/** A chat topic (`TopicView`, checked against it below). */
const topicViewSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  name: z.string(),
  purpose: z.string().nullable(),
  resolved: z.boolean(),
  lastActivityAt: z.string(),
  messageCount: z.number(),
  follow: z.enum(["follow", "mute"]).nullable(),
  phones: z.array(
    z.object({ id: z.string(), name: z.string(), phone: z.string(), replyCode: z.string(), optedOut: z.boolean(), optedOutAt: z.string().nullable() }),
  ),
});

/** What travels on a workspace's chat thread; the chat screen applies each (see conversations/live-events). */
export const chatEventSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("message.created"), channelId: z.string(), message: messageViewSchema }),
  z.object({ kind: z.literal("message.updated"), channelId: z.string(), message: messageViewSchema }),
  z.object({ kind: z.literal("message.deleted"), channelId: z.string(), messageId: z.string(), topicId: z.string() }),
  z.object({ kind: z.literal("channel.updated"), channelId: z.string() }),
  z.object({ kind: z.literal("topic.updated"), channelId: z.string(), topic: topicViewSchema }),
]);

/** What travels on a poll's thread: only a nudge to fetch the poll again (ballots are batched by the poll timer). */
export const pollEventSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("ballot"), pollId: z.string() }),
  z.object({ kind: z.literal("closed"), pollId: z.string() }),
]);

export const threadEventSchema = z.discriminatedUnion("kind", [...chatEventSchema.options, ...pollEventSchema.options]);

export type ChatEvent = z.infer<typeof chatEventSchema>;
export type PollEvent = z.infer<typeof pollEventSchema>;
export type ThreadEvent = z.infer<typeof threadEventSchema>;

const chatEventKinds: ReadonlySet<string> = new Set(chatEventSchema.options.map((option) => option.shape.kind.value));
export function isChatEvent(event: ThreadEvent): event is ChatEvent {
  return chatEventKinds.has(event.kind);
}

// The wire shapes must stay the views the server builds: these fail to compile when either side drifts.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const viewsMatch: [Same<z.infer<typeof messageViewSchema>, MessageView>, Same<z.infer<typeof topicViewSchema>, TopicView>] = [true, true];
void viewsMatch;

export const serverMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("authenticated"), userName: z.string() }),
  z.object({ type: z.literal("vote_cast"), voterName: z.string(), optionText: z.string(), pollTitle: z.string(), ...eventRef }),
  z.object({ type: z.literal("poll_completed"), pollTitle: z.string(), finalResult: z.string(), ...eventRef }),
  z.object({ type: z.literal("vote_required"), pollTitle: z.string(), ...eventRef }),
  z.object({ type: z.literal("poll_created"), creatorName: z.string(), pollTitle: z.string(), ...eventRef }),
  z.object({ type: z.literal("pending_notifications"), notifications: z.array(notificationSchema) }),
  z.object({ type: z.literal("subscribed"), threadId }),
  z.object({ type: z.literal("unsubscribed"), threadId }),
  z.object({ type: z.literal("error"), message: z.string() }),
  /** Ours: something happened in a thread the connection subscribed to (a chat or a poll). */
  z.object({ type: z.literal("thread_event"), threadId, event: threadEventSchema }),
  /** Ours: a chat message mentioned this person, or arrived in a topic they follow (stored as a notification first). */
  z.object({
    type: z.literal("chat_notification"),
    reason: z.enum(["mention", "follow"]),
    authorName: z.string(),
    channelName: z.string(),
    topicName: z.string(),
    excerpt: z.string(),
    channelId: z.string(),
    topicId: z.string(),
    messageId: z.string(),
    notificationId: z.string().optional(),
  }),
  /**
   * Ours: any other module's notification (app/modules/registry.ts), pushed after it is stored. The browser
   * words it with that module's `describe`, as the notification centre does.
   */
  z.object({ type: z.literal("notification"), notificationType: z.string(), metadata: z.record(z.unknown()), notificationId: z.string().optional() }),
]);

/** The largest client message a room reads; anything longer is refused with an `error`. */
export const MAX_CLIENT_MESSAGE_BYTES = 4096;
/** Per connection: at most this many messages in the window; more are refused, and a sustained flood closes it. */
export const MESSAGE_RATE = { windowMs: 10_000, max: 30, closeAfter: 120 } as const;

export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/** Headers the Worker sets on the upgrade it forwards; the room trusts them because only the Worker reaches it. */
export const VERIFIED_USER_ID_HEADER = "x-verified-user-id";
export const VERIFIED_USER_NAME_HEADER = "x-verified-user-name";
/** The session the socket was opened with, and that session's workspace then: what a sign-out or a removal closes. */
export const VERIFIED_SESSION_ID_HEADER = "x-verified-session-id";
export const VERIFIED_WORKSPACE_ID_HEADER = "x-verified-workspace-id";

/**
 * Close codes a room uses when access ended on the server: the browser must not reconnect with the same page
 * (it reloads, and the server says where the person may go now).
 */
export const ACCESS_ENDED_CLOSE = { signedOut: 4001, removedFromWorkspace: 4003 } as const;
export const ACCESS_ENDED_CODES: readonly number[] = Object.values(ACCESS_ENDED_CLOSE);

export function parseClientMessage(raw: string): { ok: true; message: ClientMessage } | { ok: false; error: string } {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ok: false, error: "Message is not valid JSON" };
  }
  const parsed = clientMessageSchema.safeParse(data);
  if (!parsed.success) {
    const type = typeof data === "object" && data && "type" in data ? String((data as { type: unknown }).type) : "";
    const known = ["authenticate", "subscribe_thread", "unsubscribe_thread", "ping"].includes(type);
    return { ok: false, error: known ? `Invalid ${type} message` : `Unknown message type: ${type || "(none)"}` };
  }
  return { ok: true, message: parsed.data };
}
