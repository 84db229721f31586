import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import { documents } from "~/modules/documents/schema";
import { removeDocument } from "~/modules/documents/service.server";
import { workspaces } from "~/modules/workspaces/schema";
import { createDb, type Db } from "~/platform/db.server";
import type { RequestContext } from "~/platform/request-context.server";
import type { MeetingScope } from "../access.server";
import { meetingRecordings, meetingSettings } from "../schema";

/**
 * Recording retention as the owner sets it (issue 20): recordings are documents of type "recording"; once older than
 * the workspace's rule the cron deletes them, the document with every version's file, each deletion audited with the
 * recording's SHA-256. No rule (null) keeps them until someone deletes them.
 */
const DAY_MS = 86_400_000;
/** A run deletes at most this many, within this long; the rest waits for the next run (15 minutes later). */
const PURGE_BATCH = 50;
const PURGE_BUDGET_MS = 8_000;

export interface RetentionRule {
  recordingRetentionDays: number | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

export async function retentionRule(db: Db, workspaceId: string): Promise<RetentionRule> {
  const row = await db
    .select({ days: meetingSettings.recordingRetentionDays, updatedAt: meetingSettings.updatedAt, updatedBy: users.name })
    .from(meetingSettings)
    .leftJoin(users, eq(users.id, meetingSettings.updatedBy))
    .where(eq(meetingSettings.workspaceId, workspaceId))
    .get();
  return { recordingRetentionDays: row?.days ?? null, updatedAt: row?.updatedAt.toISOString() ?? null, updatedBy: row?.updatedBy ?? null };
}

/** The owner's change (the route checks the role); audited with the rule before and after when it changes. */
export async function setRetention(ctx: RequestContext, scope: MeetingScope, days: number | null): Promise<RetentionRule> {
  const before = await retentionRule(ctx.db, scope.workspaceId);
  const now = new Date();
  const save = ctx.db
    .insert(meetingSettings)
    .values({ workspaceId: scope.workspaceId, recordingRetentionDays: days, updatedBy: scope.userId, updatedAt: now })
    .onConflictDoUpdate({ target: meetingSettings.workspaceId, set: { recordingRetentionDays: days, updatedBy: scope.userId, updatedAt: now } });
  // A change is written with its audit entry (both or neither); saving the same rule again is not a change.
  if (before.recordingRetentionDays === days) await save;
  else
    await ctx.db.batch([
      save,
      ctx.auditStatement({
        action: "meeting.retention_changed",
        workspaceId: scope.workspaceId,
        actorUserId: scope.userId,
        targetType: "workspace",
        targetId: scope.workspaceId,
        metadata: { from: before.recordingRetentionDays, to: days },
      }),
    ]);
  return retentionRule(ctx.db, scope.workspaceId);
}

/** When a recording filed at `createdAt` is deleted under a rule of `days` (null: never). */
export function deletionDate(createdAt: Date, days: number | null): Date | null {
  return days === null ? null : new Date(createdAt.getTime() + days * DAY_MS);
}

/** When the cron will delete this recording under the workspace's current rule (ISO), or null if it is kept. */
export async function recordingDeletionDate(db: Db, document: { workspaceId: string; createdAt: Date }): Promise<string | null> {
  const rule = await retentionRule(db, document.workspaceId);
  return deletionDate(document.createdAt, rule.recordingRetentionDays)?.toISOString() ?? null;
}

/**
 * Cron: recordings older than their workspace's rule are deleted, the oldest first, a batch per run within a time
 * budget. Idempotent: what a run deleted is no longer found; what it did not reach, the next run finds.
 * The documents module has no legal hold yet: when it gets one, held documents must be left out here.
 */
export async function purgeExpiredRecordings(env: Env, now: Date) {
  const db = createDb(env.DB);
  const deadline = Date.now() + PURGE_BUDGET_MS;
  const due = await db
    .select({
      id: documents.id,
      workspaceId: documents.workspaceId,
      storageKey: documents.storageKey,
      thumbnailKey: documents.thumbnailKey,
      sha256: documents.sha256,
      createdAt: documents.createdAt,
      days: meetingSettings.recordingRetentionDays,
      meetingId: meetingRecordings.meetingId,
    })
    .from(meetingSettings)
    // A workspace waiting to be purged is left alone, as every cron leaves it (it may be restored as it was).
    .innerJoin(workspaces, and(eq(workspaces.id, meetingSettings.workspaceId), isNull(workspaces.deletionRequestedAt)))
    .innerJoin(documents, eq(documents.workspaceId, meetingSettings.workspaceId))
    .leftJoin(meetingRecordings, eq(meetingRecordings.documentId, documents.id))
    .where(
      and(
        isNotNull(meetingSettings.recordingRetentionDays),
        eq(documents.type, "recording"),
        sql`${documents.createdAt} < ${now.getTime()} - ${meetingSettings.recordingRetentionDays} * ${DAY_MS}`,
      ),
    )
    .orderBy(asc(documents.createdAt))
    .limit(PURGE_BATCH);
  let purged = 0;
  for (const recording of due) {
    if (Date.now() > deadline) break;
    try {
      await removeDocument(db, env.FILES, recording, {
        action: "meeting.recording_purged",
        workspaceId: recording.workspaceId,
        actorUserId: null,
        targetType: recording.meetingId ? "meeting" : "document",
        targetId: recording.meetingId ?? recording.id,
        metadata: {
          documentId: recording.id,
          meetingId: recording.meetingId,
          sha256: recording.sha256,
          retentionDays: recording.days,
          filedAt: recording.createdAt.toISOString(),
        },
      });
      purged++;
    } catch (error) {
      console.error(`Recording document ${recording.id} not purged`, error);
    }
  }
  return { purged, left: due.length - purged };
}
