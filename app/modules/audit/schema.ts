import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Append-only record of who did what, when and from where. Never holds document contents or secrets.
 * No foreign keys on purpose: the record must outlive the rows it speaks about.
 *
 * Each workspace's entries (and the platform's, without a workspace) form a hash chain (ADR 0023): an entry is
 * written with the change it records, and sealed right after in the order it was written: `seq` numbers it in
 * its chain, `hash` = SHA-256(`prev_hash` ‖ canonical JSON of the entry). A changed or deleted entry breaks the
 * chain at that place.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id"),
    actorUserId: text("actor_user_id"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    outcome: text("outcome", { enum: ["success", "failure", "denied"] }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** Small JSON object of non-sensitive details (for example a failure reason). */
    metadata: text("metadata"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** The entry's place in its chain, from 1; null until sealed. */
    seq: integer("seq"),
    prevHash: text("prev_hash"),
    hash: text("hash"),
  },
  (t) => [
    index("audit_ws_time_idx").on(t.workspaceId, t.createdAt),
    index("audit_actor_time_idx").on(t.actorUserId, t.createdAt),
    uniqueIndex("audit_chain_seq_idx").on(t.workspaceId, t.seq),
    // SQLite lets NULLs repeat in a unique index: the platform's chain (no workspace) needs its own, or two
    // sealers racing could give two of its entries the same number.
    uniqueIndex("audit_platform_seq_idx")
      .on(t.seq)
      .where(sql`${t.workspaceId} is null`),
    // The sealer's work list stays small: only entries not sealed yet.
    index("audit_unsealed_idx")
      .on(t.workspaceId)
      .where(sql`${t.hash} is null`),
  ],
);

/**
 * The daily walk of each chain, resumable across cron runs: where it is, and what the last complete walk found.
 * `chain` is the workspace id, or "" for the platform's entries.
 */
export const auditChainChecks = sqliteTable(
  "audit_chain_checks",
  {
    chain: text("chain").notNull(),
    /** The walk in progress: the last entry checked and its hash; null when no walk is running. */
    cursorSeq: integer("cursor_seq"),
    cursorHash: text("cursor_hash"),
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    /** The last complete walk. */
    checkedAt: integer("checked_at", { mode: "timestamp_ms" }),
    ok: integer("ok", { mode: "boolean" }),
    entries: integer("entries"),
    headSeq: integer("head_seq"),
    headHash: text("head_hash"),
    brokenSeq: integer("broken_seq"),
  },
  (t) => [primaryKey({ columns: [t.chain] })],
);

/**
 * The embedded key that signs audit bundles when no AUDIT_SIGNING_KEY secret is set (ADR 0023): an ECDSA P-256
 * pair made once, `id` its fingerprint. It sits in the same database as the log, so it proves the record to
 * someone who kept the fingerprint from an earlier e-mail, not against someone with database access, who could
 * rewrite the log and re-sign; production sets the secret. One active row: the partial unique index makes two
 * isolates' first exports agree on one key; a retired key would stay with `active` = 0.
 */
export const auditSigningKeys = sqliteTable(
  "audit_signing_keys",
  {
    id: text("id").primaryKey(),
    /** JSON: {crv, kty, x, y}. */
    publicJwk: text("public_jwk").notNull(),
    /** JSON: the private JWK (with d). */
    privateJwk: text("private_jwk").notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("audit_signing_keys_active_idx")
      .on(t.active)
      .where(sql`${t.active} = 1`),
  ],
);
