import { desc, eq } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { Db } from "~/platform/db.server";
import { auditLog } from "./schema";

export interface AuditEntry {
  action: string;
  outcome?: "success" | "failure" | "denied";
  workspaceId?: string | null;
  actorUserId?: string | null;
  targetType?: string;
  targetId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  /** Non-sensitive details only: never passwords, tokens or document text. */
  metadata?: Record<string, string | number | boolean | null>;
}

export function auditRow(entry: AuditEntry) {
  return {
    id: crypto.randomUUID(),
    workspaceId: entry.workspaceId ?? null,
    actorUserId: entry.actorUserId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    outcome: entry.outcome ?? "success",
    ip: entry.ip ?? null,
    userAgent: entry.userAgent?.slice(0, 512) ?? null,
    metadata: entry.metadata ? JSON.stringify(entry.metadata) : null,
    createdAt: new Date(),
  } satisfies typeof auditLog.$inferInsert;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await auditInsert(db, entry);
}

/** The insert of one entry, to put in a D1 batch with the change it records. */
export function auditInsert(db: Db, entry: AuditEntry) {
  return db.insert(auditLog).values(auditRow(entry));
}

/** The workspace's latest audit entries with the actor's name, for its administrators. */
export async function listWorkspaceAudit(db: Db, workspaceId: string, limit = 50) {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      outcome: auditLog.outcome,
      ip: auditLog.ip,
      createdAt: auditLog.createdAt,
      actorName: users.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(eq(auditLog.workspaceId, workspaceId))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit)
    .all();
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
