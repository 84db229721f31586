import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { is } from "drizzle-orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { auditChainChecks, auditLog } from "~/modules/audit/schema";
import { createDb, type Db } from "~/platform/db.server";
import { workspaces } from "../schema";

/** A cron run purges for at most this long; a large workspace takes several runs, each picking up where it stopped. */
const PURGE_BUDGET_MS = 20_000;
const ROWS_PER_DELETE = 500;
const R2_KEYS_PER_DELETE = 1000;

// Every domain's tables (drizzle.config.ts reads the same files): the purge needs no list kept by hand, so a new
// domain's rows are purged with the rest the day it is added.
const schemaFiles = import.meta.glob<Record<string, unknown>>("../../*/schema.ts", { eager: true });

/**
 * The tables that carry a `workspace_id`, but the workspaces table itself, the audit log (purged last) and sessions
 * (whose workspace is only the one a person last chose; the deletion already moved them elsewhere).
 */
export function workspaceScopedTables(): string[] {
  const names = new Set<string>();
  for (const exports of Object.values(schemaFiles)) {
    for (const value of Object.values(exports)) {
      if (!is(value, SQLiteTable)) continue;
      const config = getTableConfig(value);
      if (["workspaces", "audit_log", "sessions"].includes(config.name)) continue;
      if (config.columns.some((column) => column.name === "workspace_id")) names.add(config.name);
    }
  }
  return [...names].sort();
}

/**
 * The cron's part: workspaces whose grace period is over are purged, their files in R2 (everything under
 * `ws/{id}/`) and their rows in D1, within a time budget. The end is recorded in the platform's own audit chain
 * with the purged chain's last entry, since the workspace's own record goes with it.
 */
export async function purgeDeletedWorkspaces(env: Env, now: Date): Promise<{ purged: string[]; unfinished: string[] }> {
  const db = createDb(env.DB);
  const deadline = Date.now() + PURGE_BUDGET_MS;
  const due = await db
    .select({ id: workspaces.id, deletionRequestedBy: workspaces.deletionRequestedBy, deletionRequestedAt: workspaces.deletionRequestedAt })
    .from(workspaces)
    .where(and(isNotNull(workspaces.deletionRequestedAt), lte(workspaces.purgeAfter, now)))
    .orderBy(asc(workspaces.purgeAfter))
    .limit(20);
  const purged: string[] = [];
  const unfinished: string[] = [];
  for (const workspace of due) {
    if (Date.now() > deadline) {
      unfinished.push(workspace.id);
      continue;
    }
    const done = (await purgeFiles(env, workspace.id, deadline)) && (await purgeRows(db, workspace.id, deadline));
    if (!done) {
      unfinished.push(workspace.id);
      continue;
    }
    const head = await db
      .select({ seq: auditLog.seq, hash: auditLog.hash })
      .from(auditLog)
      .where(and(eq(auditLog.workspaceId, workspace.id), isNotNull(auditLog.seq)))
      .orderBy(sql`${auditLog.seq} desc`)
      .get();
    await db.batch([
      db.delete(auditChainChecks).where(eq(auditChainChecks.chain, workspace.id)),
      db.delete(auditLog).where(eq(auditLog.workspaceId, workspace.id)),
      db.delete(workspaces).where(eq(workspaces.id, workspace.id)),
    ]);
    await recordAudit(db, {
      action: "workspace.purged",
      workspaceId: null,
      actorUserId: null,
      targetType: "workspace",
      targetId: workspace.id,
      metadata: {
        requestedBy: workspace.deletionRequestedBy,
        requestedAt: workspace.deletionRequestedAt?.toISOString() ?? null,
        chainHeadSeq: head?.seq ?? null,
        chainHeadHash: head?.hash ?? null,
      },
    });
    purged.push(workspace.id);
  }
  return { purged, unfinished };
}

/** Deletes the workspace's R2 objects page by page; false when the budget ran out first. */
async function purgeFiles(env: Env, workspaceId: string, deadline: number): Promise<boolean> {
  const prefix = `ws/${workspaceId}/`;
  for (;;) {
    if (Date.now() > deadline) return false;
    const page = await env.FILES.list({ prefix, limit: R2_KEYS_PER_DELETE });
    if (page.objects.length === 0) return true;
    await env.FILES.delete(page.objects.map((object) => object.key));
  }
}

/**
 * Deletes the workspace's rows table by table, a slice at a time. A table whose rows are still referenced by
 * another's (a foreign key without cascade) is skipped in this pass and tried again after the others; rows of
 * tables without a workspace_id of their own go with their parents' cascades. False when the budget ran out.
 */
async function purgeRows(db: Db, workspaceId: string, deadline: number): Promise<boolean> {
  let remaining = workspaceScopedTables();
  while (remaining.length > 0) {
    const blocked: string[] = [];
    for (const table of remaining) {
      for (;;) {
        if (Date.now() > deadline) return false;
        try {
          const result = await db.run(
            sql`delete from ${sql.identifier(table)} where rowid in (select rowid from ${sql.identifier(table)} where workspace_id = ${workspaceId} limit ${ROWS_PER_DELETE})`,
          );
          if ((result.meta?.changes ?? 0) < ROWS_PER_DELETE) break;
        } catch (error) {
          if (!String(error).includes("FOREIGN KEY")) throw error;
          blocked.push(table);
          break;
        }
      }
    }
    // Nothing could move: a reference from outside the workspace holds a row; stop rather than loop forever.
    if (blocked.length === remaining.length) throw new Error(`Purging ${workspaceId} is blocked by foreign keys in ${blocked.join(", ")}`);
    remaining = blocked;
  }
  return true;
}
