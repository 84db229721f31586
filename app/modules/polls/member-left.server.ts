import { and, eq, inArray } from "drizzle-orm";
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
