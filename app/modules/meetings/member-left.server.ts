import { and, eq, inArray } from "drizzle-orm";
import { createDb } from "~/platform/db.server";
import type { DomainEvents } from "~/platform/domain-events.server";
import { meetingInvitees, meetings } from "./schema";

/**
 * Someone left the workspace: their invitations to meetings still to come are withdrawn; attendance and chat stay as
 * the record of what happened. (Their sockets in its live meetings close on "sessions.ended", announced just before.)
 */
export async function withdrawDepartedMemberInvitations(env: Env, { workspaceId, userId }: DomainEvents["member.left"]): Promise<void> {
  const db = createDb(env.DB);
  const scheduled = db
    .select({ id: meetings.id })
    .from(meetings)
    .where(and(eq(meetings.workspaceId, workspaceId), eq(meetings.status, "scheduled")));
  await db
    .delete(meetingInvitees)
    .where(and(eq(meetingInvitees.workspaceId, workspaceId), eq(meetingInvitees.userId, userId), inArray(meetingInvitees.meetingId, scheduled)));
}
