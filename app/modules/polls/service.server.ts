import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { notify, recipientsFor, recipientT } from "~/modules/notifications/service.server";
import { memberships } from "~/modules/workspaces/schema";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { auditPoll, canCreatePolls, requirePoll, seesEveryPoll, visiblePolls, type Translate } from "./access.server";
import { closePoll, describeResult, scheduleClosing } from "./closing.server";
import { pollBallots, pollOptions, polls, pollVoters, pollWatchers } from "./schema";
import { tallyPoll, type TallyResult } from "./tally";
import type { CreatePollInput } from "./validation";

/** Creating polls, listing them and reading one (with watching it); ballots, closing and reminders have their own modules. */

/** Members who would be eligible under the chosen rule, with the weight of their vote. Viewers never vote. */
async function eligibleVoters(db: Db, workspaceId: string, input: Pick<CreatePollInput, "eligibility" | "eligibleRoles" | "eligibleUserIds" | "weighted">) {
  const members = await db
    .select({ userId: memberships.userId, role: memberships.role, share: memberships.beneficialShareBp })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), ne(memberships.role, "viewer")));
  const chosen =
    input.eligibility === "roles"
      ? members.filter((m) => input.eligibleRoles.includes(m.role))
      : input.eligibility === "people"
        ? members.filter((m) => input.eligibleUserIds.includes(m.userId))
        : members;
  return { members, chosen: chosen.map((m) => ({ userId: m.userId, weight: input.weighted ? (m.share ?? 0) : 1 })) };
}

/**
 * Opens a poll: its options, its eligible voters (fixed now, with their weights), the creator as a
 * watcher, the audit entry and the closing alarm; then poll_created to the members and vote_required
 * to each eligible voter.
 */
export async function createPoll(ctx: RequestContext, session: CurrentSession, input: CreatePollInput, t: Translate, options: { subjectHref?: string } = {}) {
  const workspace = session.workspace;
  if (!workspace) throw new Refusal(404, "errors.noWorkspace");
  if (!canCreatePolls(workspace.role)) {
    await auditPoll(ctx, session, "poll.create_denied", "", undefined, "denied");
    throw new Refusal(403, "errors.createForbidden");
  }
  const { members, chosen } = await eligibleVoters(ctx.db, workspace.id, input);
  if (input.eligibility === "people") {
    const unknown = input.eligibleUserIds.filter((id) => !members.some((m) => m.userId === id));
    if (unknown.length) throw new Refusal(400, "errors.notAMember", undefined, { eligibleUserIds: "errors.notAMember" });
  }
  if (chosen.length === 0) throw new Refusal(400, "errors.nobodyEligible", undefined, { eligibility: "errors.nobodyEligible" });
  if (input.weighted && chosen.every((v) => v.weight === 0)) throw new Refusal(400, "errors.noShares", undefined, { weighted: "errors.noShares" });

  const id = crypto.randomUUID();
  const now = new Date();
  const optionRows =
    input.type === "yes_no"
      ? (["yes", "no", "abstain"] as const).map((role, position) => ({
          id: crypto.randomUUID(),
          pollId: id,
          workspaceId: workspace.id,
          position,
          text: t(`options.${role}`),
          role: role as "yes" | "no" | "abstain" | null,
        }))
      : input.options.map((text, position) => ({
          id: crypto.randomUUID(),
          pollId: id,
          workspaceId: workspace.id,
          position,
          text,
          role: null as "yes" | "no" | "abstain" | null,
        }));
  const voterRows = chosen.map((v) => ({ pollId: id, userId: v.userId, workspaceId: workspace.id, weight: v.weight }));
  const chunks = <T>(rows: T[], size: number) => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, i * size + size));
  await ctx.db.batch([
    ctx.db.insert(polls).values({
      id,
      workspaceId: workspace.id,
      title: input.title,
      description: input.description ?? null,
      type: input.type,
      status: "open",
      closesAt: input.closesAt,
      eligibility: input.eligibility,
      eligibleRoles: input.eligibility === "roles" ? input.eligibleRoles : null,
      quorumPercent: input.quorumPercent,
      hideResults: input.hideResults,
      weighted: input.weighted,
      anonymous: input.anonymous,
      createdBy: session.user.id,
      createdAt: now,
      subjectHref: options.subjectHref ?? null,
    }),
    ...chunks(optionRows, 15).map((rows) => ctx.db.insert(pollOptions).values(rows)),
    ...chunks(voterRows, 20).map((rows) => ctx.db.insert(pollVoters).values(rows)),
    ctx.db.insert(pollWatchers).values({ pollId: id, userId: session.user.id, workspaceId: workspace.id }),
    auditPoll(ctx, session, "poll.create", id, {
      type: input.type,
      options: optionRows.length,
      voters: voterRows.length,
      weighted: input.weighted,
      anonymous: input.anonymous,
      hideResults: input.hideResults,
      quorumPercent: input.quorumPercent,
      closesAt: input.closesAt.toISOString(),
    }),
  ]);

  await scheduleClosing(ctx.env, id, input.closesAt.getTime());
  const creatorName = session.user.name;
  const others = (ids: string[]) => ids.filter((userId) => userId !== session.user.id);
  const link = `${ctx.publicOrigin}/polling/${id}`;
  const deps = { db: ctx.db, env: ctx.env, config: ctx.config };
  const metadata = { pollId: id, pollTitle: input.title, creatorName, workspaceName: workspace.name };
  ctx.waitUntil(
    (async () => {
      const everyone = await recipientsFor(ctx.db, others(members.map((m) => m.userId)));
      const voters = everyone.filter((r) => chosen.some((v) => v.userId === r.userId));
      await Promise.all([
        notify(deps, {
          workspaceId: workspace.id,
          type: "poll_created",
          recipients: everyone,
          metadata,
          event: () => ({ type: "poll_created", creatorName, pollTitle: input.title, pollId: id }),
        }),
        notify(deps, {
          workspaceId: workspace.id,
          type: "vote_required",
          recipients: voters,
          metadata: { ...metadata, closesAt: input.closesAt.toISOString() },
          event: () => ({ type: "vote_required", pollTitle: input.title, pollId: id }),
          mail: (recipient) => {
            const rt = recipientT(recipient, ["polls"]);
            return {
              subject: rt("mail.voteRequiredSubject", { title: input.title }),
              text: rt("mail.voteRequiredBody", { title: input.title, name: creatorName, link, closesAt: input.closesAt.toUTCString() }),
            };
          },
        }),
      ]);
    })().catch((error) => console.error("Could not notify about a new poll", id, error)),
  );
  return { id };
}

export async function listPolls(db: Db, session: CurrentSession) {
  if (!session.workspace) return [];
  const rows = await db
    .select({
      id: polls.id,
      title: polls.title,
      type: polls.type,
      status: polls.status,
      closesAt: polls.closesAt,
      closedAt: polls.closedAt,
      createdAt: polls.createdAt,
      anonymous: polls.anonymous,
      hideResults: polls.hideResults,
      weighted: polls.weighted,
      result: polls.result,
      creatorName: users.name,
      voters: sql<number>`(select count(*) from ${pollVoters} where ${pollVoters.pollId} = ${polls.id})`,
      ballots: sql<number>`(select count(*) from ${pollBallots} where ${pollBallots.pollId} = ${polls.id})`,
      eligible: sql<number>`exists (select 1 from ${pollVoters} where ${pollVoters.pollId} = ${polls.id} and ${pollVoters.userId} = ${session.user.id})`,
      voted: sql<number>`exists (select 1 from ${pollBallots} where ${pollBallots.pollId} = ${polls.id} and ${pollBallots.voterId} = ${session.user.id})`,
    })
    .from(polls)
    .leftJoin(users, eq(users.id, polls.createdBy))
    .where(visiblePolls(session))
    .orderBy(desc(polls.createdAt))
    .limit(200);
  return rows.map((row) => ({
    ...row,
    eligible: Boolean(row.eligible),
    voted: Boolean(row.voted),
    closesAt: row.closesAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    outcome: row.result ? (row.result as TallyResult).outcome : null,
    result: undefined,
  }));
}

/**
 * Everything the poll and vote-tracking pages show, as this person may see it: the options, their own
 * ballot, who has voted (names unless anonymous), each voter's choice (only when not anonymous and
 * results are visible), live tallies (unless hidden until closing) and, once closed, the result.
 */
export async function pollDetail(ctx: RequestContext, session: CurrentSession, id: string, t: Translate) {
  let poll = await requirePoll(ctx, session, id);
  // A poll past its time is closed on first sight, should its alarm and the cron both be late.
  if (poll.status === "open" && poll.closesAt.getTime() <= Date.now()) {
    await closePoll(ctx.env, poll.id, { closedBy: null });
    poll = await requirePoll(ctx, session, id);
  }
  const [options, voters, ballots, creator] = await Promise.all([
    ctx.db.select().from(pollOptions).where(eq(pollOptions.pollId, id)).orderBy(asc(pollOptions.position)),
    ctx.db
      .select({ userId: pollVoters.userId, weight: pollVoters.weight, name: users.name })
      .from(pollVoters)
      .leftJoin(users, eq(users.id, pollVoters.userId))
      .where(eq(pollVoters.pollId, id)),
    ctx.db.select().from(pollBallots).where(eq(pollBallots.pollId, id)),
    poll.createdBy ? ctx.db.select({ name: users.name }).from(users).where(eq(users.id, poll.createdBy)).get() : undefined,
  ]);
  const closed = poll.status === "closed";
  const resultsVisible = closed || !poll.hideResults;
  const live = tallyPoll({
    type: poll.type,
    options: options.map((o) => ({ id: o.id, text: o.text, position: o.position, role: o.role })),
    voters: voters.map((v) => ({ userId: v.userId, weight: v.weight })),
    ballots: ballots.map((b) => ({ voterId: b.voterId, choices: b.choices })),
    weighted: poll.weighted,
    quorumPercent: poll.quorumPercent,
  });
  const result = (poll.result as TallyResult | null) ?? null;
  const mine = ballots.find((b) => b.voterId === session.user.id);
  const optionText = new Map(options.map((o) => [o.id, o.text]));
  const manage = poll.createdBy === session.user.id || seesEveryPoll(session);
  const watching =
    (await ctx.db
      .select()
      .from(pollWatchers)
      .where(and(eq(pollWatchers.pollId, id), eq(pollWatchers.userId, session.user.id)))
      .get()) !== undefined;
  return {
    poll: {
      id: poll.id,
      title: poll.title,
      description: poll.description,
      subjectHref: poll.subjectHref,
      type: poll.type,
      status: poll.status,
      closesAt: poll.closesAt.toISOString(),
      closedAt: poll.closedAt?.toISOString() ?? null,
      createdAt: poll.createdAt.toISOString(),
      creatorName: creator?.name ?? null,
      eligibility: poll.eligibility,
      eligibleRoles: poll.eligibleRoles,
      quorumPercent: poll.quorumPercent,
      hideResults: poll.hideResults,
      weighted: poll.weighted,
      anonymous: poll.anonymous,
      lastRemindedAt: poll.lastRemindedAt?.toISOString() ?? null,
    },
    options: options.map((o) => ({ id: o.id, text: o.text, position: o.position, role: o.role })),
    myBallot: mine ? { choices: mine.choices, updatedAt: mine.updatedAt.toISOString() } : null,
    eligible: voters.some((v) => v.userId === session.user.id),
    canManage: manage,
    watching,
    turnout: { voted: ballots.length, eligible: voters.length },
    voters: poll.anonymous
      ? null
      : voters
          .map((v) => {
            const ballot = ballots.find((b) => b.voterId === v.userId);
            return {
              userId: v.userId,
              name: v.name ?? "",
              weight: v.weight,
              voted: ballot !== undefined,
              votedAt: ballot?.updatedAt.toISOString() ?? null,
              choices: ballot && resultsVisible ? ballot.choices.map((c) => optionText.get(c) ?? "") : null,
            };
          })
          .sort((a, b) => a.name.localeCompare(b.name)),
    tally: resultsVisible ? (closed && result ? result : live) : null,
    resultText: closed && result ? describeResult(result, t) : null,
  };
}
export type PollDetail = Awaited<ReturnType<typeof pollDetail>>;

export async function setWatching(ctx: RequestContext, session: CurrentSession, id: string, watching: boolean) {
  const poll = await requirePoll(ctx, session, id);
  if (watching) {
    await ctx.db.insert(pollWatchers).values({ pollId: id, userId: session.user.id, workspaceId: poll.workspaceId }).onConflictDoNothing();
  } else {
    await ctx.db.delete(pollWatchers).where(and(eq(pollWatchers.pollId, id), eq(pollWatchers.userId, session.user.id)));
  }
}

/** The open polls one member is an eligible voter in (the beneficiary portal), with whether she has voted: her rows only. */
export async function openPollsForVoter(db: Db, workspaceId: string, userId: string) {
  const rows = await db
    .select({
      id: polls.id,
      title: polls.title,
      closesAt: polls.closesAt,
      subjectHref: polls.subjectHref,
      voted: sql<number>`exists (select 1 from ${pollBallots} where ${pollBallots.pollId} = ${polls.id} and ${pollBallots.voterId} = ${userId})`,
    })
    .from(pollVoters)
    .innerJoin(polls, eq(polls.id, pollVoters.pollId))
    .where(and(eq(pollVoters.workspaceId, workspaceId), eq(pollVoters.userId, userId), eq(polls.workspaceId, workspaceId), eq(polls.status, "open")))
    .orderBy(asc(polls.closesAt))
    .limit(50);
  return rows.map((row) => ({ ...row, voted: Boolean(row.voted), closesAt: row.closesAt.toISOString() }));
}
