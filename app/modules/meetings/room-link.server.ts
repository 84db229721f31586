import { roomCall } from "~/platform/answer-within";
import type { PublishedTrack, RecordingView } from "../../../party/meeting-protocol";
/**
 * The Worker's calls into a meeting's room (party/meeting-room.ts), straight to the Durable Object by name as the
 * user rooms are called (ADR 0008). Best effort: a room that cannot be reached holds no socket anyone could still use
 * after the meeting's row says otherwise, since every new connection is checked against D1 first.
 */
function roomOf(env: Env, meetingId: string) {
  return env.MeetingRoom.get(env.MeetingRoom.idFromName(meetingId));
}

/** Who is in the meeting's room now (empty when it cannot be reached). */
export async function presentPeople(env: Env, meetingId: string): Promise<{ userId: string; name: string }[]> {
  try {
    return await roomCall(`meeting ${meetingId}`, roomOf(env, meetingId).presentPeople());
  } catch (error) {
    console.warn(`Could not ask the room of meeting ${meetingId} who is there`, error);
    return [];
  }
}

/** A recording changed: the room tells everyone in it. */
export async function announceRecording(env: Env, meetingId: string, recording: RecordingView): Promise<void> {
  await roomCall(`meeting ${meetingId}`, roomOf(env, meetingId).announceRecording(recording)).catch((error: unknown) =>
    console.warn(`Could not tell the room of meeting ${meetingId} about its recording`, error),
  );
}

/** The meeting ended: its room tells everyone and closes every socket. */
export async function endRoom(env: Env, meetingId: string): Promise<number> {
  try {
    return await roomCall(`meeting ${meetingId}`, roomOf(env, meetingId).endMeeting());
  } catch (error) {
    console.warn(`Could not close the room of meeting ${meetingId}`, error);
    return 0;
  }
}

/** Sessions ended (signed out, password changed): the sockets opened with them in these meetings close with 4001. */
export async function endMeetingSessions(env: Env, meetingIds: readonly string[], sessionIds: string[]): Promise<number> {
  const closed = await Promise.all(
    meetingIds.map((id) =>
      roomCall(`meeting ${id}`, roomOf(env, id).endSessions(sessionIds)).catch((error: unknown) => {
        console.warn(`Could not close ended sessions' sockets in meeting ${id}`, error);
        return 0;
      }),
    ),
  );
  return closed.reduce((a, b) => a + b, 0);
}

/** A person lost access to the workspace (removed, left, or it was deleted): their sockets in these meetings close. */
export async function endMeetingAccess(env: Env, meetingIds: readonly string[], userId: string): Promise<number> {
  const closed = await Promise.all(
    meetingIds.map((id) =>
      roomCall(`meeting ${id}`, roomOf(env, id).endAccess(userId)).catch((error: unknown) => {
        console.warn(`Could not close ${userId}'s sockets in meeting ${id}`, error);
        return 0;
      }),
    ),
  );
  return closed.reduce((a, b) => a + b, 0);
}

/** Whether this person is in the meeting now on this signed-in session (let in from the lobby); false when the room cannot say. */
export async function admittedInRoom(env: Env, meetingId: string, userId: string, sessionId: string): Promise<boolean> {
  try {
    return await roomCall(`meeting ${meetingId}`, roomOf(env, meetingId).isAdmitted(userId, sessionId));
  } catch (error) {
    console.warn(`Could not ask the room of meeting ${meetingId} whether ${userId} is in it`, error);
    return false;
  }
}

/** The room's view of a browser making an SFU call (ADR 0030): null unless admitted now, on this signed-in session. */
export function roomSfu(env: Env, meetingId: string) {
  const room = roomOf(env, meetingId);
  return {
    participant: (participantId: string, sessionId: string) => room.sfuParticipant(participantId, sessionId),
    bind: (participantId: string, sessionId: string, sfuSessionId: string) => room.sfuBind(participantId, sessionId, sfuSessionId),
    published: (participantId: string, sessionId: string, tracks: PublishedTrack[]) => room.sfuPublished(participantId, sessionId, tracks),
    source: (participantId: string, sessionId: string, fromId: string) => room.sfuSource(participantId, sessionId, fromId),
  };
}
