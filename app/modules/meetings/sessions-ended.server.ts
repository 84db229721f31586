import { and, eq, isNull } from "drizzle-orm";
import { createDb } from "~/platform/db.server";
import type { DomainEvents } from "~/platform/domain-events.server";
import { endMeetingAccess, endMeetingSessions } from "./room-link.server";
import { meetingAttendance, meetings } from "./schema";

/**
 * A person's sessions ended (docs/decisions/0029): their sockets in meeting rooms close, since a room never looks at
 * the session again once a socket is open. Only live meetings' rooms can hold one, so only those are called: for
 * ended sessions, the rooms where the person is present now (open attendance), never every room they were ever in;
 * for a workspace they lost, every live meeting of it (someone waiting in the lobby has no attendance yet).
 */
export async function closeEndedSessionSockets(env: Env, event: DomainEvents["sessions.ended"]): Promise<void> {
  const db = createDb(env.DB);
  if (event.workspaceId) {
    const live = await db
      .select({ id: meetings.id })
      .from(meetings)
      .where(and(eq(meetings.workspaceId, event.workspaceId), eq(meetings.status, "live")))
      .all();
    await endMeetingAccess(
      env,
      live.map((m) => m.id),
      event.userId,
    );
  }
  if (!event.sessionIds?.length) return;
  const present = await db
    .selectDistinct({ id: meetingAttendance.meetingId })
    .from(meetingAttendance)
    .innerJoin(meetings, eq(meetings.id, meetingAttendance.meetingId))
    .where(and(eq(meetingAttendance.userId, event.userId), isNull(meetingAttendance.leftAt), eq(meetings.status, "live")))
    .all();
  await endMeetingSessions(
    env,
    present.map((m) => m.id),
    event.sessionIds,
  );
}
