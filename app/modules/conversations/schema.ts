import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema";
import { workspaces } from "../workspaces/schema";

/** Open channels any member can join; private ones only their chosen members can see. */
export const CHANNEL_KINDS = ["open", "private"] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export const channels = sqliteTable(
  "channels",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Lower-cased name: one channel per name in a workspace. */
    nameKey: text("name_key").notNull(),
    description: text("description"),
    kind: text("kind", { enum: CHANNEL_KINDS }).notNull(),
    /** The workspace's "General" channel: every member belongs, it cannot be archived or made private. */
    isDefault: integer("is_default", { mode: "boolean" }).notNull(),
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastMessageAt: integer("last_message_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("channels_ws_name_idx").on(t.workspaceId, t.nameKey), index("channels_ws_idx").on(t.workspaceId)],
);

/** Who belongs to a channel, and how far they have read. */
export const channelMembers = sqliteTable(
  "channel_members",
  {
    channelId: text("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    joinedAt: integer("joined_at", { mode: "timestamp_ms" }).notNull(),
    /** The sequence number of the newest message this person has seen. */
    lastReadSeq: integer("last_read_seq").notNull().default(0),
    /** When this person last opened the channel: /chat opens the most recent one. */
    lastVisitedAt: integer("last_visited_at", { mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] }), index("channel_members_user_ws_idx").on(t.userId, t.workspaceId)],
);

/** A topic inside a channel (as in Zulip): every message belongs to one. */
export const chatTopics = sqliteTable(
  "chat_topics",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    channelId: text("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    /** A purpose label, e.g. "2026 tax filing". */
    purpose: text("purpose"),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastActivityAt: integer("last_activity_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("chat_topics_channel_name_idx").on(t.channelId, t.nameKey), index("chat_topics_ws_activity_idx").on(t.workspaceId, t.lastActivityAt)],
);

export const TOPIC_FOLLOW_MODES = ["follow", "mute"] as const;
export type TopicFollowMode = (typeof TOPIC_FOLLOW_MODES)[number];

/** A person's choice for one topic: follow (notified of every message) or mute (never notified). */
export const topicFollows = sqliteTable(
  "topic_follows",
  {
    topicId: text("topic_id")
      .notNull()
      .references(() => chatTopics.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    mode: text("mode", { enum: TOPIC_FOLLOW_MODES }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.userId] })],
);

/**
 * One message. `seq` grows per channel and orders history, paging and unread counts. A message
 * comes from a member (`authorId`) or from a phone in an SMS topic (`smsParticipantId`).
 * Deleting keeps the row (body emptied, `deletedAt` set) and the old body in the edit history.
 */
export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    channelId: text("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    topicId: text("topic_id")
      .notNull()
      .references(() => chatTopics.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    smsParticipantId: text("sms_participant_id"),
    body: text("body").notNull(),
    /** Ids of the members mentioned, kept so edits notify only newly mentioned people. */
    mentions: text("mentions", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    deletedBy: text("deleted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("chat_messages_channel_seq_idx").on(t.channelId, t.seq),
    index("chat_messages_topic_seq_idx").on(t.topicId, t.seq),
    index("chat_messages_ws_created_idx").on(t.workspaceId, t.createdAt),
  ],
);

/** Every earlier body of an edited or deleted message: the history is kept. */
export const chatMessageRevisions = sqliteTable(
  "chat_message_revisions",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    body: text("body").notNull(),
    /** What replaced this body: an edit or the deletion. */
    change: text("change", { enum: ["edit", "delete", "move"] }).notNull(),
    /** For a move: the topic the message left. */
    fromTopicId: text("from_topic_id"),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    changedAt: integer("changed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("chat_message_revisions_message_idx").on(t.messageId, t.changedAt)],
);

/** A person without an account who takes part in a topic by SMS. */
export const smsParticipants = sqliteTable(
  "sms_participants",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    topicId: text("topic_id")
      .notNull()
      .references(() => chatTopics.id, { onDelete: "cascade" }),
    /** E.164, e.g. +15551234567. */
    phone: text("phone").notNull(),
    displayName: text("display_name").notNull(),
    /** Short code put in outgoing texts so a reply finds this topic even when the phone is in several. */
    replyCode: text("reply_code").notNull(),
    addedBy: text("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    removedAt: integer("removed_at", { mode: "timestamp_ms" }),
    /** The last time this topic texted the phone: the fallback rule routes a code-less reply here. */
    lastOutboundAt: integer("last_outbound_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("sms_participants_topic_phone_idx").on(t.topicId, t.phone),
    uniqueIndex("sms_participants_phone_code_idx").on(t.phone, t.replyCode),
    index("sms_participants_phone_idx").on(t.phone),
  ],
);

/** Numbers that texted STOP to our sender: nothing is sent to them until they text START. */
export const smsOptOuts = sqliteTable("sms_opt_outs", {
  phone: text("phone").primaryKey(),
  optedOutAt: integer("opted_out_at", { mode: "timestamp_ms" }).notNull(),
});

export const SMS_STATUSES = ["queued", "sent", "delivered", "undelivered", "failed", "received", "blocked"] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** How an inbound SMS found its topic, shown beside the message. */
export const SMS_ROUTES = ["reply_code", "most_recent"] as const;
export type SmsRoute = (typeof SMS_ROUTES)[number];

/**
 * Every SMS in or out. With the embedded provider this table is the outbox the phone simulator reads;
 * with Twilio it carries the message SID and the delivery status from the status callbacks.
 */
export const smsMessages = sqliteTable(
  "sms_messages",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    topicId: text("topic_id").references(() => chatTopics.id, { onDelete: "set null" }),
    participantId: text("participant_id").references(() => smsParticipants.id, { onDelete: "set null" }),
    chatMessageId: text("chat_message_id").references(() => chatMessages.id, { onDelete: "set null" }),
    direction: text("direction", { enum: ["outbound", "inbound"] }).notNull(),
    fromNumber: text("from_number").notNull(),
    toNumber: text("to_number").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: SMS_STATUSES }).notNull(),
    route: text("route", { enum: SMS_ROUTES }),
    provider: text("provider", { enum: ["outbox", "twilio"] }).notNull(),
    providerSid: text("provider_sid"),
    error: text("error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("sms_messages_chat_message_idx").on(t.chatMessageId),
    uniqueIndex("sms_messages_provider_sid_idx").on(t.providerSid),
    index("sms_messages_to_created_idx").on(t.toNumber, t.createdAt),
  ],
);
