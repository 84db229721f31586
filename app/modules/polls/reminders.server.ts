import { and, eq, sql } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { notify, recipientsFor, recipientT } from "~/modules/notifications/service.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { auditPoll, requirePoll, seesEveryPoll } from "./access.server";
import { pollBallots, polls, pollVoters } from "./schema";

/** Reminders go to eligible voters who have not voted, at most once an hour per poll. */
export const REMINDER_INTERVAL_MS = 60 * 60_000;

export async function remindVoters(ctx: RequestContext, session: CurrentSession, id: string) {
  const poll = await requirePoll(ctx, session, id);
  if (poll.createdBy !== session.user.id && !seesEveryPoll(session)) throw new Refusal(403, "errors.remindForbidden");
  if (poll.status !== "open") throw new Refusal(409, "errors.pollClosed");
  const now = Date.now();
  // Claim the reminder slot atomically so two clicks never send two rounds.
  const claimed = await ctx.db
    .update(polls)
    .set({ lastRemindedAt: new Date(now) })
    .where(and(eq(polls.id, id), sql`(${polls.lastRemindedAt} IS NULL OR ${polls.lastRemindedAt} <= ${now - REMINDER_INTERVAL_MS})`))
    .run();
  if (!claimed.meta.changes) throw new Refusal(429, "errors.remindedRecently");
  const waiting = await ctx.db
    .select({ userId: pollVoters.userId })
    .from(pollVoters)
    .where(
      and(
        eq(pollVoters.pollId, id),
        sql`not exists (select 1 from ${pollBallots} where ${pollBallots.pollId} = ${id} and ${pollBallots.voterId} = ${pollVoters.userId})`,
      ),
    );
  const recipients = await recipientsFor(
    ctx.db,
    waiting.map((w) => w.userId),
  );
  const link = `${ctx.publicOrigin}/polling/${id}`;
  await notify(
    { db: ctx.db, env: ctx.env, config: ctx.config },
    {
      workspaceId: poll.workspaceId,
      type: "vote_reminder",
      recipients,
      metadata: { pollId: id, pollTitle: poll.title, closesAt: poll.closesAt.toISOString(), senderName: session.user.name },
      event: () => ({ type: "vote_required", pollTitle: poll.title, pollId: id }),
      mail: (recipient) => {
        const rt = recipientT(recipient, ["polls"]);
        return {
          subject: rt("mail.reminderSubject", { title: poll.title }),
          text: rt("mail.reminderBody", { title: poll.title, link, closesAt: poll.closesAt.toUTCString() }),
        };
      },
    },
  );
  await auditPoll(ctx, session, "poll.remind", id, { recipients: recipients.length });
  return { reminded: recipients.length };
}
