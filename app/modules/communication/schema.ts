import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema";
import { channels } from "../conversations/schema";
import { workspaces } from "../workspaces/schema";

/** A workspace's own message template (the built-in ones live in code, in every language: templates.ts). */
export const messageTemplates = sqliteTable(
  "message_templates",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Plain text with merge fields such as {{recipient.firstName}} (markup is taken out on saving). */
    body: text("body").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("message_templates_ws_idx").on(t.workspaceId, t.name)],
);

export const SCHEDULED_TARGETS = ["channel", "email"] as const;
export type ScheduledTarget = (typeof SCHEDULED_TARGETS)[number];
/** scheduled → sending (claimed by one cron run) → sent | failed; or cancelled before it goes. */
export const SCHEDULED_STATUSES = ["scheduled", "sending", "sent", "failed", "cancelled"] as const;
export type ScheduledStatus = (typeof SCHEDULED_STATUSES)[number];

/** A message written now and sent later, once, by the cron: to a chat channel, or by e-mail to one member. */
export const scheduledMessages = sqliteTable(
  "scheduled_messages",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    target: text("target", { enum: SCHEDULED_TARGETS }).notNull(),
    channelId: text("channel_id").references(() => channels.id, { onDelete: "cascade" }),
    recipientId: text("recipient_id").references(() => users.id, { onDelete: "cascade" }),
    /** The subject of an e-mail; chat messages have none. */
    subject: text("subject"),
    /** As written, merge fields and all: they are filled when it is sent, with the values of that day. */
    body: text("body").notNull(),
    /** The UTC instant it goes; with `localTime`, resolved from it in `timeZone` when it was saved. */
    sendAt: integer("send_at", { mode: "timestamp_ms" }).notNull(),
    /** The recipient's-local-time option: the wall-clock time the author chose ("2026-12-01T09:00"), else null. */
    localTime: text("local_time"),
    /** The zone `localTime` was read in: the recipient's, or the author's when the recipient had none (ADR 0033). */
    timeZone: text("time_zone"),
    /** Marked urgent by its author: it ignores the recipient's quiet hours. */
    urgent: integer("urgent", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: SCHEDULED_STATUSES }).notNull(),
    /** The chat message or outbox mail it became. */
    sentRef: text("sent_ref"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    error: text("error"),
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("scheduled_messages_due_idx").on(t.status, t.sendAt), index("scheduled_messages_ws_idx").on(t.workspaceId, t.sendAt)],
);
