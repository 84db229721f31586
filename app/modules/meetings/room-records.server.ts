import { and, eq, gt, isNull } from "drizzle-orm";
import { sessions } from "~/modules/auth/schema";
import { recordAudit } from "~/modules/audit/audit.server";
import { createDb } from "~/platform/db.server";
import { meetingAttendance, meetingChatMessages, meetings } from "./schema";

/**
 * What a meeting's room (party/meeting-room.ts) writes to D1: who joined and left when, and the chat. The room's
 * connections carry the workspace the Worker verified, so every row is the meeting's own workspace's.
 */
export interface RoomPerson {
  meetingId: string;
  workspaceId: string;
  userId: string;
  name: string;
}

/** Whether the session a socket was opened with still holds (not signed out, not expired). */
export async function sessionIsOpen(env: Env, sessionId: string): Promise<boolean> {
  const db = createDb(env.DB);
  const row = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .get();
  return row !== undefined;
}

/** A stay begins: the attendance row, the meeting live from its first arrival, and the audit entry. */
export async function recordJoin(env: Env, person: RoomPerson, attendance: { id: string; at: Date; e2ee: boolean }) {
  const db = createDb(env.DB);
  await db.batch([
    db.insert(meetingAttendance).values({
      id: attendance.id,
      meetingId: person.meetingId,
      workspaceId: person.workspaceId,
      userId: person.userId,
      name: person.name,
      joinedAt: attendance.at,
      e2ee: attendance.e2ee,
    }),
    db
      .update(meetings)
      .set({ status: "live", startedAt: attendance.at })
      .where(and(eq(meetings.id, person.meetingId), eq(meetings.workspaceId, person.workspaceId), eq(meetings.status, "scheduled"))),
  ]);
  await recordAudit(db, {
    action: "meeting.joined",
    workspaceId: person.workspaceId,
    actorUserId: person.userId,
    targetType: "meeting",
    targetId: person.meetingId,
    metadata: { e2ee: attendance.e2ee },
  });
}

/** A stay ends (left, removed, access ended, or the meeting ended). */
export async function recordLeave(env: Env, person: Pick<RoomPerson, "workspaceId">, attendanceId: string, at: Date) {
  const db = createDb(env.DB);
  await db
    .update(meetingAttendance)
    .set({ leftAt: at })
    .where(and(eq(meetingAttendance.id, attendanceId), eq(meetingAttendance.workspaceId, person.workspaceId), isNull(meetingAttendance.leftAt)));
}

export async function recordChat(env: Env, person: RoomPerson, message: { id: string; text: string; at: Date }) {
  await createDb(env.DB).insert(meetingChatMessages).values({
    id: message.id,
    meetingId: person.meetingId,
    workspaceId: person.workspaceId,
    userId: person.userId,
    name: person.name,
    text: message.text,
    createdAt: message.at,
  });
}

/** The host removed someone: on the record, as any other refusal of access. */
export async function recordRemoval(env: Env, host: RoomPerson, removedUserId: string) {
  await recordAudit(createDb(env.DB), {
    action: "meeting.participant_removed",
    workspaceId: host.workspaceId,
    actorUserId: host.userId,
    targetType: "meeting",
    targetId: host.meetingId,
    metadata: { removedUserId },
  });
}

/** The host turned someone away at the lobby: who, and who decided (letting in shows as their `meeting.joined`). */
export async function recordDenial(env: Env, host: RoomPerson, deniedUserId: string) {
  await recordAudit(createDb(env.DB), {
    action: "meeting.lobby_denied",
    workspaceId: host.workspaceId,
    actorUserId: host.userId,
    targetType: "meeting",
    targetId: host.meetingId,
    metadata: { deniedUserId },
  });
}
