import { and, asc, eq, isNotNull } from "drizzle-orm";
import { serverT } from "~/i18n.server";
import type { CurrentSession } from "~/modules/auth/session.server";
import { visibleDocuments } from "~/modules/documents/access.server";
import { documents } from "~/modules/documents/schema";
import { visiblePolls } from "~/modules/polls/access.server";
import { polls } from "~/modules/polls/schema";
import { pollDetail } from "~/modules/polls/service.server";
import { Refusal } from "~/platform/http.server";
import type { DraftPrefill, DraftPrefillOptions } from "~/platform/module-manifest.server";
import type { RequestContext } from "~/platform/request-context.server";
import { meetingScope, requireMeeting } from "./access.server";
import { validTimeZone } from "./ics";
import { minutesValues } from "./minutes";
import { meetingPeopleQueries } from "./people.server";
import { meetingRecordings } from "./schema";

/** The linked poll's result as polls word it (in English, like the minutes), if the drafter may see that poll. */
async function linkedPoll(ctx: RequestContext, session: CurrentSession, pollId: string | null) {
  if (!pollId) return null;
  // Checked first so that a poll the drafter may not see is left out quietly rather than audited as refused.
  const visible = await ctx.db
    .select({ id: polls.id })
    .from(polls)
    .where(and(eq(polls.id, pollId), visiblePolls(session)))
    .get();
  if (!visible) return null;
  const detail = await pollDetail(ctx, session, pollId, serverT("polls", "en"));
  return { title: detail.poll.title, status: detail.poll.status, closesAt: new Date(detail.poll.closesAt), resultText: detail.resultText };
}

/**
 * The minutes template's values for a meeting the person hosts or was invited to (else requireMeeting's audited
 * 404): every query stays in the workspace; recordings and the poll only as far as the person may see them.
 */
export async function meetingMinutes(ctx: RequestContext, session: CurrentSession, id: string, { timeZone }: DraftPrefillOptions) {
  const scope = meetingScope(session);
  const meeting = await requireMeeting(ctx, scope, id);
  const [host, invitees, attendance, recordings] = await ctx.db.batch([
    ...meetingPeopleQueries(ctx.db, meeting),
    ctx.db
      .select({ title: documents.title, sha256: meetingRecordings.sha256 })
      .from(meetingRecordings)
      .innerJoin(documents, eq(documents.id, meetingRecordings.documentId))
      .where(
        and(
          eq(meetingRecordings.workspaceId, scope.workspaceId),
          eq(meetingRecordings.meetingId, meeting.id),
          eq(meetingRecordings.status, "complete"),
          isNotNull(meetingRecordings.documentId),
          visibleDocuments(session),
        ),
      )
      .orderBy(asc(meetingRecordings.startedAt)),
  ]);
  const fields = minutesValues({
    meeting,
    hostUserId: meeting.hostUserId,
    hostName: host[0]?.name ?? null,
    recorderName: session.user.name,
    invitees,
    attendance,
    poll: await linkedPoll(ctx, session, meeting.pollId),
    recordings,
    timeZone: validTimeZone(timeZone) ?? "UTC",
  });
  return { meeting: { id: meeting.id, title: meeting.title }, fields };
}

/** Drafting's `?prefill=meeting:{id}`: null for a meeting this person may not see, so its title never shows. */
export async function minutesPrefill(ctx: RequestContext, session: CurrentSession, id: string, options: DraftPrefillOptions): Promise<DraftPrefill | null> {
  try {
    const { meeting, fields } = await meetingMinutes(ctx, session, id, options);
    // The sentence names the poll only when one was linked (its result is then among the resolutions).
    const key = fields.resolutions?.length ? "minutes.prefilledFromWithPoll" : "minutes.prefilledFrom";
    return { label: serverT("meetings", options.language)(key, { title: meeting.title }), values: fields };
  } catch (error) {
    if (error instanceof Refusal) return null;
    throw error;
  }
}
