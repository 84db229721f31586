import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Every e-mail the product sends is written here first. With the embedded default (MAIL_PROVIDER=outbox)
 * this is where mail ends; with the HTTP provider a queue job delivers it and then blanks the body,
 * so that single-use links do not linger in the database.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    /** The HTML part (modules/email renders both); null for mail recorded before it had one. */
    htmlBody: text("html_body"),
    /** Extra headers, such as List-Unsubscribe for mail a person can stop. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    kind: text("kind").notNull(),
    /** The workspace the mail is about (an invitation, a notice), so its owners see their deliveries; null for account mail. */
    workspaceId: text("workspace_id"),
    /** "held": inside the recipient's quiet hours, released by the cron at `sendAfter` (ADR 0033). */
    status: text("status", { enum: ["recorded", "queued", "sent", "failed", "held"] }).notNull(),
    error: text("error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    /** A held mail goes once this time has come (the end of the recipient's quiet hours). */
    sendAfter: integer("send_after", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("mail_outbox_created_idx").on(t.createdAt),
    index("mail_outbox_ws_created_idx").on(t.workspaceId, t.createdAt),
    index("mail_outbox_held_idx").on(t.status, t.sendAfter),
  ],
);
