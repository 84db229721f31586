import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { auditLog } from "~/modules/audit/schema";
import { users } from "~/modules/auth/schema";
import { toCsv } from "~/platform/csv";
import type { Db } from "~/platform/db.server";
import type { ComplianceAccess } from "./access.server";

export interface AuditFilter {
  actorUserId?: string;
  /** An action or its family ("document." matches every document action). */
  action?: string;
  targetType?: string;
  outcome?: "success" | "failure" | "denied";
  from?: string;
  to?: string;
}

export const AUDIT_PAGE_SIZE = 100;
export const AUDIT_EXPORT_MAX = 50_000;

function where(access: ComplianceAccess, filter: AuditFilter, beforeSeq?: number): SQL {
  const conditions: (SQL | undefined)[] = [eq(auditLog.workspaceId, access.workspaceId)];
  if (filter.actorUserId) conditions.push(eq(auditLog.actorUserId, filter.actorUserId));
  // A family is a plain prefix, compared as text: a LIKE pattern would take the person's % and _ as wildcards, and
  // SQLite's LIKE backtracks over many of them (issue 42: no person-supplied pattern without a bound).
  if (filter.action)
    conditions.push(
      filter.action.endsWith(".") ? sql`substr(${auditLog.action}, 1, ${filter.action.length}) = ${filter.action}` : eq(auditLog.action, filter.action),
    );
  if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
  if (filter.outcome) conditions.push(eq(auditLog.outcome, filter.outcome));
  if (filter.from) conditions.push(gte(auditLog.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) conditions.push(lt(auditLog.createdAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000)));
  if (beforeSeq) conditions.push(lt(auditLog.seq, beforeSeq));
  return and(...conditions)!;
}

/** The workspace's audit entries, newest first, each with its place and hash in the chain (unsealed ones have none yet). */
export async function auditEntries(db: Db, access: ComplianceAccess, filter: AuditFilter, limit = AUDIT_PAGE_SIZE) {
  const rows = await db
    .select({
      id: auditLog.id,
      seq: auditLog.seq,
      action: auditLog.action,
      outcome: auditLog.outcome,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      actorUserId: auditLog.actorUserId,
      actorName: users.name,
      ip: auditLog.ip,
      metadata: auditLog.metadata,
      createdAt: auditLog.createdAt,
      prevHash: auditLog.prevHash,
      hash: auditLog.hash,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(where(access, filter))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.seq))
    .limit(limit)
    .all();
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The entries as CSV (platform/csv.ts: a name or a detail that looks like a formula is shown, never run). */
export function auditCsv(entries: Awaited<ReturnType<typeof auditEntries>>): string {
  const header = ["seq", "time", "person", "action", "outcome", "target_type", "target_id", "ip", "details", "prev_hash", "hash"];
  return toCsv([
    header,
    ...entries.map((e) => [
      e.seq,
      e.createdAt,
      e.actorName ?? e.actorUserId,
      e.action,
      e.outcome,
      e.targetType,
      e.targetId,
      e.ip,
      e.metadata,
      e.prevHash,
      e.hash,
    ]),
  ]);
}
