import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema";

export const ROLES = ["owner", "trustee", "co_trustee", "beneficiary", "family_member", "legal_professional", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/** One family trust (or family office). Every tenant row elsewhere carries its id. */
export const workspaces = sqliteTable("workspaces", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  jurisdiction: text("jurisdiction").notNull(),
  plan: text("plan", { enum: ["trial", "active", "cancelled"] }).notNull(),
  trialEndsAt: integer("trial_ends_at", { mode: "timestamp_ms" }),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  /** Beneficiaries see the trust's totals on their portal only when the owner turns this on. */
  portalShowsTotals: integer("portal_shows_totals", { mode: "boolean" }).notNull().default(false),
  /** The owner requires every member to sign in with a second factor; members without one are led to set one up first. */
  requireSecondFactor: integer("require_second_factor", { mode: "boolean" }).notNull().default(false),
  /** An owner asked to delete the workspace: it is closed to everyone, restorable until `purgeAfter`, then purged by the cron. */
  deletionRequestedAt: integer("deletion_requested_at", { mode: "timestamp_ms" }),
  deletionRequestedBy: text("deletion_requested_by"),
  purgeAfter: integer("purge_after", { mode: "timestamp_ms" }),
  /** Raised by triggers on every write to the workspace's rows (migration 0029): a kept page of it is current while this is unchanged (ADR 0043). */
  dataVersion: integer("data_version").notNull().default(0),
});

export const memberships = sqliteTable(
  "memberships",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    /** The member's beneficial interest in the trust, in basis points (4000 = 40%); weighs their vote in weighted polls. */
    beneficialShareBp: integer("beneficial_share_bp"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("memberships_ws_user_unique").on(t.workspaceId, t.userId), index("memberships_user_idx").on(t.userId)],
);

export const invitations = sqliteTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("invitations_token_hash_unique").on(t.tokenHash), index("invitations_ws_idx").on(t.workspaceId)],
);

/** An owner offers the workspace's ownership to another member; it changes hands only when that member accepts. */
export const ownershipTransfers = sqliteTable(
  "ownership_transfers",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    fromUserId: text("from_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toUserId: text("to_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    acceptedAt: integer("accepted_at", { mode: "timestamp_ms" }),
    /** Declined by the new owner, withdrawn by the old one, or void because either left. */
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("ownership_transfers_ws_idx").on(t.workspaceId, t.toUserId)],
);

export const EXPORT_STATUSES = ["queued", "running", "ready", "failed"] as const;

/** "Export everything": a ZIP built by a queue job into R2, downloadable by the owner who asked until it expires. */
export const workspaceExports = sqliteTable(
  "workspace_exports",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    requestedBy: text("requested_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: EXPORT_STATUSES }).notNull(),
    /** What has been written so far, for the progress bar: files done of files in all. */
    filesDone: integer("files_done").notNull().default(0),
    filesTotal: integer("files_total").notNull().default(0),
    storageKey: text("storage_key"),
    sizeBytes: integer("size_bytes"),
    error: text("error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("workspace_exports_ws_idx").on(t.workspaceId, t.createdAt)],
);
