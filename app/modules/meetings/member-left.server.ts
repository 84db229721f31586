import { and, eq, inArray } from "drizzle-orm";
import { createDb } from "~/platform/db.server";
import type { DomainEvents } from "~/platform/domain-events.server";
import { endMeetingAccess } from "./room-link.server";
import { meetingInvitees, meetings } from "./schema";

/**
 * Someone left the workspace: their sockets in its live meetings close now (the room checks no session
 * once a socket is open), and their invitations to meetings still to come are withdrawn; attendance and chat stay as
 * the record of what happened.
 */
export async function closeDepartedMemberMeetings(env: Env, { workspaceId, userId }: DomainEvents["member.left"]): Promise<void> {
  const db = createDb(env.DB);
  // Only a live meeting has a room with people in it (the first to join makes a scheduled meeting live).
  const live = await db
    .select({ id: meetings.id })
    .from(meetings)
    .where(and(eq(meetings.workspaceId, workspaceId), eq(meetings.status, "live")))
    .all();
  await endMeetingAccess(
    env,
    live.map((m) => m.id),
    userId,
  );
  const scheduled = db
    .select({ id: meetings.id })
    .from(meetings)
    .where(and(eq(meetings.workspaceId, workspaceId), eq(meetings.status, "scheduled")));
  await db
    .delete(meetingInvitees)
    .where(and(eq(meetingInvitees.workspaceId, workspaceId), eq(meetingInvitees.userId, userId), inArray(meetingInvitees.meetingId, scheduled)));
}
