import { and, eq, inArray } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { Db } from "~/platform/db.server";
import type { RequestContext } from "~/platform/request-context.server";
import type { RecordingView } from "../../../../party/meeting-protocol";
import { requireMeeting, type MeetingScope } from "../access.server";
import { announceRecording, presentPeople } from "../room-link.server";
import { meetingRecordingConsents, meetingRecordings, meetings, type ConsentDecision, type RecordingPolicy } from "../schema";

/**
 * Consent to a recording (issue 20, docs/decisions/0028): the host asks, everyone present when they asked must
 * answer before the first chunk is accepted, and under "require-all" one refusal cancels it. Each answer is kept with
 * the words the person was shown, in their language, and audited. Newcomers are asked on arrival; until they accept,
 * the host's browser leaves them out.
 */
type Recording = typeof meetingRecordings.$inferSelect;

export const ACTIVE_RECORDING = ["consent", "recording", "finishing"] as const;

/** A recording and everyone's answers, as the room shows it. */
export async function recordingView(db: Db, recording: Recording): Promise<RecordingView> {
  const answers = await db
    .select({ userId: meetingRecordingConsents.userId, decision: meetingRecordingConsents.decision, name: users.name })
    .from(meetingRecordingConsents)
    .innerJoin(users, eq(users.id, meetingRecordingConsents.userId))
    .where(and(eq(meetingRecordingConsents.recordingId, recording.id), eq(meetingRecordingConsents.workspaceId, recording.workspaceId)));
  const waitingIds = recording.requiredConsents.filter((id) => !answers.some((a) => a.userId === id));
  const waiting = waitingIds.length ? await db.select({ userId: users.id, name: users.name }).from(users).where(inArray(users.id, waitingIds)) : [];
  return {
    id: recording.id,
    status: recording.status,
    policy: recording.policy,
    startedBy: recording.startedBy,
    durationMs: recording.durationMs,
    documentId: recording.documentId,
    consents: [
      ...answers.map((a) => ({ userId: a.userId, name: a.name, decision: a.decision, required: recording.requiredConsents.includes(a.userId) })),
      ...waiting.map((w) => ({ userId: w.userId, name: w.name, decision: null, required: true })),
    ],
  };
}

export async function announce(ctx: Pick<RequestContext, "env" | "db">, recording: Recording) {
  const view = await recordingView(ctx.db, recording);
  await announceRecording(ctx.env, recording.meetingId, view);
  return view;
}

/** Whether every required person has answered and, under "require-all", agreed. */
export function consentsComplete(recording: Pick<Recording, "requiredConsents" | "policy">, answers: { userId: string; decision: ConsentDecision }[]) {
  return recording.requiredConsents.every((id) => {
    const answer = answers.find((a) => a.userId === id);
    return answer && (recording.policy === "exclude-decliners" || answer.decision === "accept");
  });
}

export async function loadRecording(ctx: RequestContext, scope: MeetingScope, meetingId: string, recordingId: string) {
  const recording = isUuid(recordingId)
    ? await ctx.db
        .select()
        .from(meetingRecordings)
        .where(and(eq(meetingRecordings.id, recordingId), eq(meetingRecordings.meetingId, meetingId), eq(meetingRecordings.workspaceId, scope.workspaceId)))
        .get()
    : undefined;
  if (!recording) throw new Refusal(404, "errors.recordingNotFound");
  return recording;
}

/**
 * The meeting for someone the host let in from the lobby and who is there now, or else for its host and invitees
 * (requireMeeting: a 404, audited, for anyone else).
 */
async function meetingForParticipant(ctx: RequestContext, scope: MeetingScope, meetingId: string) {
  if (isUuid(meetingId) && (await presentPeople(ctx.env, meetingId)).some((p) => p.userId === scope.userId)) {
    const meeting = await ctx.db
      .select()
      .from(meetings)
      .where(and(eq(meetings.id, meetingId), eq(meetings.workspaceId, scope.workspaceId)))
      .get();
    if (meeting) return meeting;
  }
  return requireMeeting(ctx, scope, meetingId);
}

/** POST /api/meetings/{id}/recordings: the host asks everyone present; the host's own consent is the asking. */
export async function requestRecording(ctx: RequestContext, scope: MeetingScope, meetingId: string, input: { policy: RecordingPolicy }, consentText: string) {
  const meeting = await requireMeeting(ctx, scope, meetingId);
  if (meeting.hostUserId !== scope.userId) throw new Refusal(403, "errors.onlyHostRecords");
  if (meeting.status !== "live") throw new Refusal(409, "errors.recordingNeedsLiveMeeting");
  const active = await ctx.db
    .select({ id: meetingRecordings.id })
    .from(meetingRecordings)
    .where(and(eq(meetingRecordings.meetingId, meeting.id), inArray(meetingRecordings.status, [...ACTIVE_RECORDING])))
    .get();
  if (active) throw new Refusal(409, "errors.recordingInProgress");
  const present = await presentPeople(ctx.env, meeting.id);
  if (!present.some((p) => p.userId === scope.userId)) throw new Refusal(409, "errors.recordingHostAbsent");
  const id = crypto.randomUUID();
  const documentId = crypto.randomUUID();
  const now = new Date();
  const recording: Recording = {
    id,
    meetingId: meeting.id,
    workspaceId: scope.workspaceId,
    status: "consent",
    policy: input.policy,
    requiredConsents: present.map((p) => p.userId),
    r2UploadId: null,
    storageKey: `ws/${scope.workspaceId}/documents/${documentId}/${crypto.randomUUID()}.webm`,
    nextChunk: 1,
    parts: [],
    bytes: 0,
    headBytes: null,
    patchedHeadBytes: null,
    durationMs: 0,
    lastChunkAt: null,
    sha256: null,
    startedBy: scope.userId,
    startedAt: now,
    completedAt: null,
    documentId: null,
  };
  await ctx.db.batch([
    ctx.db.insert(meetingRecordings).values(recording),
    ctx.db
      .insert(meetingRecordingConsents)
      .values({ recordingId: id, userId: scope.userId, workspaceId: scope.workspaceId, decision: "accept", decidedAt: now, textAgreed: consentText }),
  ]);
  await ctx.audit({
    action: "meeting.recording_requested",
    workspaceId: scope.workspaceId,
    actorUserId: scope.userId,
    targetType: "meeting",
    targetId: meeting.id,
    metadata: { recordingId: id, policy: input.policy, asked: present.length },
  });
  return { recording: await announce(ctx, recording) };
}

/** POST /api/meetings/{id}/recordings/{recordingId}/consent: accept or decline (again, to withdraw). */
export async function answerConsent(
  ctx: RequestContext,
  scope: MeetingScope,
  meetingId: string,
  recordingId: string,
  input: { decision: ConsentDecision },
  consentText: string,
) {
  const meeting = await meetingForParticipant(ctx, scope, meetingId);
  const recording = await loadRecording(ctx, scope, meeting.id, recordingId);
  if (recording.status !== "consent" && recording.status !== "recording") throw new Refusal(409, "errors.recordingOver");
  const now = new Date();
  const cancels = recording.policy === "require-all" && input.decision === "decline" && recording.status === "consent";
  await ctx.db
    .insert(meetingRecordingConsents)
    .values({
      recordingId: recording.id,
      userId: scope.userId,
      workspaceId: scope.workspaceId,
      decision: input.decision,
      decidedAt: now,
      textAgreed: consentText,
    })
    .onConflictDoUpdate({
      target: [meetingRecordingConsents.recordingId, meetingRecordingConsents.userId],
      set: { decision: input.decision, decidedAt: now, textAgreed: consentText },
    });
  await ctx.audit({
    action: "meeting.recording_consent",
    workspaceId: scope.workspaceId,
    actorUserId: scope.userId,
    targetType: "meeting",
    targetId: meeting.id,
    metadata: { recordingId: recording.id, decision: input.decision, text: consentText },
  });
  let current = recording;
  if (cancels) {
    await ctx.db
      .update(meetingRecordings)
      .set({ status: "cancelled", completedAt: now })
      .where(and(eq(meetingRecordings.id, recording.id), eq(meetingRecordings.status, "consent")));
    await ctx.audit({
      action: "meeting.recording_cancelled",
      workspaceId: scope.workspaceId,
      actorUserId: scope.userId,
      targetType: "meeting",
      targetId: meeting.id,
      metadata: { recordingId: recording.id, reason: "declined" },
    });
    current = { ...recording, status: "cancelled", completedAt: now };
  }
  return { recording: await announce(ctx, current) };
}
