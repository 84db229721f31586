import { eq } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import { notify, recipientT, type Recipient } from "~/modules/notifications/service.server";
import type { RequestContext } from "~/platform/request-context.server";
import { formatStart } from "./ics";

export interface InvitedMeeting {
  id: string;
  workspaceId: string;
  title: string;
  startsAt: Date;
  hostUserId: string;
  /** Started now: the invitation says "join now" instead of a date. */
  live: boolean;
}

/**
 * Tells each invitee (in the app, and by e-mail unless they turned it off) with a link to the meeting and to its
 * .ics, in their own language. The e-mail gives the time in UTC with its zone named: the app keeps no time zone per
 * person, and the .ics carries the exact instant for their calendar to show in theirs.
 */
export async function sendInvitations(ctx: RequestContext, meeting: InvitedMeeting, invitees: Recipient[]) {
  if (invitees.length === 0) return;
  const host = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, meeting.hostUserId)).get();
  const hostName = host?.name ?? "";
  const link = `${ctx.publicOrigin}/video-meetings/${meeting.id}`;
  const ics = `${ctx.publicOrigin}/api/meetings/${meeting.id}/invite.ics`;
  await notify(ctx, {
    workspaceId: meeting.workspaceId,
    type: "meeting_invited",
    recipients: invitees,
    metadata: { meetingId: meeting.id, meetingTitle: meeting.title, hostName, startsAt: meeting.startsAt.toISOString(), live: meeting.live },
    mail: (recipient) => {
      const t = recipientT(recipient, ["meetings"]);
      const when = formatStart(meeting.startsAt, recipient.language ?? "en", "UTC");
      const subject = meeting.live
        ? t("mail.startedSubject", { title: meeting.title, host: hostName })
        : t("mail.invitedSubject", { title: meeting.title, when });
      const lines = [
        meeting.live ? t("mail.startedBody", { title: meeting.title, host: hostName }) : t("mail.invitedBody", { title: meeting.title, host: hostName, when }),
        `${t("mail.join")}: ${link}`,
        meeting.live ? null : `${t("mail.calendar")}: ${ics}`,
      ];
      return { subject, text: lines.filter(Boolean).join("\n\n") };
    },
  });
}
