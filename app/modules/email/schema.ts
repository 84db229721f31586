import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema";
import { workspaces } from "../workspaces/schema";

/**
 * How a workspace's e-mails look (/email-personalization): the family's name above every mail, the greeting, the
 * signature and the accent colour (one of the product's themes). Absent: the product's own words and look.
 */
export const emailBranding = sqliteTable("email_branding", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  /** "The Hartwell family": the heading of every mail and the name in its footer. */
  familyName: text("family_name"),
  /** Plain text with merge fields, e.g. "Dear {{recipient.firstName}},". */
  greeting: text("greeting"),
  /** Plain text with merge fields; a small safe subset of markup is kept (see sanitize.ts). */
  signature: text("signature"),
  /** A theme id (preferences/themes.ts): its first swatch colours the heading and buttons. */
  accentTheme: text("accent_theme"),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** A workspace's own intro paragraph for one of the product's e-mails (templates.ts); none means the default. */
export const emailTemplateIntros = sqliteTable(
  "email_template_intros",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    templateKey: text("template_key").notNull(),
    intro: text("intro").notNull(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.templateKey] })],
);

export const DIGEST_MODES = ["off", "daily", "weekly"] as const;
export type DigestMode = (typeof DIGEST_MODES)[number];

/** A person's choice: one e-mail per event ("off"), or a daily or weekly summary of them. */
export const emailSettings = sqliteTable("email_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  digest: text("digest", { enum: DIGEST_MODES }).notNull(),
  /** When the last digest went, so the next is due a day or a week later. */
  lastDigestAt: integer("last_digest_at", { mode: "timestamp_ms" }),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * A notification e-mail held for a person's digest. `sentIn` is set by the cron run that claims it (one conditional
 * update), so an item goes in exactly one digest even when two runs overlap.
 */
export const emailDigestItems = sqliteTable(
  "email_digest_items",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The notification type (notification.<type> as the mail's kind would have been). */
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    sentIn: text("sent_in"),
  },
  (t) => [index("email_digest_items_pending_idx").on(t.userId, t.sentIn, t.createdAt), index("email_digest_items_ws_idx").on(t.workspaceId)],
);

/**
 * Non-essential mail a person stopped, from the link in a mail's footer or `List-Unsubscribe`: one kind of
 * notification (`scope` is its type) or everything but security and account mail from a workspace (`all`).
 * Checked whatever the person's notification settings say, so the link always works.
 */
export const emailOptOuts = sqliteTable(
  "email_opt_outs",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    scope: text("scope").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.workspaceId, t.scope] })],
);
