import { and, count, eq, or, sql, type SQL } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { canAdminister } from "~/modules/workspaces/roles";
import type { Role } from "~/modules/workspaces/schema";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { Db } from "~/platform/db.server";
import type { RequestContext } from "~/platform/request-context.server";
import type { AppConfig } from "~/platform/env.server";
import { meetingInvitees, meetings } from "./schema";
import { meetingMedia } from "./media.server";
import type { MeetingTopology } from "./sfu.server";

/** Who calls a meeting: owners, trustees, co-trustees and the family's lawyer. Beneficiaries, family and viewers are invited. */
export function canScheduleMeetings(role: Role | null | undefined): boolean {
  return canAdminister(role) || role === "legal_professional";
}

/** The caller's workspace and id; every meeting query is scoped by it. */
export function meetingScope(session: CurrentSession) {
  if (!session.workspace) throw new Refusal(403, "errors.noWorkspace");
  return { workspaceId: session.workspace.id, userId: session.user.id, role: session.workspace.role };
}
export type MeetingScope = ReturnType<typeof meetingScope>;

/** The meetings a person sees: those they host or are invited to, in their workspace. Nobody sees every meeting by role. */
export function visibleMeetings(scope: { workspaceId: string; userId: string }): SQL {
  return and(
    eq(meetings.workspaceId, scope.workspaceId),
    or(
      eq(meetings.hostUserId, scope.userId),
      sql`exists (select 1 from "meeting_invitees" where "meeting_invitees"."meeting_id" = "meetings"."id" and "meeting_invitees"."user_id" = ${scope.userId})`,
    ),
  ) as SQL;
}

/** The meeting if this person hosts it or is invited; otherwise a 404 (the same for another member and another workspace), audited. */
export async function requireMeeting(ctx: RequestContext, scope: MeetingScope, id: string) {
  const meeting = isUuid(id)
    ? await ctx.db
        .select()
        .from(meetings)
        .where(and(eq(meetings.id, id), visibleMeetings(scope)))
        .get()
    : undefined;
  if (!meeting) {
    await ctx.audit({
      action: "meeting.access_denied",
      outcome: "denied",
      workspaceId: scope.workspaceId,
      actorUserId: scope.userId,
      targetType: "meeting",
      targetId: isUuid(id) ? id : null,
      metadata: { status: 404 },
    });
    throw new Refusal(404, "errors.meetingNotFound");
  }
  return meeting;
}

export type MeetingRow = typeof meetings.$inferSelect;

/**
 * The meeting page's view: its host and invitees see the meeting (`lobby: false`); another member of its workspace,
 * while it has not ended, sees enough to knock at its lobby (`lobby: true`), as the room lets them (roomRoleFor);
 * anyone else gets requireMeeting's audited 404.
 */
export async function requireMeetingOrLobby(ctx: RequestContext, scope: MeetingScope, id: string): Promise<{ meeting: MeetingRow; lobby: boolean }> {
  const row = isUuid(id)
    ? await ctx.db
        .select({ meeting: meetings, invited: meetingInvitees.userId })
        .from(meetings)
        .leftJoin(meetingInvitees, and(eq(meetingInvitees.meetingId, meetings.id), eq(meetingInvitees.userId, scope.userId)))
        .where(and(eq(meetings.id, id), eq(meetings.workspaceId, scope.workspaceId)))
        .get()
    : undefined;
  if (row && row.meeting.hostUserId !== scope.userId && !row.invited && row.meeting.status !== "ended") return { meeting: row.meeting, lobby: true };
  return { meeting: await requireMeeting(ctx, scope, id), lobby: false };
}

/**
 * How a signed-in member may enter a meeting's room: the host and the invited go straight in, other members of the
 * meeting's workspace wait in the lobby for the host; null for everyone else and for a meeting that ended. Also
 * whether the meeting admits only browsers that encrypt end to end (the room turns the others away on joining).
 */
export async function roomRoleFor(db: Db, meetingId: string, session: { userId: string; workspaceId: string | null }) {
  if (!isUuid(meetingId) || !session.workspaceId) return null;
  const row = await db
    .select({
      id: meetings.id,
      hostUserId: meetings.hostUserId,
      status: meetings.status,
      e2eeRequired: meetings.e2eeRequired,
      invited: meetingInvitees.userId,
    })
    .from(meetings)
    .leftJoin(meetingInvitees, and(eq(meetingInvitees.meetingId, meetings.id), eq(meetingInvitees.userId, session.userId)))
    .where(and(eq(meetings.id, meetingId), eq(meetings.workspaceId, session.workspaceId)))
    .get();
  if (!row || row.status === "ended") return null;
  const role = row.hostUserId === session.userId ? ("host" as const) : row.invited ? ("invitee" as const) : ("guest" as const);
  return { role, e2eeRequired: row.e2eeRequired };
}

/** mesh or sfu for a meeting (ADR 0030): its host and invitees against MEETINGS_SFU_FROM; no query without an SFU. */
export async function meetingTopology(db: Db, config: AppConfig, meetingId: string): Promise<MeetingTopology> {
  const media = meetingMedia(config);
  if (!media.sfu) return "mesh";
  const row = await db.select({ invitees: count() }).from(meetingInvitees).where(eq(meetingInvitees.meetingId, meetingId)).get();
  return media.topology(1 + (row?.invitees ?? 0));
}
