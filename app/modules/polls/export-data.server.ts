import { and, eq, getTableColumns, gt, sql } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { exportTable, type ExportContribution } from "~/platform/workspace-rows.server";
import { pollBallots, pollOptions, polls, pollVoters, pollWatchers } from "./schema";

const PAGE = 500;

/**
 * Every ballot of the workspace; in an anonymous poll the voter is left out (null), as the poll promised, so the
 * export keeps each choice and the count without saying who chose it.
 */
async function* ballots(db: Db, workspaceId: string): AsyncGenerator<Record<string, unknown>> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ ...getTableColumns(pollBallots), anonymous: polls.anonymous, exportRowid: sql<number>`"poll_ballots"."rowid"` })
      .from(pollBallots)
      .innerJoin(polls, eq(polls.id, pollBallots.pollId))
      .where(and(eq(pollBallots.workspaceId, workspaceId), gt(sql`"poll_ballots"."rowid"`, after)))
      .orderBy(sql`"poll_ballots"."rowid"`)
      .limit(PAGE)
      .all();
    for (const { exportRowid: _rowid, anonymous, ...ballot } of rows) yield anonymous ? { ...ballot, voterId: null } : ballot;
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.exportRowid;
  }
}

/** The workspace's polls as files of its export (issue 19): polls, options, eligible voters, ballots, watchers. */
export const pollsExport: ExportContribution = {
  tables: [
    exportTable("polls/polls.json", polls, polls.workspaceId),
    exportTable("polls/options.json", pollOptions, pollOptions.workspaceId),
    exportTable("polls/voters.json", pollVoters, pollVoters.workspaceId),
    { path: "polls/ballots.json", table: "poll_ballots", rows: ballots },
    exportTable("polls/watchers.json", pollWatchers, pollWatchers.workspaceId),
  ],
};
