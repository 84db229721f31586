import { and, desc, eq, inArray, isNotNull, lt } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { workspaceExports } from "~/modules/workspaces/schema";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";

/**
 * How long a finished export can be downloaded (ADR 0024): long enough for an owner told on a Friday to fetch it the
 * next week, short enough that a copy of every document does not linger in storage after it has been taken away.
 */
export const EXPORT_TTL_MS = 7 * 86_400_000;
const STALE_MS = 86_400_000;
/** How many of the latest exports the panel lists. */
export const EXPORT_LIST_LIMIT = 5;

export type ExportRow = typeof workspaceExports.$inferSelect;

export interface ExportView {
  id: string;
  status: ExportRow["status"];
  filesDone: number;
  filesTotal: number;
  sizeBytes: number | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
  /** Ready and not yet expired: the link to download it; null otherwise. */
  downloadUrl: string | null;
  expired: boolean;
}

export const exportKey = (workspaceId: string, id: string) => `ws/${workspaceId}/exports/${id}.zip`;

export function toView(row: ExportRow, now = Date.now()): ExportView {
  const expired = row.status === "ready" && (!row.storageKey || (row.expiresAt != null && row.expiresAt.getTime() <= now));
  return {
    id: row.id,
    status: row.status,
    filesDone: row.filesDone,
    filesTotal: row.filesTotal,
    sizeBytes: row.sizeBytes,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadUrl: row.status === "ready" && !expired ? `/api/workspaces/export/${row.id}/download` : null,
    expired,
  };
}

/** Only the workspace's owner exports it: the archive holds every document, message and ballot. */
export function requireOwner(session: CurrentSession): { workspaceId: string; userId: string } {
  if (!session.workspace) throw new Refusal(403, "errors.noWorkspace");
  if (session.workspace.role !== "owner") throw new Refusal(403, "errors.onlyOwner");
  return { workspaceId: session.workspace.id, userId: session.user.id };
}

/**
 * POST /api/workspaces/export: queues an export of the whole workspace. While one is queued or running, asking again
 * answers that one rather than starting a second copy.
 */
export async function requestExport(ctx: RequestContext, session: CurrentSession): Promise<{ jobId: string; status: ExportRow["status"] }> {
  const { workspaceId, userId } = requireOwner(session);
  const pending = await ctx.db
    .select()
    .from(workspaceExports)
    .where(and(eq(workspaceExports.workspaceId, workspaceId), inArray(workspaceExports.status, ["queued", "running"])))
    .orderBy(desc(workspaceExports.createdAt))
    .limit(1)
    .get();
  if (pending) return { jobId: pending.id, status: pending.status };
  const id = crypto.randomUUID();
  await ctx.db.insert(workspaceExports).values({ id, workspaceId, requestedBy: userId, status: "queued", createdAt: new Date() });
  await ctx.env.JOBS.send({ type: "workspace.export", exportId: id });
  await ctx.audit({ action: "workspace.export_requested", workspaceId, actorUserId: userId, targetType: "workspace_export", targetId: id });
  return { jobId: id, status: "queued" };
}

/**
 * The export for the person who asked for it, while they are still the workspace's owner; anyone else (another
 * member, a former owner, someone removed) gets the same 404 as for an id that does not exist.
 */
export async function requireOwnExport(db: Db, session: CurrentSession, id: string): Promise<ExportRow> {
  const workspace = session.workspace;
  const row = isUuid(id) ? await db.select().from(workspaceExports).where(eq(workspaceExports.id, id)).get() : undefined;
  if (!row || !workspace || row.workspaceId !== workspace.id || row.requestedBy !== session.user.id || workspace.role !== "owner") {
    throw new Refusal(404, "errors.exportNotFound");
  }
  return row;
}

/** The latest exports this owner asked for in the current workspace, newest first. */
export async function listExports(db: Db, session: CurrentSession): Promise<ExportView[]> {
  const { workspaceId, userId } = requireOwner(session);
  const rows = await db
    .select()
    .from(workspaceExports)
    .where(and(eq(workspaceExports.workspaceId, workspaceId), eq(workspaceExports.requestedBy, userId)))
    .orderBy(desc(workspaceExports.createdAt))
    .limit(EXPORT_LIST_LIMIT)
    .all();
  return rows.map((row) => toView(row));
}

/** The finished archive as a download, only while it has not expired (404 after, with its own sentence). */
export async function openDownload(ctx: RequestContext, session: CurrentSession, id: string): Promise<{ row: ExportRow; object: R2ObjectBody }> {
  const row = await requireOwnExport(ctx.db, session, id);
  if (row.status !== "ready") throw new Refusal(404, "errors.exportNotReady");
  if (!row.storageKey || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) throw new Refusal(404, "errors.exportExpired");
  const object = await ctx.env.FILES.get(row.storageKey);
  if (!object) throw new Refusal(404, "errors.exportExpired");
  await ctx.audit({
    action: "workspace.export_downloaded",
    workspaceId: row.workspaceId,
    actorUserId: session.user.id,
    targetType: "workspace_export",
    targetId: row.id,
    metadata: { sizeBytes: row.sizeBytes },
  });
  return { row, object };
}

/**
 * Cron: the archives of expired exports are deleted from R2; their rows stay (without a key) as the history of who
 * exported what and when.
 */
export async function deleteExpiredExports(env: Env, db: Db, now: Date): Promise<number> {
  const expired = await db
    .select({ id: workspaceExports.id, storageKey: workspaceExports.storageKey })
    .from(workspaceExports)
    .where(and(isNotNull(workspaceExports.storageKey), lt(workspaceExports.expiresAt, now)))
    .limit(200)
    .all();
  for (const row of expired) {
    await env.FILES.delete(row.storageKey!);
    await db.update(workspaceExports).set({ storageKey: null }).where(eq(workspaceExports.id, row.id));
  }
  // A run the queue gave up on (its retries spent, or the Worker stopped) would otherwise keep "running" for ever and
  // stand in for every new request; a day is far beyond the longest export.
  await db
    .update(workspaceExports)
    .set({ status: "failed", error: "The export did not finish", finishedAt: now })
    .where(and(inArray(workspaceExports.status, ["queued", "running"]), lt(workspaceExports.createdAt, new Date(now.getTime() - STALE_MS))));
  return expired.length;
}
