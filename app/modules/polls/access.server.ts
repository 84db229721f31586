import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { auditRow } from "~/modules/audit/audit.server";
import { auditLog } from "~/modules/audit/schema";
import { canAdminister } from "~/modules/workspaces/roles";
import type { Role } from "~/modules/workspaces/schema";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { polls, pollVoters, pollWatchers } from "./schema";
import { isUuid } from "~/platform/ids";

/** Who may do what with polls, and which polls a person may see; shared by every poll command. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Owners, trustees and co-trustees put decisions to a vote; everyone eligible votes. */
export function canCreatePolls(role: Role | null | undefined) {
  return canAdminister(role ?? undefined);
}

/** Those who see every poll of the workspace; others see the polls they may vote in, created or watch. */
export function seesEveryPoll(session: CurrentSession) {
  return canAdminister(session.workspace?.role);
}

export function visiblePolls(session: CurrentSession): SQL {
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

/** A poll's entry in the audit log, refusals included. */
export function auditPoll(
  ctx: RequestContext,
  session: CurrentSession,
  action: string,
  pollId: string,
  metadata?: Record<string, string | number | boolean | null>,
  outcome?: "denied",
) {
  return ctx.db.insert(auditLog).values(
    auditRow({
      action,
      outcome,
      workspaceId: session.workspace?.id,
      actorUserId: session.user.id,
      targetType: "poll",
      targetId: pollId,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      metadata,
    }),
  );
}

/** The poll if this person may see it; otherwise a 404 that is written to the audit log as refused. */
export async function requirePoll(ctx: RequestContext, session: CurrentSession, id: string) {
  const poll =
    isUuid(id) && session.workspace
      ? await ctx.db
          .select()
          .from(polls)
          .where(and(eq(polls.id, id), visiblePolls(session)))
          .get()
      : undefined;
  if (!poll) {
    await auditPoll(ctx, session, "poll.access_denied", isUuid(id) ? id : "", { status: 404 }, "denied");
    throw new Refusal(404, "errors.pollNotFound");
  }
  return poll;
}
