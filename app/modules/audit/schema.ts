import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Append-only record of who did what, when and from where. Never holds document contents or secrets.
 * No foreign keys on purpose: the record must outlive the rows it speaks about.
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
  },
  (t) => [index("audit_ws_time_idx").on(t.workspaceId, t.createdAt), index("audit_actor_time_idx").on(t.actorUserId, t.createdAt)],
);
