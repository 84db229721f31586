import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema";
import { workspaces } from "../workspaces/schema";

/**
 * The events a person can be told about are declared by the modules that send them (`notifications` in
 * their module.ts; app/modules/registry.ts lists them as NOTIFICATION_TYPES). Stored as their name.
 */
export type NotificationType = string;

/** Where a notification can go. SMS arrives with the conversations feature; its choice is stored already. */
export const NOTIFICATION_CHANNELS = ["in_app", "email", "sms"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * One notification for one person, written before it is pushed (spec section 7: nothing is lost while
 * someone is offline). `deliveredAt` is set once, atomically, by whichever push reaches a live
 * connection first (the event itself, or `pending_notifications` at the next sign-in), so nothing is
 * delivered twice. `readAt` is the notification centre's read state.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, string | number | boolean | null>>().notNull(),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    deliveredAt: integer("delivered_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("notifications_user_ws_created_idx").on(t.userId, t.workspaceId, t.createdAt),
    index("notifications_user_delivered_idx").on(t.userId, t.deliveredAt),
  ],
);

/** A person's choice for one event type and channel; absent rows mean the default (see preferences.ts). */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    channel: text("channel", { enum: NOTIFICATION_CHANNELS }).notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type, t.channel] })],
);

/** How long before a compliance deadline a person wants reminders, and where (used by the compliance feature). */
export const complianceReminderPreferences = sqliteTable("compliance_reminder_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Days before a deadline, largest first, e.g. [30, 7, 1]. */
  leadDays: text("lead_days", { mode: "json" }).$type<number[]>().notNull(),
  inApp: integer("in_app", { mode: "boolean" }).notNull(),
  email: integer("email", { mode: "boolean" }).notNull(),
  sms: integer("sms", { mode: "boolean" }).notNull(),
  /** Overdue items are repeated daily until done. */
  overdueDaily: integer("overdue_daily", { mode: "boolean" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * A notice's text held because it came inside the person's quiet hours (ADR 0033). The cron claims it once
 * (held → released) when `sendAfter` has come and texts it to the phone on their profile of that moment.
 */
export const heldTexts = sqliteTable(
  "held_texts",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    body: text("body").notNull(),
    sendAfter: integer("send_after", { mode: "timestamp_ms" }).notNull(),
    status: text("status", { enum: ["held", "released"] }).notNull(),
    /** What sending it gave: sent, no_number, opted_out or failed. */
    outcome: text("outcome"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    releasedAt: integer("released_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("held_texts_due_idx").on(t.status, t.sendAfter)],
);
