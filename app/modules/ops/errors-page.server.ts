import type { CurrentSession } from "~/modules/auth/session.server";
import type { RequestContext } from "~/platform/request-context.server";
import { opsViewer } from "./access.server";
import { listErrorGroups } from "./errors.server";
import { allReports, myReports } from "./reports.server";

/** /error-reporting: everyone reports and follows their reports; administrators see their workspace's errors; operators all. */
export async function errorsPage(ctx: RequestContext, session: CurrentSession) {
  const viewer = opsViewer(ctx.config, session);
  const [groups, mine, all] = await Promise.all([
    viewer ? listErrorGroups(ctx.db, viewer) : Promise.resolve(null),
    myReports(ctx, session.user.id),
    viewer?.kind === "operator" ? allReports(ctx, viewer) : Promise.resolve(null),
  ]);
  return { operator: viewer?.kind === "operator", groups, mine, all };
}

export type ErrorsPageData = Awaited<ReturnType<typeof errorsPage>>;
