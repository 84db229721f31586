import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { meetingRecordingChunks, meetingRecordings } from "../schema";
import { fullPartsReady, receivedRangeOfFirstPart, receivedRangeOfPart, type ByteRange, type PartLayout, PART_BYTES } from "./parts";
import { withDuration } from "./webm-head";

/**
 * The R2 side of a recording (docs/decisions/0028): each chunk is kept as an object of its own until its bytes are in
 * an uploaded part; parts 2, 3, … are uploaded as soon as their bytes have arrived; part 1, which starts with the
 * header, is uploaded when the recording is finished and its duration known. A closed tab loses only the chunk it
 * was sending.
 */
type Recording = typeof meetingRecordings.$inferSelect;
export type UploadedPart = { partNumber: number; etag: string };

export const chunkKey = (recording: Pick<Recording, "storageKey">, seq: number) => `${recording.storageKey}.chunks/${seq}`;

export function layoutOf(recording: Pick<Recording, "headBytes" | "patchedHeadBytes">): PartLayout {
  return { partBytes: PART_BYTES, head: recording.headBytes ?? 0, patchedHead: recording.patchedHeadBytes ?? recording.headBytes ?? 0 };
}

/** The received bytes [start, end), read back from the staged chunks that hold them. */
export async function readReceived(env: Env, db: Db, recording: Recording, range: ByteRange): Promise<Uint8Array> {
  const out = new Uint8Array(Math.max(0, range.end - range.start));
  if (out.length === 0) return out;
  const chunks = await db
    .select()
    .from(meetingRecordingChunks)
    .where(
      and(
        eq(meetingRecordingChunks.recordingId, recording.id),
        lt(meetingRecordingChunks.start, range.end),
        sql`${meetingRecordingChunks.start} + ${meetingRecordingChunks.bytes} > ${range.start}`,
      ),
    )
    .orderBy(asc(meetingRecordingChunks.seq));
  let filled = 0;
  for (const chunk of chunks) {
    const from = Math.max(range.start, chunk.start);
    const to = Math.min(range.end, chunk.start + chunk.bytes);
    if (to <= from) continue;
    const object = await env.FILES.get(chunk.storageKey, { range: { offset: from - chunk.start, length: to - from } });
    if (!object) throw new Error(`Recording ${recording.id}: chunk ${chunk.seq} is missing from R2`);
    out.set(new Uint8Array(await object.arrayBuffer()), from - range.start);
    filled += to - from;
  }
  if (filled !== out.length) throw new Error(`Recording ${recording.id}: ${out.length - filled} bytes of [${range.start}, ${range.end}) are missing`);
  return out;
}

/** Uploads every full part whose bytes have all arrived; returns the parts as they now stand. */
export async function rollFullParts(env: Env, db: Db, recording: Recording, received: number): Promise<UploadedPart[]> {
  const layout = layoutOf(recording);
  const parts = [...recording.parts];
  const ready = fullPartsReady(
    layout,
    received,
    parts.map((p) => p.partNumber),
  );
  if (ready.length === 0 || !recording.r2UploadId) return parts;
  const upload = env.FILES.resumeMultipartUpload(recording.storageKey, recording.r2UploadId);
  for (const partNumber of ready) {
    const bytes = await readReceived(env, db, recording, receivedRangeOfPart(layout, partNumber, received));
    parts.push(await upload.uploadPart(partNumber, bytes));
  }
  await db.update(meetingRecordings).set({ parts }).where(eq(meetingRecordings.id, recording.id));
  await dropConsumedChunks(env, db, recording, parts);
  return parts;
}

/** Chunks wholly inside uploaded parts go (those part 1 needs stay until the end). */
async function dropConsumedChunks(env: Env, db: Db, recording: Recording, parts: readonly UploadedPart[]) {
  const layout = layoutOf(recording);
  const numbers = new Set(parts.map((p) => p.partNumber));
  let through = 1;
  while (numbers.has(through + 1)) through++;
  if (through < 2) return;
  const keepFrom = receivedRangeOfFirstPart(layout, Number.MAX_SAFE_INTEGER).end;
  const uploadedTo = receivedRangeOfPart(layout, through, Number.MAX_SAFE_INTEGER).end;
  const chunks = await db
    .select()
    .from(meetingRecordingChunks)
    .where(and(eq(meetingRecordingChunks.recordingId, recording.id), lt(meetingRecordingChunks.start, uploadedTo)));
  const done = chunks.filter((c) => c.start >= keepFrom && c.start + c.bytes <= uploadedTo);
  if (done.length === 0) return;
  await env.FILES.delete(done.map((c) => c.storageKey));
  await db.delete(meetingRecordingChunks).where(
    and(
      eq(meetingRecordingChunks.recordingId, recording.id),
      inArray(
        meetingRecordingChunks.seq,
        done.map((c) => c.seq),
      ),
    ),
  );
}

/**
 * Uploads what is left (the last part, and part 1 with the duration written into its header) and completes the
 * upload. Returns the finished object's size.
 */
export async function finishUpload(env: Env, db: Db, recording: Recording): Promise<number> {
  if (!recording.r2UploadId) throw new Error(`Recording ${recording.id} has no upload`);
  const layout = layoutOf(recording);
  const received = recording.bytes;
  const parts = await rollFullParts(env, db, recording, received);
  const upload = env.FILES.resumeMultipartUpload(recording.storageKey, recording.r2UploadId);
  const size = received + (layout.patchedHead - layout.head);
  const count = Math.max(1, Math.ceil(size / layout.partBytes));
  for (let partNumber = 2; partNumber <= count; partNumber++) {
    if (parts.some((p) => p.partNumber === partNumber)) continue;
    parts.push(await upload.uploadPart(partNumber, await readReceived(env, db, recording, receivedRangeOfPart(layout, partNumber, received))));
  }
  const head = await withDuration(await readReceived(env, db, recording, { start: 0, end: layout.head }), recording.durationMs);
  if (head.length !== layout.patchedHead) throw new Error(`Recording ${recording.id}: the header came out ${head.length} bytes, not ${layout.patchedHead}`);
  const rest = await readReceived(env, db, recording, receivedRangeOfFirstPart(layout, received));
  const first = new Uint8Array(head.length + rest.length);
  first.set(head, 0);
  first.set(rest, head.length);
  parts.push(await upload.uploadPart(1, first));
  parts.sort((a, b) => a.partNumber - b.partNumber);
  await db.update(meetingRecordings).set({ parts }).where(eq(meetingRecordings.id, recording.id));
  await upload.complete(parts);
  return size;
}

/** The finished file's SHA-256, read back from R2 as a stream (the Worker never holds the recording). */
export async function sha256Of(env: Env, key: string): Promise<string> {
  const object = await env.FILES.get(key);
  if (!object) throw new Error(`${key} is missing from R2`);
  const { DigestStream: Digest } = crypto as unknown as { DigestStream: typeof DigestStream };
  const digest = new Digest("SHA-256");
  await object.body.pipeTo(digest);
  return [...new Uint8Array(await digest.digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Every staged chunk of a recording goes (after completion, or when it is abandoned). */
export async function dropAllChunks(env: Env, db: Db, recordingId: string) {
  const chunks = await db
    .select({ key: meetingRecordingChunks.storageKey })
    .from(meetingRecordingChunks)
    .where(eq(meetingRecordingChunks.recordingId, recordingId));
  for (let i = 0; i < chunks.length; i += 1000) await env.FILES.delete(chunks.slice(i, i + 1000).map((c) => c.key));
  await db.delete(meetingRecordingChunks).where(eq(meetingRecordingChunks.recordingId, recordingId));
}
