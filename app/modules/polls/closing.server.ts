import { and, asc, eq, lte } from "drizzle-orm";
import { serverT } from "~/i18n.server";
import type { CurrentSession } from "~/modules/auth/session.server";
import { auditRow } from "~/modules/audit/audit.server";
import { auditLog } from "~/modules/audit/schema";
import { notify, pushThreadEvent, recipientsFor, recipientT } from "~/modules/notifications/service.server";
import { createDb } from "~/platform/db.server";
import { publishDomainEvent } from "~/platform/domain-events.server";
import { getConfig } from "~/platform/env.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { auditPoll, requirePoll, seesEveryPoll, type Translate } from "./access.server";
import { pollBallots, pollOptions, polls, pollVoters, pollWatchers } from "./schema";
import { tallyPoll, type TallyResult } from "./tally";

/** The thread a poll page subscribes to for live tallies (spec: subscribe_thread). */
export const pollThreadId = (pollId: string) => `poll:${pollId}`;

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

/** The result in one sentence, as `poll_completed.finalResult` and the pages say it. */
export function describeResult(result: TallyResult, t: Translate): string {
  const text = (id: string) => result.counts.find((c) => c.optionId === id)?.text ?? "";
  const share = (id: string) => percent(result.counts.find((c) => c.optionId === id)?.share ?? 0);
  const turnout = t("result.turnout", { share: percent(result.turnoutShare) });
  switch (result.outcome) {
    case "no_quorum":
      return t("result.noQuorum", { turnout: percent(result.turnoutShare), quorum: `${result.quorumPercent}%` });
    case "no_votes":
      return t("result.noVotes");
    case "tie":
      return `${t("result.tie", { options: result.winnerOptionIds.map(text).join(" / ") })} · ${turnout}`;
    case "winner": {
      const winner = result.winnerOptionIds[0];
      if (result.type === "yes_no") {
        // A proposal's options are made in the order yes, no, abstain (service.server.ts).
        const approved = result.counts.findIndex((c) => c.optionId === winner) === 0;
        return `${t(approved ? "result.approved" : "result.rejected", { option: text(winner), share: share(winner) })} · ${turnout}`;
      }
      if (result.type === "ranked" && result.rounds.length > 1) {
        return `${t("result.rankedWinner", { option: text(winner), rounds: result.rounds.length })} · ${turnout}`;
      }
      return `${t("result.winner", { option: text(winner), share: share(winner) })} · ${turnout}`;
    }
  }
}

/** What a proposal decided: its "yes" option won, its "no" won, or nothing was decided (a tie, no quorum, another type). */
export function proposalOutcome(result: TallyResult): "approved" | "rejected" | "undecided" {
  if (result.type !== "yes_no" || result.outcome !== "winner") return "undecided";
  const winner = result.counts.findIndex((c) => c.optionId === result.winnerOptionIds[0]);
  return winner === 0 ? "approved" : winner === 1 ? "rejected" : "undecided";
}

interface CloseOptions {
  /** The person who closed it by hand; null when its time came. */
  closedBy: string | null;
  ip?: string;
  userAgent?: string;
}

/**
 * Closes a poll once: the status changes first (so no ballot can arrive after the count), then the
 * ballots are counted, the result stored and audited, and poll_completed sent to everyone eligible,
 * the creator and the watchers. Returns the result, or null when the poll was already closed.
 */
export async function closePoll(env: Env, pollId: string, options: CloseOptions): Promise<TallyResult | null> {
  const db = createDb(env.DB);
  const now = new Date();
  const [poll] = await db
    .update(polls)
    .set({ status: "closed", closedAt: now, closedBy: options.closedBy })
    .where(and(eq(polls.id, pollId), eq(polls.status, "open")))
    .returning();
  if (!poll) return null;

  const [optionRows, voters, ballots, watchers] = await Promise.all([
    db.select().from(pollOptions).where(eq(pollOptions.pollId, pollId)).orderBy(asc(pollOptions.position)),
    db.select({ userId: pollVoters.userId, weight: pollVoters.weight }).from(pollVoters).where(eq(pollVoters.pollId, pollId)),
    db.select({ voterId: pollBallots.voterId, choices: pollBallots.choices }).from(pollBallots).where(eq(pollBallots.pollId, pollId)),
    db.select({ userId: pollWatchers.userId }).from(pollWatchers).where(eq(pollWatchers.pollId, pollId)),
  ]);
  const result = tallyPoll({
    type: poll.type,
    options: optionRows.map((o) => ({ id: o.id, text: o.text, position: o.position, role: o.role })),
    voters,
    ballots,
    weighted: poll.weighted,
    quorumPercent: poll.quorumPercent,
  });
  // The audit log and the stored notification keep one wording; each live message is in its reader's language.
  const inEnglish = describeResult(result, serverT(["polls"], "en"));
  await db.batch([
    db.update(polls).set({ result }).where(eq(polls.id, pollId)),
    db.insert(auditLog).values(
      auditRow({
        action: "poll.close",
        workspaceId: poll.workspaceId,
        actorUserId: options.closedBy,
        targetType: "poll",
        targetId: pollId,
        ip: options.ip ?? null,
        userAgent: options.userAgent ?? null,
        metadata: {
          by: options.closedBy ? "hand" : "time",
          outcome: result.outcome,
          winners: result.winnerOptionIds.map((id) => optionRows.find((o) => o.id === id)!.position + 1).join(","),
          ballots: result.ballotsCast,
          eligible: result.eligibleCount,
          quorumMet: result.quorumMet,
          summary: inEnglish,
        },
      }),
    ),
  ]);

  const audience = [...new Set([...voters.map((v) => v.userId), ...watchers.map((w) => w.userId), ...(poll.createdBy ? [poll.createdBy] : [])])];
  const recipients = await recipientsFor(db, audience);
  const config = getConfig(env);
  await Promise.all([
    notify(
      { db, env, config },
      {
        workspaceId: poll.workspaceId,
        type: "poll_completed",
        recipients,
        metadata: { pollId, pollTitle: poll.title, finalResult: inEnglish },
        event: (recipient) => ({
          type: "poll_completed",
          pollTitle: poll.title,
          finalResult: describeResult(result, recipientT(recipient, ["polls"])),
          pollId,
        }),
        mail: (recipient) => {
          const rt = recipientT(recipient, ["polls"]);
          return {
            subject: rt("mail.completedSubject", { title: poll.title }),
            text: rt("mail.completedBody", { title: poll.title, result: describeResult(result, rt) }),
          };
        },
      },
    ),
    pushThreadEvent(env, audience, pollThreadId(pollId), { kind: "closed", pollId }),
  ]).catch((error) => console.error("Could not announce the result of poll", pollId, error));
  await publishDomainEvent(env, "poll.closed", { workspaceId: poll.workspaceId, pollId, outcome: proposalOutcome(result), summary: inEnglish });
  return result;
}

/** The cron's safety net: every open poll past its closing time is closed now. */
export async function closeOverduePolls(env: Env, now = Date.now()) {
  const db = createDb(env.DB);
  const overdue = await db
    .select({ id: polls.id })
    .from(polls)
    .where(and(eq(polls.status, "open"), lte(polls.closesAt, new Date(now))))
    .limit(100);
  for (const { id } of overdue) await closePoll(env, id, { closedBy: null });
}

/** Sets the poll's closing alarm; the cron trigger is the safety net if it is lost. */
export async function scheduleClosing(env: Env, pollId: string, closesAt: number) {
  try {
    const timer = env.PollTimer.get(env.PollTimer.idFromName(pollId));
    await timer.schedule(pollId, closesAt);
  } catch (error) {
    console.error("Could not set the closing alarm of poll", pollId, error);
  }
}

/** Closing by hand: the creator or an administrator. */
export async function closePollByHand(ctx: RequestContext, session: CurrentSession, id: string) {
  const poll = await requirePoll(ctx, session, id);
  if (poll.createdBy !== session.user.id && !seesEveryPoll(session)) {
    await auditPoll(ctx, session, "poll.close_denied", id, undefined, "denied");
    throw new Refusal(403, "errors.closeForbidden");
  }
  if (poll.status === "closed") throw new Refusal(409, "errors.pollClosed");
  const closed = await closePoll(ctx.env, id, { closedBy: session.user.id, ip: ctx.ip, userAgent: ctx.userAgent });
  if (!closed) throw new Refusal(409, "errors.pollClosed");
  ctx.waitUntil(
    ctx.env.PollTimer.get(ctx.env.PollTimer.idFromName(id))
      .cancel()
      .catch(() => {}),
  );
  return closed;
}
