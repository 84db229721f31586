import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import { documents } from "~/modules/documents/schema";
import { polls } from "~/modules/polls/schema";
import { memberships } from "~/modules/workspaces/schema";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { canScheduleMeetings, requireMeeting, requireMeetingOrLobby, visibleMeetings, type MeetingRow, type MeetingScope } from "./access.server";
import { meetingIcs, type InvitationText } from "./ics";
import { sendInvitations } from "./invitations.server";
import { meetingPeopleQueries } from "./people.server";
import { finishMeetingRecordings } from "./recordings/upload.server";
import { endRoom } from "./room-link.server";
import { meetingChatMessages, meetingInvitees, meetings } from "./schema";
import type { ScheduleMeetingInput, StartNowInput } from "./validation";

/** Where the meeting is opened, joined and downloaded. */
export const meetingUrl = (id: string) => `/video-meetings/${id}`;
export const meetingIcsUrl = (id: string) => `/api/meetings/${id}/invite.ics`;
export const meetingSocketPath = (id: string) => `/meetings/${id}/ws`;

const LIST_LIMIT = 100;

function requireScheduler(scope: MeetingScope) {
  if (!canScheduleMeetings(scope.role)) throw new Refusal(403, "errors.onlyOrganisers");
}

/** A meeting as the list and the page show it. */
function summary(row: MeetingRow & { hostName: string | null }, scope: MeetingScope, response: string | null) {
  return {
    id: row.id,
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    status: row.status,
    host: row.hostUserId ? { id: row.hostUserId, name: row.hostName ?? "" } : null,
    yourRole: row.hostUserId === scope.userId ? ("host" as const) : ("invitee" as const),
    yourResponse: response,
    e2eeRequired: row.e2eeRequired,
    url: meetingUrl(row.id),
  };
}

/** GET /api/meetings: the caller's meetings (hosted or invited to), upcoming first by start, past most recent first. */
export async function listMeetings(ctx: RequestContext, scope: MeetingScope, now = new Date()) {
  const ended = or(
    eq(meetings.status, "ended"),
    sql`${meetings.startsAt} + ${meetings.durationMinutes} * 60000 < ${now.getTime()} and ${meetings.status} = 'scheduled'`,
  );
  // A function, not one builder: drizzle's builders are mutable, and a second `.where` would replace the first.
  const base = () =>
    ctx.db
      .select({ meeting: meetings, hostName: users.name, response: meetingInvitees.response })
      .from(meetings)
      .leftJoin(users, eq(users.id, meetings.hostUserId))
      .leftJoin(meetingInvitees, and(eq(meetingInvitees.meetingId, meetings.id), eq(meetingInvitees.userId, scope.userId)));
  const [upcoming, past] = await ctx.db.batch([
    base()
      .where(and(visibleMeetings(scope), sql`not (${ended})`))
      .orderBy(asc(meetings.startsAt))
      .limit(LIST_LIMIT),
    base()
      .where(and(visibleMeetings(scope), ended))
      .orderBy(desc(meetings.startsAt))
      .limit(LIST_LIMIT),
  ]);
  const view = (rows: typeof upcoming) => rows.map((r) => summary({ ...r.meeting, hostName: r.hostName }, scope, r.response));
  return { upcoming: view(upcoming), past: view(past), canSchedule: canScheduleMeetings(scope.role) };
}

/** The invitees, poll and documents must all be this workspace's: a stranger's id is refused with 422, never stored. */
async function checkLinks(ctx: RequestContext, scope: MeetingScope, input: { inviteeIds: string[]; pollId?: string | null; documentIds: string[] }) {
  const invitees = input.inviteeIds.filter((id) => id !== scope.userId);
  const [members, poll, docs] = await ctx.db.batch([
    ctx.db
      .select({ userId: memberships.userId, name: users.name, email: users.email, language: users.language })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, scope.workspaceId), sql`${memberships.userId} in (select value from json_each(${JSON.stringify(invitees)}))`)),
    ctx.db
      .select({ id: polls.id })
      .from(polls)
      .where(and(eq(polls.workspaceId, scope.workspaceId), eq(polls.id, input.pollId ?? ""))),
    ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.workspaceId, scope.workspaceId), sql`${documents.id} in (select value from json_each(${JSON.stringify(input.documentIds)}))`)),
  ]);
  const strangers = invitees.filter((id) => !members.some((m) => m.userId === id));
  if (strangers.length) throw new Refusal(422, "errors.inviteesNotMembers", { count: strangers.length }, { inviteeIds: "errors.inviteesNotMembers" });
  if (input.pollId && poll.length === 0) throw new Refusal(422, "errors.pollNotFound", undefined, { pollId: "errors.pollNotFound" });
  if (docs.length !== input.documentIds.length) throw new Refusal(422, "errors.documentsNotFound", undefined, { documentIds: "errors.documentsNotFound" });
  return members;
}

async function createMeeting(
  ctx: RequestContext,
  scope: MeetingScope,
  input: {
    title: string;
    agenda: string | null;
    startsAt: Date;
    durationMinutes: number;
    inviteeIds: string[];
    pollId?: string | null;
    documentIds: string[];
    e2eeRequired: boolean;
  },
  live: boolean,
) {
  requireScheduler(scope);
  const invitees = await checkLinks(ctx, scope, input);
  const id = crypto.randomUUID();
  const now = new Date();
  await ctx.db.batch([
    ctx.db.insert(meetings).values({
      id,
      workspaceId: scope.workspaceId,
      title: input.title,
      agenda: input.agenda,
      startsAt: input.startsAt,
      durationMinutes: input.durationMinutes,
      hostUserId: scope.userId,
      status: live ? "live" : "scheduled",
      pollId: input.pollId ?? null,
      documentIds: input.documentIds.length ? input.documentIds : null,
      e2eeRequired: input.e2eeRequired,
      createdBy: scope.userId,
      createdAt: now,
      startedAt: live ? now : null,
    }),
    ...invitees.map((m) => ctx.db.insert(meetingInvitees).values({ meetingId: id, userId: m.userId, workspaceId: scope.workspaceId })),
  ]);
  await ctx.audit({
    action: live ? "meeting.started" : "meeting.scheduled",
    workspaceId: scope.workspaceId,
    actorUserId: scope.userId,
    targetType: "meeting",
    targetId: id,
    metadata: { invitees: invitees.length, startsAt: input.startsAt.toISOString(), durationMinutes: input.durationMinutes },
  });
  await sendInvitations(ctx, { id, workspaceId: scope.workspaceId, title: input.title, startsAt: input.startsAt, hostUserId: scope.userId, live }, invitees);
  return { id, url: meetingUrl(id) };
}

/** POST /api/meetings */
export function scheduleMeeting(ctx: RequestContext, scope: MeetingScope, input: ScheduleMeetingInput) {
  return createMeeting(ctx, scope, input, false);
}

/** POST /api/meetings/now: "Start video meeting" — live at once, the caller hosting. */
export function startMeetingNow(ctx: RequestContext, scope: MeetingScope, input: StartNowInput & { title: string }) {
  return createMeeting(ctx, scope, { ...input, startsAt: new Date() }, true);
}

/** GET /api/meetings/{id}: the meeting, who is invited, and (once it ran) who attended and how much was said. */
export async function meetingDetail(ctx: RequestContext, scope: MeetingScope, id: string) {
  const { meeting, lobby } = await requireMeetingOrLobby(ctx, scope, id);
  if (lobby) return lobbyDetail(ctx, scope, meeting);
  const [host, invitees, attendance, chat] = await ctx.db.batch([
    ...meetingPeopleQueries(ctx.db, meeting),
    ctx.db
      .select({ count: sql<number>`count(*)` })
      .from(meetingChatMessages)
      .where(and(eq(meetingChatMessages.workspaceId, scope.workspaceId), eq(meetingChatMessages.meetingId, meeting.id))),
  ]);
  return {
    meeting: {
      ...summary({ ...meeting, hostName: host[0]?.name ?? null }, scope, invitees.find((i) => i.userId === scope.userId)?.response ?? null),
      agenda: meeting.agenda,
      pollId: meeting.pollId,
      documentIds: meeting.documentIds ?? [],
      startedAt: meeting.startedAt?.toISOString() ?? null,
      endedAt: meeting.endedAt?.toISOString() ?? null,
      icsUrl: meetingIcsUrl(meeting.id),
      socketPath: meetingSocketPath(meeting.id),
      iceServersUrl: `/api/meetings/${meeting.id}/ice-servers`,
    },
    invitees,
    attendance: attendance.map((a) => ({ ...a, joinedAt: a.joinedAt.toISOString(), leftAt: a.leftAt?.toISOString() ?? null })),
    chatMessages: chat[0]?.count ?? 0,
  };
}

/**
 * A member who is not invited, at a meeting that has not ended: the title, time and host, and how to knock at the
 * lobby; nothing of its agenda, invitees, attendance or chat until the host lets them in.
 */
async function lobbyDetail(ctx: RequestContext, scope: MeetingScope, meeting: MeetingRow) {
  const host = meeting.hostUserId ? await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, meeting.hostUserId)).get() : undefined;
  return {
    meeting: {
      ...summary({ ...meeting, hostName: host?.name ?? null }, scope, null),
      yourRole: "guest" as const,
      agenda: null,
      pollId: null,
      documentIds: [] as string[],
      startedAt: meeting.startedAt?.toISOString() ?? null,
      endedAt: null,
      icsUrl: null,
      socketPath: meetingSocketPath(meeting.id),
      iceServersUrl: `/api/meetings/${meeting.id}/ice-servers`,
    },
    invitees: [] as { userId: string; name: string; response: string }[],
    attendance: [] as { userId: string | null; name: string; joinedAt: string; leftAt: string | null }[],
    chatMessages: 0,
  };
}

/** GET /api/meetings/{id}/chat: the meeting's chat log, oldest first. */
export async function meetingChat(ctx: RequestContext, scope: MeetingScope, id: string) {
  const meeting = await requireMeeting(ctx, scope, id);
  const rows = await ctx.db
    .select({
      id: meetingChatMessages.id,
      userId: meetingChatMessages.userId,
      name: meetingChatMessages.name,
      text: meetingChatMessages.text,
      at: meetingChatMessages.createdAt,
    })
    .from(meetingChatMessages)
    .where(and(eq(meetingChatMessages.workspaceId, scope.workspaceId), eq(meetingChatMessages.meetingId, meeting.id)))
    .orderBy(asc(meetingChatMessages.createdAt))
    .limit(2000);
  return { messages: rows.map((r) => ({ ...r, at: r.at.toISOString() })) };
}

/** POST /api/meetings/{id}/end: the host ends it; its room closes every socket. */
export async function endMeeting(ctx: RequestContext, scope: MeetingScope, id: string) {
  const meeting = await requireMeeting(ctx, scope, id);
  if (meeting.hostUserId !== scope.userId) throw new Refusal(403, "errors.onlyHost");
  if (meeting.status === "ended") throw new Refusal(409, "errors.meetingEnded");
  const now = new Date();
  await ctx.db
    .update(meetings)
    .set({ status: "ended", endedAt: now, startedAt: meeting.startedAt ?? null })
    .where(and(eq(meetings.workspaceId, scope.workspaceId), eq(meetings.id, meeting.id)));
  await ctx.audit({ action: "meeting.ended", workspaceId: scope.workspaceId, actorUserId: scope.userId, targetType: "meeting", targetId: meeting.id });
  // What was recorded is kept: an open recording becomes its document before the room closes.
  await finishMeetingRecordings(ctx.env, ctx.db, meeting.id, scope.userId);
  await endRoom(ctx.env, meeting.id);
  return { id: meeting.id, status: "ended" as const, endedAt: now.toISOString() };
}

/** POST /api/meetings/{id}/respond `{ response }`: an invitee says whether they will come; the host sees it on the page. */
export async function respondToInvitation(ctx: RequestContext, scope: MeetingScope, id: string, input: { response: "accepted" | "declined" }) {
  const meeting = await requireMeeting(ctx, scope, id);
  if (meeting.hostUserId === scope.userId) throw new Refusal(409, "errors.hostResponds");
  if (meeting.status === "ended") throw new Refusal(409, "errors.meetingEnded");
  await ctx.db
    .update(meetingInvitees)
    .set({ response: input.response })
    .where(and(eq(meetingInvitees.workspaceId, scope.workspaceId), eq(meetingInvitees.meetingId, meeting.id), eq(meetingInvitees.userId, scope.userId)));
  await ctx.audit({
    action: "meeting.responded",
    workspaceId: scope.workspaceId,
    actorUserId: scope.userId,
    targetType: "meeting",
    targetId: meeting.id,
    metadata: { response: input.response },
  });
  return { id: meeting.id, response: input.response };
}

/** GET /api/meetings/{id}/invite.ics: the invitation for the caller's calendar, in their language and time zone. */
export async function meetingInvitationFile(ctx: RequestContext, scope: MeetingScope, id: string, text: InvitationText) {
  const meeting = await requireMeeting(ctx, scope, id);
  const host = meeting.hostUserId ? await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, meeting.hostUserId)).get() : undefined;
  const body = meetingIcs(
    {
      id: meeting.id,
      title: meeting.title,
      agenda: meeting.agenda,
      startsAt: meeting.startsAt,
      durationMinutes: meeting.durationMinutes,
      hostName: host?.name ?? null,
      url: `${ctx.publicOrigin}${meetingUrl(meeting.id)}`,
      host: new URL(ctx.publicOrigin).hostname,
    },
    text,
  );
  return {
    body,
    fileName: `${
      meeting.title
        .replace(/[^\p{L}\p{N} _-]+/gu, "")
        .trim()
        .slice(0, 80) || "meeting"
    }.ics`,
  };
}
