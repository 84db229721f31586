import { and, asc, eq } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { Db } from "~/platform/db.server";
import type { MeetingRow } from "./access.server";
import { meetingAttendance, meetingInvitees } from "./schema";

/**
 * A meeting's people, as batchable queries (the meeting page and the minutes read the same): the host's name, the
 * invitees with their answers, and every join with its times, oldest first. Scoped to the meeting's workspace.
 */
export function meetingPeopleQueries(db: Db, meeting: Pick<MeetingRow, "id" | "workspaceId" | "hostUserId">) {
  return [
    db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, meeting.hostUserId ?? "")),
    db
      .select({ userId: meetingInvitees.userId, name: users.name, response: meetingInvitees.response })
      .from(meetingInvitees)
      .innerJoin(users, eq(users.id, meetingInvitees.userId))
      .where(and(eq(meetingInvitees.workspaceId, meeting.workspaceId), eq(meetingInvitees.meetingId, meeting.id)))
      .orderBy(asc(users.name)),
    db
      .select({
        userId: meetingAttendance.userId,
        name: meetingAttendance.name,
        joinedAt: meetingAttendance.joinedAt,
        leftAt: meetingAttendance.leftAt,
        e2ee: meetingAttendance.e2ee,
      })
      .from(meetingAttendance)
      .where(and(eq(meetingAttendance.workspaceId, meeting.workspaceId), eq(meetingAttendance.meetingId, meeting.id)))
      .orderBy(asc(meetingAttendance.joinedAt))
      .limit(500),
  ] as const;
}
