import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Always stored lower-cased and trimmed, so it is unique case-insensitively. */
    email: text("email").notNull(),
    username: text("username").notNull(),
    name: text("name").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    phone: text("phone"),
    profileImageUrl: text("profile_image_url"),
    /** R2 key of the uploaded avatar; profileImageUrl points at the route that serves it. */
    profileImageKey: text("profile_image_key"),
    /** Display choices saved on the profile, applied on devices that have none of their own. */
    language: text("language"),
    theme: text("theme"),
    darkMode: integer("dark_mode", { mode: "boolean" }),
    /** The person's IANA time zone ("Europe/Paris"), checked with Intl; null until they choose one (ADR 0033). */
    timeZone: text("time_zone"),
    /** No non-urgent e-mail or text between start and end ("HH:MM" on their clock; may wrap midnight). Off by default. */
    quietHoursEnabled: integer("quiet_hours_enabled", { mode: "boolean" }).notNull().default(false),
    quietHoursStart: text("quiet_hours_start"),
    quietHoursEnd: text("quiet_hours_end"),
    /** Self-describing: algorithm, iterations, salt, hash and pepper version (see password.server.ts). */
    passwordHash: text("password_hash").notNull(),
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    /** Raised by triggers when the person's memberships, or a workspace of theirs, change (migration 0029, ADR 0043). */
    dataVersion: integer("data_version").notNull().default(0),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), uniqueIndex("users_username_lower_unique").on(sql`lower(${t.username})`)],
);

/** Server-side sessions. Only a SHA-256 of the cookie secret is stored, so a database leak cannot be replayed. */
export const sessions = sqliteTable(
  "sessions",
  {
    /** Public identifier (the spec's `sessionId`); it does not authenticate anything. */
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id"),
    remember: integer("remember", { mode: "boolean" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** Two-letter country of the sign-in's IP where Cloudflare knows it, for the list of one's devices. */
    country: text("country"),
  },
  (t) => [uniqueIndex("sessions_token_hash_unique").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** Single-use tokens sent by e-mail: address verification and password reset. Only hashes are stored. */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify_email", "reset_password"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("auth_tokens_hash_unique").on(t.tokenHash), index("auth_tokens_user_idx").on(t.userId, t.purpose)],
);

/** Fixed-window counters for brute-force protection, keyed by e.g. `login:email:<hash>` or `login:ip:<addr>`. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: integer("reset_at", { mode: "timestamp_ms" }).notNull(),
});
