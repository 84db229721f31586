import { and, asc, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { users } from "~/modules/auth/schema";
import type { CurrentSession } from "~/modules/auth/session.server";
import { auditRow } from "~/modules/audit/audit.server";
import { auditLog } from "~/modules/audit/schema";
import { notify, recipientsFor, recipientT } from "~/modules/notifications/service.server";
import { canAdminister } from "~/modules/workspaces/roles";
import { memberships, type Role } from "~/modules/workspaces/schema";
import type { Db } from "~/platform/db.server";
import { HttpError } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";
import { closePoll, describeResult } from "./closing.server";
import { pollBallots, pollOptions, polls, pollVoters, pollWatchers, type PollType } from "./schema";
import { tallyPoll, type TallyResult } from "./tally";
import type { CreatePollInput } from "./validation";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Owners, trustees and co-trustees put decisions to a vote; everyone eligible votes. */
export function canCreatePolls(role: Role | null | undefined) {
  return canAdminister(role ?? undefined);
}

/** Those who see every poll of the workspace; others see the polls they may vote in, created or watch. */
function seesEveryPoll(session: CurrentSession) {
  return canAdminister(session.workspace?.role);
}

function visiblePolls(session: CurrentSession): SQL {
  const inWorkspace = eq(polls.workspaceId, session.workspace?.id ?? "");
  if (seesEveryPoll(session)) return inWorkspace;
  const me = session.user.id;
  return and(
    inWorkspace,
    or(
      eq(polls.createdBy, me),
      sql`exists (select 1 from ${pollVoters} where ${pollVoters.pollId} = ${polls.id} and ${pollVoters.userId} = ${me})`,
      sql`exists (select 1 from ${pollWatchers} where ${pollWatchers.pollId} = ${polls.id} and ${pollWatchers.userId} = ${me})`,
    ),
  ) as SQL;
}

function audit(ctx: RequestContext, session: CurrentSession, action: string, pollId: string, metadata?: Record<string, string | number | boolean | null>, outcome?: "denied") {
  return ctx.db.insert(auditLog).values(
    auditRow({ action, outcome, workspaceId: session.workspace?.id, actorUserId: session.user.id, targetType: "poll", targetId: pollId, ip: ctx.ip, userAgent: ctx.userAgent, metadata }),
  );
}

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
export async function createPoll(ctx: RequestContext, session: CurrentSession, input: CreatePollInput, t: Translate) {
  const workspace = session.workspace;
  if (!workspace) throw new HttpError(404, t("errors.noWorkspace"));
  if (!canCreatePolls(workspace.role)) {
    await audit(ctx, session, "poll.create_denied", "", undefined, "denied");
    throw new HttpError(403, t("errors.createForbidden"));
  }
  const { members, chosen } = await eligibleVoters(ctx.db, workspace.id, input);
  if (input.eligibility === "people") {
    const unknown = input.eligibleUserIds.filter((id) => !members.some((m) => m.userId === id));
    if (unknown.length) throw new HttpError(400, t("errors.notAMember"), { eligibleUserIds: [t("errors.notAMember")] });
  }
  if (chosen.length === 0) throw new HttpError(400, t("errors.nobodyEligible"), { eligibility: [t("errors.nobodyEligible")] });
  if (input.weighted && chosen.every((v) => v.weight === 0)) throw new HttpError(400, t("errors.noShares"), { weighted: [t("errors.noShares")] });

  const id = crypto.randomUUID();
  const now = new Date();
  const optionRows =
    input.type === "yes_no"
      ? (["yes", "no", "abstain"] as const).map((role, position) => ({ id: crypto.randomUUID(), pollId: id, workspaceId: workspace.id, position, text: t(`options.${role}`), role: role as "yes" | "no" | "abstain" | null }))
      : input.options.map((text, position) => ({ id: crypto.randomUUID(), pollId: id, workspaceId: workspace.id, position, text, role: null as "yes" | "no" | "abstain" | null }));
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
    }),
    ...chunks(optionRows, 15).map((rows) => ctx.db.insert(pollOptions).values(rows)),
    ...chunks(voterRows, 20).map((rows) => ctx.db.insert(pollVoters).values(rows)),
    ctx.db.insert(pollWatchers).values({ pollId: id, userId: session.user.id, workspaceId: workspace.id }),
    audit(ctx, session, "poll.create", id, {
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
      await Promise.all([notify(deps, {
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
          return { subject: rt("mail.voteRequiredSubject", { title: input.title }), text: rt("mail.voteRequiredBody", { title: input.title, name: creatorName, link, closesAt: input.closesAt.toUTCString() }) };
        },
      })]);
    })().catch((error) => console.error("Could not notify about a new poll", id, error)),
  );
  return { id };
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

/** The poll if this person may see it; otherwise a 404 that is written to the audit log as refused. */
async function requirePoll(ctx: RequestContext, session: CurrentSession, id: string, t: Translate) {
  const poll = isUuid(id) && session.workspace ? await ctx.db.select().from(polls).where(and(eq(polls.id, id), visiblePolls(session))).get() : undefined;
  if (!poll) {
    await audit(ctx, session, "poll.access_denied", isUuid(id) ? id : "", { status: 404 }, "denied");
    throw new HttpError(404, t("errors.pollNotFound"));
  }
  return poll;
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
  let poll = await requirePoll(ctx, session, id, t);
  // A poll past its time is closed on first sight, should its alarm and the cron both be late.
  if (poll.status === "open" && poll.closesAt.getTime() <= Date.now()) {
    await closePoll(ctx.env, poll.id, { closedBy: null });
    poll = await requirePoll(ctx, session, id, t);
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
  const watching = (await ctx.db.select().from(pollWatchers).where(and(eq(pollWatchers.pollId, id), eq(pollWatchers.userId, session.user.id))).get()) !== undefined;
  return {
    poll: {
      id: poll.id,
      title: poll.title,
      description: poll.description,
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

function validChoices(type: PollType, optionIds: string[], choices: string[], t: Translate) {
  if (new Set(choices).size !== choices.length) throw new HttpError(400, t("errors.choiceRepeated"));
  if (choices.some((c) => !optionIds.includes(c))) throw new HttpError(400, t("errors.optionNotInPoll"));
  if ((type === "yes_no" || type === "single") && choices.length !== 1) throw new HttpError(400, t("errors.chooseOne"));
}

/**
 * One ballot per person per poll: the first vote inserts it, a later one (until closing) replaces the
 * choices. The insert only happens while the poll is open, in the same statement, so a ballot can
 * never slip in after closing; the unique index makes a second row impossible.
 */
export async function castBallot(ctx: RequestContext, session: CurrentSession, id: string, choices: string[], t: Translate) {
  const poll = await requirePoll(ctx, session, id, t);
  const [voter, options] = await Promise.all([
    ctx.db.select().from(pollVoters).where(and(eq(pollVoters.pollId, id), eq(pollVoters.userId, session.user.id))).get(),
    ctx.db.select().from(pollOptions).where(eq(pollOptions.pollId, id)).orderBy(asc(pollOptions.position)),
  ]);
  if (!voter) {
    await audit(ctx, session, "poll.vote_denied", id, { reason: "not_eligible" }, "denied");
    throw new HttpError(403, t("errors.notEligible"));
  }
  if (poll.status !== "open" || poll.closesAt.getTime() <= Date.now()) {
    if (poll.status === "open") ctx.waitUntil(closePoll(ctx.env, id, { closedBy: null }));
    throw new HttpError(409, t("errors.pollClosed"));
  }
  validChoices(
    poll.type,
    options.map((o) => o.id),
    choices,
    t,
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
  if (!result) throw new HttpError(409, t("errors.pollClosed"));
  const changed = result.changes > 0;
  const positions = choices.map((c) => options.findIndex((o) => o.id === c) + 1);
  const audited = audit(ctx, session, changed ? "poll.vote_changed" : "poll.vote", id, poll.anonymous ? { anonymous: true } : { choices: positions.join(",") });

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
              or(eq(users.id, poll.createdBy ?? ""), sql`${users.id} IN (select ${pollWatchers.userId} from ${pollWatchers} where ${pollWatchers.pollId} = ${id})`),
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

/** Closing by hand: the creator or an administrator. */
export async function closePollByHand(ctx: RequestContext, session: CurrentSession, id: string, t: Translate) {
  const poll = await requirePoll(ctx, session, id, t);
  if (poll.createdBy !== session.user.id && !seesEveryPoll(session)) {
    await audit(ctx, session, "poll.close_denied", id, undefined, "denied");
    throw new HttpError(403, t("errors.closeForbidden"));
  }
  if (poll.status === "closed") throw new HttpError(409, t("errors.pollClosed"));
  const closed = await closePoll(ctx.env, id, { closedBy: session.user.id, ip: ctx.ip, userAgent: ctx.userAgent });
  if (!closed) throw new HttpError(409, t("errors.pollClosed"));
  ctx.waitUntil(
    ctx.env.PollTimer.get(ctx.env.PollTimer.idFromName(id))
      .cancel()
      .catch(() => {}),
  );
  return closed;
}

/** Reminders go to eligible voters who have not voted, at most once an hour per poll. */
export const REMINDER_INTERVAL_MS = 60 * 60_000;

export async function remindVoters(ctx: RequestContext, session: CurrentSession, id: string, t: Translate) {
  const poll = await requirePoll(ctx, session, id, t);
  if (poll.createdBy !== session.user.id && !seesEveryPoll(session)) throw new HttpError(403, t("errors.remindForbidden"));
  if (poll.status !== "open") throw new HttpError(409, t("errors.pollClosed"));
  const now = Date.now();
  // Claim the reminder slot atomically so two clicks never send two rounds.
  const claimed = await ctx.db
    .update(polls)
    .set({ lastRemindedAt: new Date(now) })
    .where(and(eq(polls.id, id), sql`(${polls.lastRemindedAt} IS NULL OR ${polls.lastRemindedAt} <= ${now - REMINDER_INTERVAL_MS})`))
    .run();
  if (!claimed.meta.changes) throw new HttpError(429, t("errors.remindedRecently"));
  const waiting = await ctx.db
    .select({ userId: pollVoters.userId })
    .from(pollVoters)
    .where(and(eq(pollVoters.pollId, id), sql`not exists (select 1 from ${pollBallots} where ${pollBallots.pollId} = ${id} and ${pollBallots.voterId} = ${pollVoters.userId})`));
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
        return { subject: rt("mail.reminderSubject", { title: poll.title }), text: rt("mail.reminderBody", { title: poll.title, link, closesAt: poll.closesAt.toUTCString() }) };
      },
    },
  );
  await audit(ctx, session, "poll.remind", id, { recipients: recipients.length });
  return { reminded: recipients.length };
}

export async function setWatching(ctx: RequestContext, session: CurrentSession, id: string, watching: boolean, t: Translate) {
  const poll = await requirePoll(ctx, session, id, t);
  if (watching) {
    await ctx.db.insert(pollWatchers).values({ pollId: id, userId: session.user.id, workspaceId: poll.workspaceId }).onConflictDoNothing();
  } else {
    await ctx.db.delete(pollWatchers).where(and(eq(pollWatchers.pollId, id), eq(pollWatchers.userId, session.user.id)));
  }
}

/** Members and their beneficial shares, for the poll form (chosen people) and the admin page. */
export async function workspaceVoters(db: Db, session: CurrentSession) {
  if (!session.workspace) return [];
  return db
    .select({ userId: memberships.userId, name: users.name, role: memberships.role, shareBp: memberships.beneficialShareBp })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, session.workspace.id), ne(memberships.role, "viewer")))
    .orderBy(asc(users.name));
}

/** Owners and trustees record each member's beneficial interest (basis points), which weighs votes. */
export async function setBeneficialShare(ctx: RequestContext, session: CurrentSession, userId: string, shareBp: number | null, t: Translate) {
  if (!session.workspace || !canAdminister(session.workspace.role)) throw new HttpError(403, t("errors.sharesForbidden"));
  if (shareBp !== null && (!Number.isInteger(shareBp) || shareBp < 0 || shareBp > 10_000)) throw new HttpError(400, t("errors.shareInvalid"));
  const members = await ctx.db
    .select({ userId: memberships.userId, shareBp: memberships.beneficialShareBp })
    .from(memberships)
    .where(eq(memberships.workspaceId, session.workspace.id));
  if (!members.some((m) => m.userId === userId)) throw new HttpError(404, t("errors.notAMember"));
  const others = members.filter((m) => m.userId !== userId).reduce((sum, m) => sum + (m.shareBp ?? 0), 0);
  if (others + (shareBp ?? 0) > 10_000) throw new HttpError(400, t("errors.sharesOver100", { left: ((10_000 - others) / 100).toString() }));
  await ctx.db.batch([
    ctx.db
      .update(memberships)
      .set({ beneficialShareBp: shareBp })
      .where(and(eq(memberships.workspaceId, session.workspace.id), eq(memberships.userId, userId))),
    ctx.db.insert(auditLog).values(
      auditRow({
        action: "member.share_set",
        workspaceId: session.workspace.id,
        actorUserId: session.user.id,
        targetType: "user",
        targetId: userId,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        metadata: { shareBp },
      }),
    ),
  ]);
}


/**
 * The poll pages' form actions (vote, close, remind, watch), shared by /polling/{id} and
 * /vote-tracking/{id}. Refusals come back as `{ intent, error }` with their status.
 */
export async function pollFormAction(ctx: RequestContext, session: CurrentSession, id: string, form: FormData, t: Translate) {
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "vote": {
      const choices = form.getAll("choices").filter((c): c is string => typeof c === "string" && c.length > 0);
      if (choices.length === 0) throw new HttpError(400, t("errors.choiceMissing"));
      await castBallot(ctx, session, id, choices, t);
      return { intent, ok: true };
    }
    case "close":
      await closePollByHand(ctx, session, id, t);
      return { intent, ok: true };
    case "remind":
      return { intent, ok: true, ...(await remindVoters(ctx, session, id, t)) };
    case "watch":
      await setWatching(ctx, session, id, form.get("watching") === "true", t);
      return { intent, ok: true };
    default:
      throw new HttpError(400, t("errors.unknownCommand"));
  }
}
