import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../schema";

/**
 * One authenticator app per person. The shared secret is kept encrypted (AES-GCM under a key derived from the
 * server's pepper), so a copy of the database alone cannot mint codes. Unconfirmed until a current code proves
 * the app holds it.
 */
export const totpCredentials = sqliteTable("totp_credentials", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretBox: text("secret_box").notNull(),
  confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  /** The last 30-second step a code was accepted for: a code is good once (no replay within its window). */
  lastUsedStep: integer("last_used_step"),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

/** Single-use recovery codes, stored only as a keyed hash; `usedAt` is set by the one UPDATE that spends them. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash_unique").on(t.userId, t.codeHash)],
);

/** WebAuthn credentials (passkeys, security keys) registered as a second factor. */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The authenticator's credential id, base64url. */
    credentialId: text("credential_id").notNull(),
    /** COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull(),
    /** JSON list of transports the authenticator reported (usb, internal…), handed back as hints. */
    transports: text("transports"),
    deviceType: text("device_type"),
    backedUp: integer("backed_up", { mode: "boolean" }).notNull().default(false),
    name: text("name").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("passkeys_credential_unique").on(t.credentialId), index("passkeys_user_idx").on(t.userId)],
);

/**
 * A sign-in whose password was right and whose second factor is still owed. It is not a session: nothing but the
 * second-factor step reads it, through its own cookie. Short-lived, and dropped after a few wrong codes.
 */
export const pendingSignIns = sqliteTable(
  "pending_sign_ins",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    remember: integer("remember", { mode: "boolean" }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("pending_sign_ins_token_unique").on(t.tokenHash), index("pending_sign_ins_user_idx").on(t.userId)],
);

/**
 * WebAuthn challenges, kept on the server and bound to what asked for them: a session (registering a passkey) or
 * a pending sign-in (using one). Single use: verifying deletes it.
 */
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    id: text("id").primaryKey(),
    /** The session id or pending sign-in id the challenge belongs to. */
    ownerId: text("owner_id").notNull(),
    purpose: text("purpose", { enum: ["register", "authenticate"] }).notNull(),
    challenge: text("challenge").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("webauthn_challenges_owner_unique").on(t.ownerId, t.purpose)],
);
