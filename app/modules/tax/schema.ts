import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema";
import { workspaces } from "../workspaces/schema";

/** The trust's tax profile: what the calendar is computed from. One per workspace. */
export const taxProfiles = sqliteTable("tax_profiles", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  /** A grantor trust's income is reported on the grantor's own return (IRC §§671–679). */
  grantor: integer("grantor", { mode: "boolean" }).notNull(),
  /** Shown masked ("••-•••6789") to everyone; the whole number only to owners and trustees who ask for it. */
  ein: text("ein"),
  /** 12 for a calendar year; otherwise the month a fiscal year ends. */
  taxYearEndMonth: integer("tax_year_end_month").notNull(),
  /** States of fiduciary return, two-letter codes. */
  states: text("states", { mode: "json" }).$type<string[]>().notNull(),
  /** The fourth 1041-ES is not needed when the return is filed and paid by January 31 (IRC §6654(h)). */
  januaryEstimateSkipped: integer("january_estimate_skipped", { mode: "boolean" }).notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** A calendar entry marked done: who and when (entries themselves are computed, never stored). */
export const taxCalendarDone = sqliteTable(
  "tax_calendar_done",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    itemKey: text("item_key").notNull(),
    doneBy: text("done_by").references(() => users.id, { onDelete: "set null" }),
    doneAt: integer("done_at", { mode: "timestamp_ms" }).notNull(),
    note: text("note"),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.itemKey] })],
);

/** A person's secret calendar-feed address; only its hash is kept, and revoking it ends the feed. */
export const taxFeedTokens = sqliteTable(
  "tax_feed_tokens",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("tax_feed_tokens_user_idx").on(t.workspaceId, t.userId)],
);

/** A reminder sent for a calendar entry at one lead time (30, 7 or 1 day before): the cron runs every 15 minutes and must remind once. */
export const taxRemindersSent = sqliteTable(
  "tax_reminders_sent",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    itemKey: text("item_key").notNull(),
    leadDays: integer("lead_days").notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.itemKey, t.leadDays] })],
);
