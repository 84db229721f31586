import { and, eq, inArray, lt, or, isNull } from "drizzle-orm";
import { serverT } from "~/i18n.server";
import { users } from "~/modules/auth/schema";
import { recordAudit } from "~/modules/audit/audit.server";
import { documents, documentVersions } from "~/modules/documents/schema";
import { createDb, type Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { requireMeeting, type MeetingScope } from "../access.server";
import { meetingRecordingChunks, meetingRecordingConsents, meetingRecordings, meetings } from "../schema";
import { announce, consentsComplete, loadRecording } from "./consent.server";
import { withDuration, webmHeadLength } from "./webm-head";
import { chunkKey, dropAllChunks, finishUpload, rollFullParts, sha256Of } from "./store.server";

/**
 * The recording's bytes (issue 20, docs/decisions/0028): the host's browser sends MediaRecorder's chunks in order
 * while recording; the first is taken only once everyone has answered; the recording is finished by the host, by the
 * meeting's end, or by the cron when the host's tab went away, and becomes a document of type "recording" whose
 * SHA-256 is in the audit log.
 */
type Recording = typeof meetingRecordings.$inferSelect;

/** A chunk is a few seconds of media; anything much larger is not what the page sends. */
export const MAX_CHUNK_BYTES = 16 * 1024 * 1024;
/** A recording that has had no chunk for this long was left (a closed tab): the cron finishes it with what arrived. */
export const ABANDONED_AFTER_MS = 10 * 60 * 1000;

export interface ChunkInput {
  seq: number;
  body: ReadableStream<Uint8Array> | null;
  contentLength: number | null;
  /** How long the recording is at the end of this chunk, as the recording browser counts it. */
  elapsedMs: number;
}

async function requireRecorder(ctx: RequestContext, scope: MeetingScope, meetingId: string, recordingId: string) {
  const meeting = await requireMeeting(ctx, scope, meetingId);
  const recording = await loadRecording(ctx, scope, meeting.id, recordingId);
  if (recording.startedBy !== scope.userId) throw new Refusal(403, "errors.onlyHostRecords");
  return { meeting, recording };
}

/**
 * Reads a body we do not need to its end. Cancelling it instead left wrangler's local proxy with a broken connection,
 * and the next request on it (the recording's `complete`) was answered 503 "worker restarted mid-request".
 */
async function drain(body: ReadableStream<Uint8Array> | null) {
  if (!body) return;
  const reader = body.getReader();
  while (!(await reader.read()).done) {
    // discarded: the chunk was already received
  }
}

/** PUT /api/meetings/{id}/recordings/{recordingId}/chunks/{seq}: the next chunk, or the last one again (a retry). */
export async function receiveChunk(ctx: RequestContext, scope: MeetingScope, meetingId: string, recordingId: string, input: ChunkInput) {
  const { recording } = await requireRecorder(ctx, scope, meetingId, recordingId);
  if (recording.status !== "consent" && recording.status !== "recording") throw new Refusal(409, "errors.recordingOver");
  if (input.seq === recording.nextChunk - 1 && input.seq >= 1) {
    await drain(input.body);
    return { received: input.seq, bytes: recording.bytes, duplicate: true };
  }
  if (input.seq !== recording.nextChunk) throw new Refusal(409, "errors.chunkOutOfOrder", { expected: recording.nextChunk });
  if (input.contentLength === null) throw new Refusal(411, "errors.lengthRequired");
  if (input.contentLength === 0 || !input.body) throw new Refusal(400, "errors.emptyChunk");
  if (input.contentLength > MAX_CHUNK_BYTES) throw new Refusal(413, "errors.chunkTooLarge", { mb: MAX_CHUNK_BYTES / (1024 * 1024) });
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await new Response(input.body).arrayBuffer());
  } catch {
    throw new Refusal(400, "errors.uploadInterrupted");
  }
  if (bytes.length !== input.contentLength) throw new Refusal(400, "errors.uploadInterrupted");

  let starting: Partial<Recording> = {};
  if (input.seq === 1) starting = await startUpload(ctx, recording, bytes);
  const key = chunkKey(recording, input.seq);
  await ctx.env.FILES.put(key, bytes);
  const now = new Date();
  const received = recording.bytes + bytes.length;
  const [, updated] = await ctx.db.batch([
    ctx.db
      .insert(meetingRecordingChunks)
      .values({ recordingId: recording.id, seq: input.seq, workspaceId: recording.workspaceId, start: recording.bytes, bytes: bytes.length, storageKey: key })
      .onConflictDoNothing(),
    ctx.db
      .update(meetingRecordings)
      .set({ ...starting, nextChunk: input.seq + 1, bytes: received, durationMs: Math.max(recording.durationMs, input.elapsedMs), lastChunkAt: now })
      .where(and(eq(meetingRecordings.id, recording.id), eq(meetingRecordings.nextChunk, input.seq)))
      .returning(),
  ]);
  const current = updated[0];
  if (!current) throw new Refusal(409, "errors.chunkOutOfOrder", { expected: input.seq + 1 });
  const parts = await rollFullParts(ctx.env, ctx.db, current, received);
  if (input.seq === 1) await announce(ctx, current);
  return { received: input.seq, bytes: received, parts: parts.length, duplicate: false };
}

/** The first chunk: everyone must have answered, and it must be the start of a WebM file (its header is kept for last). */
async function startUpload(ctx: RequestContext, recording: Recording, bytes: Uint8Array): Promise<Partial<Recording>> {
  const answers = await ctx.db
    .select({ userId: meetingRecordingConsents.userId, decision: meetingRecordingConsents.decision })
    .from(meetingRecordingConsents)
    .where(eq(meetingRecordingConsents.recordingId, recording.id));
  if (!consentsComplete(recording, answers)) throw new Refusal(409, "errors.consentMissing");
  const head = webmHeadLength(bytes);
  if (head === null) throw new Refusal(422, "errors.notWebm");
  const patched = await withDuration(bytes.subarray(0, head), 1);
  const upload = await ctx.env.FILES.createMultipartUpload(recording.storageKey, {
    httpMetadata: { contentType: "video/webm" },
    customMetadata: { workspaceId: recording.workspaceId, meetingId: recording.meetingId, recordingId: recording.id },
  });
  return { status: "recording", r2UploadId: upload.uploadId, headBytes: head, patchedHeadBytes: patched.length };
}

/** POST …/complete: the host stopped recording. */
export async function completeRecording(ctx: RequestContext, scope: MeetingScope, meetingId: string, recordingId: string, input: { durationMs?: number }) {
  const { recording } = await requireRecorder(ctx, scope, meetingId, recordingId);
  if (recording.status === "complete") return { recording: await announce(ctx, recording) };
  if (recording.status !== "recording" && recording.status !== "consent") throw new Refusal(409, "errors.recordingOver");
  const withLength = input.durationMs ? { ...recording, durationMs: Math.max(recording.durationMs, input.durationMs) } : recording;
  const finished = await finishRecording(ctx.env, ctx.db, withLength, scope.userId);
  return { recording: await announce(ctx, finished) };
}

/** POST …/cancel: the host withdraws the request before anything was recorded. */
export async function cancelRecording(ctx: RequestContext, scope: MeetingScope, meetingId: string, recordingId: string) {
  const { recording } = await requireRecorder(ctx, scope, meetingId, recordingId);
  if (recording.status !== "consent") throw new Refusal(409, "errors.recordingOver");
  const finished = await finishRecording(ctx.env, ctx.db, recording, scope.userId);
  return { recording: await announce(ctx, finished) };
}

/**
 * Finishes a recording whoever asks (the host, the meeting's end, the cron): one of them claims it; what arrived is
 * completed into one file, filed as a document and its hash audited. A request still waiting for consent is cancelled;
 * one that got no bytes is aborted.
 */
export async function finishRecording(env: Env, db: Db, recording: Recording, actorUserId: string | null, recover = false): Promise<Recording> {
  const now = new Date();
  if (recording.status === "consent" || (recording.status === "recording" && recording.bytes === 0)) {
    const status = recording.status === "consent" ? ("cancelled" as const) : ("aborted" as const);
    await db.update(meetingRecordings).set({ status, completedAt: now }).where(eq(meetingRecordings.id, recording.id));
    if (recording.r2UploadId) await env.FILES.resumeMultipartUpload(recording.storageKey, recording.r2UploadId).abort();
    await auditRecording(db, recording, actorUserId, "meeting.recording_cancelled", { reason: status });
    return { ...recording, status, completedAt: now };
  }
  const claimed = await db
    .update(meetingRecordings)
    .set({ status: "finishing", durationMs: recording.durationMs })
    // The cron may take over a finish that died half-way (the Worker restarted): its chunks and parts are still there.
    .where(and(eq(meetingRecordings.id, recording.id), inArray(meetingRecordings.status, recover ? ["recording", "finishing"] : ["recording"])))
    .returning();
  if (!claimed[0]) throw new Refusal(409, "errors.recordingOver");
  try {
    const size = await finishUpload(env, db, claimed[0]);
    const sha256 = await sha256Of(env, recording.storageKey);
    const documentId = recording.storageKey.split("/")[3];
    const title = await recordingTitle(db, recording);
    const versionId = crypto.randomUUID();
    const fileName = `${title.replace(/[\\/:*?"<>|]+/g, "-").slice(0, 200)}.webm`;
    const owner = recording.startedBy;
    await db.batch([
      db.insert(documents).values({
        id: documentId,
        workspaceId: recording.workspaceId,
        title,
        type: "recording",
        status: "completed",
        fileName,
        mimeType: "video/webm",
        sizeBytes: size,
        storageKey: recording.storageKey,
        uploadedBy: owner,
        createdAt: now,
        updatedAt: now,
        sha256,
        currentVersionId: versionId,
        currentVersionNumber: 1,
      }),
      db.insert(documentVersions).values({
        id: versionId,
        documentId,
        workspaceId: recording.workspaceId,
        number: 1,
        fileName,
        mimeType: "video/webm",
        sizeBytes: size,
        sha256,
        storageKey: recording.storageKey,
        source: "recording",
        createdBy: owner,
        createdAt: now,
      }),
      db.update(meetingRecordings).set({ status: "complete", sha256, documentId, completedAt: now }).where(eq(meetingRecordings.id, recording.id)),
    ]);
    await auditRecording(db, recording, actorUserId, "meeting.recording_completed", { documentId, sha256, bytes: size, durationMs: recording.durationMs });
    await dropAllChunks(env, db, recording.id);
    return { ...claimed[0], status: "complete", sha256, documentId, completedAt: now };
  } catch (error) {
    // Nothing is lost: the chunks stay, and the next attempt (the host again, or the cron) starts from them.
    await db.update(meetingRecordings).set({ status: "recording" }).where(eq(meetingRecordings.id, recording.id));
    throw error;
  }
}

async function recordingTitle(db: Db, recording: Recording): Promise<string> {
  const [meeting, starter] = await db.batch([
    db.select({ title: meetings.title }).from(meetings).where(eq(meetings.id, recording.meetingId)),
    db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, recording.startedBy ?? "")),
  ]);
  const t = serverT("meetings", starter[0]?.language ?? "en");
  return t("recording.documentTitle", { title: meeting[0]?.title ?? "", date: recording.startedAt.toISOString().slice(0, 10) });
}

function auditRecording(db: Db, recording: Recording, actorUserId: string | null, action: string, metadata: Record<string, unknown>) {
  return recordAudit(db, {
    action,
    workspaceId: recording.workspaceId,
    actorUserId,
    targetType: "meeting",
    targetId: recording.meetingId,
    metadata: { recordingId: recording.id, ...metadata },
  });
}

/** The meeting ended: its recordings are finished (or cancelled) with what arrived. */
export async function finishMeetingRecordings(env: Env, db: Db, meetingId: string, actorUserId: string | null) {
  const open = await db
    .select()
    .from(meetingRecordings)
    .where(and(eq(meetingRecordings.meetingId, meetingId), inArray(meetingRecordings.status, ["consent", "recording"])));
  for (const recording of open)
    await finishRecording(env, db, recording, actorUserId).catch((error) => console.error(`Recording ${recording.id} not finished`, error));
}

/** Cron: recordings whose host's tab went away are finished with what arrived; requests nobody answered are cancelled. */
export async function finishAbandonedRecordings(env: Env, now: Date) {
  const db = createDb(env.DB);
  const before = new Date(now.getTime() - ABANDONED_AFTER_MS);
  const stale = await db
    .select()
    .from(meetingRecordings)
    .where(
      or(
        and(inArray(meetingRecordings.status, ["recording", "finishing"]), lt(meetingRecordings.lastChunkAt, before)),
        and(eq(meetingRecordings.status, "consent"), isNull(meetingRecordings.lastChunkAt), lt(meetingRecordings.startedAt, before)),
      ),
    )
    .limit(20);
  let finished = 0;
  for (const recording of stale) {
    await finishRecording(env, db, recording, null, true).then(
      () => finished++,
      (error) => console.error(`Recording ${recording.id} not finished`, error),
    );
  }
  return { finished };
}
