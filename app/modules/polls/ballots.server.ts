import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { notify } from "~/modules/notifications/service.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { auditPoll, requirePoll } from "./access.server";
import { closePoll } from "./closing.server";
import { roleMayVote } from "./member-left.server";
import { pollOptions, pollVoters, pollWatchers, type PollType } from "./schema";

/** Casting and changing votes. */
function validChoices(type: PollType, optionIds: string[], choices: string[]) {
  if (new Set(choices).size !== choices.length) throw new Refusal(400, "errors.choiceRepeated");
  if (choices.some((c) => !optionIds.includes(c))) throw new Refusal(400, "errors.optionNotInPoll");
  if ((type === "yes_no" || type === "single") && choices.length !== 1) throw new Refusal(400, "errors.chooseOne");
}

/**
 * One ballot per person per poll: the first vote inserts it, a later one (until closing) replaces the
 * choices. The insert only happens while the poll is open, in the same statement, so a ballot can
 * never slip in after closing; the unique index makes a second row impossible.
 */
export async function castBallot(ctx: RequestContext, session: CurrentSession, id: string, choices: string[]) {
  const poll = await requirePoll(ctx, session, id);
  const [voter, options] = await Promise.all([
    ctx.db
      .select()
      .from(pollVoters)
      .where(and(eq(pollVoters.pollId, id), eq(pollVoters.userId, session.user.id)))
      .get(),
    ctx.db.select().from(pollOptions).where(eq(pollOptions.pollId, id)).orderBy(asc(pollOptions.position)),
  ]);
  // The voters were fixed at opening; the role decides now too (a listener that missed a role change gives nothing).
  if (!voter || !roleMayVote(poll, session.workspace?.role)) {
    await auditPoll(ctx, session, "poll.vote_denied", id, { reason: "not_eligible" }, "denied");
    throw new Refusal(403, "errors.notEligible");
  }
  if (poll.status !== "open" || poll.closesAt.getTime() <= Date.now()) {
    if (poll.status === "open") ctx.waitUntil(closePoll(ctx.env, id, { closedBy: null }));
    throw new Refusal(409, "errors.pollClosed");
  }
  validChoices(
    poll.type,
    options.map((o) => o.id),
    choices,
  );

  const now = Date.now();
  const result = await ctx.env.DB.prepare(
    `INSERT INTO poll_ballots (id, poll_id, workspace_id, voter_id, choices, created_at, updated_at, changes)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?6, 0 WHERE EXISTS (SELECT 1 FROM polls WHERE id = ?2 AND status = 'open' AND closes_at > ?6)
     ON CONFLICT (poll_id, voter_id) DO UPDATE SET choices = excluded.choices, updated_at = excluded.updated_at, changes = poll_ballots.changes + 1
     RETURNING changes`,
  )
    .bind(crypto.randomUUID(), id, poll.workspaceId, session.user.id, JSON.stringify(choices), now)
    .first<{ changes: number }>();
  if (!result) throw new Refusal(409, "errors.pollClosed");
  const changed = result.changes > 0;
  const positions = choices.map((c) => options.findIndex((o) => o.id === c) + 1);
  const audited = auditPoll(
    ctx,
    session,
    changed ? "poll.vote_changed" : "poll.vote",
    id,
    poll.anonymous ? { anonymous: true } : { choices: positions.join(",") },
  );

  // vote_cast to the creator and watchers, and every eligible voter's open poll page refreshes its
  // tally. Started at once, beside the audit entry: every round trip here is latency for the family.
  const shown = !poll.anonymous;
  const choiceShown = shown && !poll.hideResults;
  const voterName = shown ? session.user.name : "";
  const chosenText = choices.map((c) => options.find((o) => o.id === c)?.text ?? "");
  const optionText = choiceShown ? (poll.type === "ranked" || poll.type === "multiple" ? chosenText.join(", ") : chosenText[0]) : "";
  ctx.waitUntil(
    (async () => {
      const [audience, voters] = await Promise.all([
        // The creator and the watchers, with what notify() needs, in one query.
        ctx.db
          .select({ userId: users.id, email: users.email, language: users.language })
          .from(users)
          .where(
            and(
              ne(users.id, session.user.id),
              or(
                eq(users.id, poll.createdBy ?? ""),
                sql`${users.id} IN (select ${pollWatchers.userId} from ${pollWatchers} where ${pollWatchers.pollId} = ${id})`,
              ),
            ),
          ),
        ctx.db.select({ userId: pollVoters.userId }).from(pollVoters).where(eq(pollVoters.pollId, id)),
      ]);
      await Promise.all([
        notify(
          { db: ctx.db, env: ctx.env, config: ctx.config },
          {
            workspaceId: poll.workspaceId,
            type: "vote_cast",
            recipients: audience,
            metadata: { pollId: id, pollTitle: poll.title, voterName, optionText, changed },
            event: () => ({ type: "vote_cast", voterName, optionText, pollTitle: poll.title, pollId: id }),
          },
        ),
        ctx.env.PollTimer.get(ctx.env.PollTimer.idFromName(id)).ballotCast(id, [...voters.map((v) => v.userId), ...audience.map((a) => a.userId)]),
      ]);
    })().catch((error) => console.error("Could not announce a vote", id, error)),
  );
  await audited;
  return { changed, choices };
}
