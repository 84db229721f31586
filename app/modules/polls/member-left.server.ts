import { and, eq, inArray } from "drizzle-orm";
import { auditInsert } from "~/modules/audit/audit.server";
import { createDb } from "~/platform/db.server";
import type { DomainEvents } from "~/platform/domain-events.server";
import { pollBallots, polls, pollVoters, pollWatchers } from "./schema";

/**
 * Someone left the workspace: they stop being a voter (and their ballot is withdrawn) in the polls still open, so a
 * poll waiting for "everyone" does not wait for them; their ballots in closed polls stay, as the record of the vote.
 */
export async function withdrawDepartedVoter(env: Env, { workspaceId, userId }: DomainEvents["member.left"]): Promise<void> {
  const db = createDb(env.DB);
  const openPolls = db
    .select({ id: polls.id })
    .from(polls)
    .where(and(eq(polls.workspaceId, workspaceId), eq(polls.status, "open")));
  await db.batch([
    db.delete(pollBallots).where(and(eq(pollBallots.workspaceId, workspaceId), eq(pollBallots.voterId, userId), inArray(pollBallots.pollId, openPolls))),
    db.delete(pollVoters).where(and(eq(pollVoters.workspaceId, workspaceId), eq(pollVoters.userId, userId), inArray(pollVoters.pollId, openPolls))),
    db.delete(pollWatchers).where(and(eq(pollWatchers.workspaceId, workspaceId), eq(pollWatchers.userId, userId))),
  ]);
}

/** Whether a member of this role may vote in this poll now: viewers never vote, and a poll for roles is for its roles. */
export function roleMayVote(poll: { eligibility: string; eligibleRoles: readonly string[] | null }, role: string | null | undefined): boolean {
  if (!role || role === "viewer") return false;
  return poll.eligibility !== "roles" || (poll.eligibleRoles ?? []).includes(role);
}

/**
 * A voter's role changed to one an open poll is not for (made a viewer; a trustee made a beneficiary in a trustees'
 * poll): they stop being its voter and a ballot they cast is withdrawn, as when they leave, each poll audited. The
 * voters were fixed when the poll opened, so without this a vote could be cast under a role the person no longer has.
 */
export async function withdrawVoterOnRoleChange(env: Env, { workspaceId, userId, from, to, byUserId }: DomainEvents["member.role_changed"]): Promise<void> {
  const db = createDb(env.DB);
  const open = await db
    .select({ id: polls.id, eligibility: polls.eligibility, eligibleRoles: polls.eligibleRoles })
    .from(polls)
    .innerJoin(pollVoters, and(eq(pollVoters.pollId, polls.id), eq(pollVoters.userId, userId)))
    .where(and(eq(polls.workspaceId, workspaceId), eq(polls.status, "open")));
  const ids = open.filter((poll) => !roleMayVote(poll, to)).map((poll) => poll.id);
  if (ids.length === 0) return;
  const metadata = { userId, reason: "role_changed", from, to };
  await db.batch([
    db.delete(pollBallots).where(and(eq(pollBallots.workspaceId, workspaceId), eq(pollBallots.voterId, userId), inArray(pollBallots.pollId, ids))),
    db.delete(pollVoters).where(and(eq(pollVoters.workspaceId, workspaceId), eq(pollVoters.userId, userId), inArray(pollVoters.pollId, ids))),
    ...ids.map((id) => auditInsert(db, { action: "poll.voter_withdrawn", workspaceId, actorUserId: byUserId, targetType: "poll", targetId: id, metadata })),
  ]);
}
