import { roomCall } from "~/platform/answer-within";
import type { TFunction } from "i18next";
import { isNotificationType, NOTIFICATION_KINDS } from "~/modules/registry";
import { and, count, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { ServerMessage, ThreadEvent } from "../../../party/protocol";
import { serverT } from "~/i18n.server";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { chunks, D1_IN_LIST, inChunks } from "~/platform/batching";
import { prepared, type Db } from "~/platform/db.server";
import type { AppConfig } from "~/platform/env.server";
import { sendNotificationMails } from "~/modules/email/notification-mail.server";
import { sendNoticeSms } from "~/modules/conversations/sms/outbound.server";
import { quietHolds } from "~/modules/profile/quiet-hours.server";
import { holdText } from "./held-texts.server";
import { resolvePreference } from "./preferences";
import { notificationPreferences, notifications, type NotificationChannel, type NotificationType } from "./schema";

/** The live messages that announce a stored notification: each can carry its id. */
export type NotificationEvent = Extract<ServerMessage, { notificationId?: string }>;

export type NotificationMetadata = Record<string, string | number | boolean | null>;

/** What a notification looks like on the wire (spec section 3: id, type, metadata, createdAt). */
export interface NotificationPayload {
  id: string;
  type: NotificationType;
  metadata: NotificationMetadata;
  createdAt: string;
}

export interface Recipient {
  userId: string;
  email: string;
  language: string | null;
  /** Their own phone from their profile, for those who want texts; absent when not read. */
  phone?: string | null;
}

export interface NotifyRequest {
  workspaceId: string;
  type: NotificationType;
  recipients: Recipient[];
  /** Stored with the notification and shown by the notification centre. */
  metadata: NotificationMetadata;
  /**
   * The live event (spec section 7) for each recipient, in their language where it carries words.
   * Without one, the generic `notification` message carries the metadata and the browser words it.
   */
  event?: (recipient: Recipient) => NotificationEvent;
  /** The e-mail for recipients who want this event by e-mail; without one, the module's `describe` words it. */
  mail?: (recipient: Recipient) => { subject: string; text: string };
  /** The text for recipients who want this event by SMS; without one, the e-mail's words (subject and link). */
  sms?: (recipient: Recipient) => string;
  /** Where each recipient wants it, when their own settings for this kind of event live elsewhere (compliance reminders). */
  channels?: (recipient: Recipient) => { in_app: boolean; email: boolean; sms?: boolean };
  /**
   * Marked urgent by its sender (or by the rule that raises it, such as an overdue legal deadline): its e-mails and
   * texts ignore the recipients' quiet hours. Otherwise they are held until those end (ADR 0033).
   */
  urgent?: boolean;
}

interface NotifyDeps {
  db: Db;
  env: Env;
  config: AppConfig;
}

/**
 * Writes one notification per recipient who wants it in the app, then pushes each to that person's
 * room (spec: written first, pushed second, so nothing is lost while they are offline), and queues the
 * e-mails of those who want it by e-mail. Returns the notification ids by user.
 */
export async function notify({ db, env, config }: NotifyDeps, request: NotifyRequest): Promise<Map<string, string>> {
  const recipients = dedupe(request.recipients);
  if (recipients.length === 0) return new Map();
  const stored: { userId: string; type: string; channel: string; enabled: boolean }[] = [];
  // D1 binds at most 100 parameters per statement: large families are read in slices.
  for (const slice of chunks(recipients, D1_IN_LIST)) {
    stored.push(
      ...(await db
        .select({
          userId: notificationPreferences.userId,
          type: notificationPreferences.type,
          channel: notificationPreferences.channel,
          enabled: notificationPreferences.enabled,
        })
        .from(notificationPreferences)
        .where(
          and(
            inArray(
              notificationPreferences.userId,
              slice.map((r) => r.userId),
            ),
            eq(notificationPreferences.type, request.type),
          ),
        )),
    );
  }
  const chosen = request.channels ? new Map(recipients.map((r) => [r.userId, request.channels!(r)])) : null;
  const wants = (userId: string, channel: NotificationChannel) =>
    chosen?.get(userId)?.[channel] ??
    resolvePreference(
      request.type,
      channel,
      stored.filter((row) => row.userId === userId),
    );

  const now = new Date();
  const inApp = recipients.filter((r) => wants(r.userId, "in_app")).map((recipient) => ({ recipient, id: crypto.randomUUID() }));
  if (inApp.length) {
    // D1 limits bound parameters per statement; rows go in slices of 10 (8 columns each), in one batch.
    const rows = inApp.map(({ recipient, id }) => ({
      id,
      workspaceId: request.workspaceId,
      userId: recipient.userId,
      type: request.type,
      metadata: request.metadata,
      createdAt: now,
    }));
    const slices = chunks(rows, 10).map((slice) => db.insert(notifications).values(slice));
    await db.batch(slices as [(typeof slices)[number], ...(typeof slices)[number][]]);
  }

  const pushes = Promise.all(
    inApp.map(({ recipient, id }) =>
      pushToRoom(
        env,
        recipient.userId,
        { id, type: request.type, metadata: request.metadata, createdAt: now.toISOString() },
        withNotificationId(request.event?.(recipient) ?? { type: "notification", notificationType: request.type, metadata: request.metadata }, id),
      )
        .then((sent): string | null => (sent ? id : null))
        .catch((error): string | null => {
          // The notification is stored: it arrives as pending_notifications at the next connection.
          console.warn(`Could not push notification ${id} to ${recipient.userId}`, error);
          return null;
        }),
    ),
  ).then(async (results) => {
    // Rooms claim deliveries in their own storage; D1 learns them here in one statement per 90, so
    // later sign-ins skip them without a hundred single-row writes racing the pushes.
    const sent = results.filter((id): id is string => id !== null);
    for (const slice of chunks(sent, D1_IN_LIST)) {
      await db.update(notifications).set({ deliveredAt: new Date() }).where(inArray(notifications.id, slice));
    }
  });
  const mailed = recipients.filter((r) => wants(r.userId, "email"));
  const texters = recipients.filter((r) => wants(r.userId, "sms"));
  // In-app notifications are never held; e-mails and texts wait for the end of the recipient's quiet hours.
  const holds = request.urgent
    ? new Map<string, Date>()
    : await quietHolds(
        db,
        [...mailed, ...texters].map((r) => r.userId),
        now,
      );
  const mails = sendNotificationMails(db, config, env.JOBS, {
    workspaceId: request.workspaceId,
    type: request.type,
    template: NOTIFICATION_KINDS[request.type]?.email === "reminder" ? "reminder" : "notification",
    recipients: mailed,
    compose: request.mail ?? describedMail(request, config.PUBLIC_ORIGIN),
    holds,
  });
  // Texts go to the phone on the person's profile (read here when the caller did not), with the bell's words and link.
  const unread = texters.filter((r) => r.phone === undefined).map((r) => r.userId);
  const phones = new Map((await recipientsFor(db, unread)).map((r) => [r.userId, r.phone]));
  const texts = texters.map((recipient) => {
    const body = request.sms?.(recipient) ?? describedText(request, config.PUBLIC_ORIGIN)(recipient);
    const phone = recipient.phone === undefined ? phones.get(recipient.userId) : recipient.phone;
    const heldUntil = holds.get(recipient.userId);
    // A held text reads the phone again when it goes: the number may change overnight.
    if (heldUntil && phone) return holdText(db, { workspaceId: request.workspaceId, userId: recipient.userId, type: request.type, body, sendAfter: heldUntil });
    return sendNoticeSms(db, config, { workspaceId: request.workspaceId, phone, body }).catch((error) => {
      console.warn(`Could not text notification ${request.type} to ${recipient.userId}`, error);
      return "failed" as const;
    });
  });
  await Promise.all([pushes, mails, ...texts]);
  return new Map(inApp.map(({ recipient, id }) => [recipient.userId, id]));
}

/** Hands one stored notification to the person's room, which sends it only to a live, signed-in connection. */
export async function pushToRoom(env: Env, userId: string, notification: NotificationPayload, event: ServerMessage) {
  return roomCall(userId, roomOf(env, userId).deliver(notification, event));
}

/**
 * A user's room by name. The RPC goes straight to it: partyserver's getServerByName would first make
 * a second call (setName) that only waits for an onStart() the room does not have, doubling the cost
 * of every push. The room knows its name from its id.
 */
function roomOf(env: Env, userId: string) {
  return env.UserRoom.get(env.UserRoom.idFromName(userId));
}

/** Pushes a thread event to every participant's room, which forwards it to connections subscribed to the thread. */
export async function pushThreadEvent(env: Env, userIds: string[], threadId: string, event: ThreadEvent) {
  await Promise.all([...new Set(userIds)].map((userId) => roomCall(userId, roomOf(env, userId).pushThread(threadId, event))));
}

/**
 * Tells a person's room that access ended (sessions signed out, or removal from a workspace): the matching sockets
 * close at once. Best effort: a room that cannot be reached has no socket that could still be used, since every
 * request of a closed session is refused anyway.
 */
export async function endRoomAccess(env: Env, userId: string, ended: { sessionIds?: string[]; workspaceId?: string }): Promise<number> {
  // No session ended: nothing to close (an empty list must not reach the room, which closes unstamped sockets).
  if (ended.sessionIds?.length === 0 && !ended.workspaceId) return 0;
  try {
    return await roomCall(userId, roomOf(env, userId).endAccess(ended));
  } catch (error) {
    console.warn(`Could not close the sockets of ${userId}`, error);
    return 0;
  }
}

/** A notification's words as the bell shows them, in the recipient's language. */
function describedWords(request: NotifyRequest, recipient: Recipient) {
  const kind = NOTIFICATION_KINDS[request.type];
  return kind
    ? kind.describe(request.metadata, recipientT(recipient, [kind.namespace ?? "common"]) as unknown as TFunction)
    : { text: request.type, href: null, detail: undefined };
}

/** The e-mail of a notification without its own: the same words as the bell's, and the link to open it. */
function describedMail(request: NotifyRequest, origin: string) {
  return (recipient: Recipient) => {
    const words = describedWords(request, recipient);
    const body = [words.text, words.detail ? `“${words.detail}”` : null, words.href ? new URL(words.href, origin).href : null].filter(Boolean).join("\n\n");
    return { subject: words.text, text: body };
  };
}

/** The text of a notification without its own: the bell's sentence and the link, never the detail (a phone's lock screen shows it). */
function describedText(request: NotifyRequest, origin: string) {
  return (recipient: Recipient) => {
    const words = describedWords(request, recipient);
    return [words.text, words.href ? new URL(words.href, origin).href : null].filter(Boolean).join(" ");
  };
}

/** Events about a stored notification carry its id, so the browser can mark it read. */
function withNotificationId(event: NotificationEvent, id: string): NotificationEvent {
  return { ...event, notificationId: id };
}

function dedupe(recipients: Recipient[]) {
  const seen = new Set<string>();
  return recipients.filter((r) => (seen.has(r.userId) ? false : (seen.add(r.userId), true)));
}

/** Recipients with what notify() needs (address, language). */
export async function recipientsFor(db: Db, userIds: string[]): Promise<Recipient[]> {
  if (userIds.length === 0) return [];
  return inChunks([...new Set(userIds)], (ids) =>
    db.select({ userId: users.id, email: users.email, language: users.language, phone: users.phone }).from(users).where(inArray(users.id, ids)),
  );
}

/** A translate function in a recipient's saved language (English when none is saved). */
export function recipientT(recipient: Recipient, namespaces: string[]) {
  return serverT(namespaces, recipient.language ?? "en");
}

// ---- The notification centre -------------------------------------------------------------------

export const NOTIFICATIONS_PAGE_SIZE = 30;

export interface NotificationQuery {
  type?: NotificationType;
  unreadOnly?: boolean;
  before?: Date;
}

/** The person's notifications in the current workspace, newest first, with the unread count. */
export async function listNotifications(db: Db, session: CurrentSession, query: NotificationQuery = {}) {
  if (!session.workspace) return { items: [], unread: 0, hasMore: false };
  const mine = and(eq(notifications.userId, session.user.id), eq(notifications.workspaceId, session.workspace.id));
  const filters = [mine];
  if (query.type) filters.push(eq(notifications.type, query.type));
  if (query.unreadOnly) filters.push(isNull(notifications.readAt));
  if (query.before) filters.push(lt(notifications.createdAt, query.before));
  const [rows, [{ unread }]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(and(...filters))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_PAGE_SIZE + 1),
    db
      .select({ unread: count() })
      .from(notifications)
      .where(and(mine, isNull(notifications.readAt))),
  ]);
  return {
    items: rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map((row) => ({
      id: row.id,
      type: row.type,
      metadata: row.metadata,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
    unread,
    hasMore: rows.length > NOTIFICATIONS_PAGE_SIZE,
  };
}

const unreadQuery = (db: Db) =>
  db
    .select({ unread: count() })
    .from(notifications)
    .where(
      and(eq(notifications.userId, sql.placeholder("userId")), eq(notifications.workspaceId, sql.placeholder("workspaceId")), isNull(notifications.readAt)),
    )
    .prepare();

/** The bell's count, on every signed-in page: a query built once per binding. */
export async function unreadCount(db: Db, session: CurrentSession): Promise<number> {
  if (!session.workspace) return 0;
  const [{ unread }] = await prepared(db, "unread-notifications", unreadQuery).all({ userId: session.user.id, workspaceId: session.workspace.id });
  return unread;
}

/** Marks one (or, with no id, every) notification of this person in this workspace as read. Returns how many changed. */
export async function markRead(db: Db, session: CurrentSession, id?: string): Promise<number> {
  if (!session.workspace) return 0;
  const where = and(
    eq(notifications.userId, session.user.id),
    eq(notifications.workspaceId, session.workspace.id),
    isNull(notifications.readAt),
    ...(id ? [eq(notifications.id, id)] : []),
  );
  // Counted from the rows themselves: D1's `changes` also counts what triggers wrote (migration 0029).
  const marked = await db.update(notifications).set({ readAt: new Date() }).where(where).returning({ id: notifications.id });
  return marked.length;
}

export { isNotificationType };

/** Notifications older than a year that were read are purged by the cron (the audit log keeps the record). */
export async function purgeOldNotifications(db: Db, now = Date.now()) {
  await db.delete(notifications).where(and(lt(notifications.createdAt, new Date(now - 365 * 86_400_000)), sql`${notifications.readAt} IS NOT NULL`));
}

/** One person's notifications of the given types in a workspace, newest first (the beneficiary portal's notices). */
export async function noticesOfTypes(db: Db, workspaceId: string, userId: string, types: string[], limit = 50) {
  const rows = await db
    .select({ id: notifications.id, type: notifications.type, metadata: notifications.metadata, createdAt: notifications.createdAt })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.workspaceId, workspaceId), inArray(notifications.type, types)))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
