import { and, desc, eq } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import type { OpsViewer } from "./access.server";
import { describeEvents, sessionErrorIds } from "./errors.server";
import { problemReports, type ReportStatus } from "./schema";
import { routeOnly } from "./scrub";

export interface NewReport {
  description: string;
  /** With the person's consent, their browser session's last errors are attached. */
  attachErrors: boolean;
  sessionKey?: string;
  route?: string;
}

/** A person's "report a problem": their words as written (they chose to send them), and their own errors if they agreed. */
export async function createReport(ctx: RequestContext, session: CurrentSession, report: NewReport) {
  const errorIds = report.attachErrors && report.sessionKey ? await sessionErrorIds(ctx.db, session.user.id, report.sessionKey) : [];
  const now = new Date();
  const row = {
    id: crypto.randomUUID(),
    workspaceId: session.workspace?.id ?? null,
    userId: session.user.id,
    description: report.description,
    route: routeOnly(report.route),
    errorIds: JSON.stringify(errorIds),
    status: "received" as const,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.db.insert(problemReports).values(row);
  return { id: row.id, status: row.status, attachedErrors: errorIds.length, createdAt: now.toISOString() };
}

/** The person's own reports and where each stands. */
export async function myReports(ctx: RequestContext, userId: string) {
  const rows = await ctx.db
    .select({
      id: problemReports.id,
      description: problemReports.description,
      status: problemReports.status,
      createdAt: problemReports.createdAt,
      updatedAt: problemReports.updatedAt,
    })
    .from(problemReports)
    .where(eq(problemReports.userId, userId))
    .orderBy(desc(problemReports.createdAt))
    .limit(20);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
}

/** Every report, for the operators (a workspace's administrators do not read their members' reports). */
export async function allReports(ctx: RequestContext, viewer: OpsViewer) {
  if (viewer.kind !== "operator") return [];
  const rows = await ctx.db.select().from(problemReports).orderBy(desc(problemReports.createdAt)).limit(50);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      workspaceId: r.workspaceId,
      userId: r.userId,
      description: r.description,
      route: r.route,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      errors: (await describeEvents(ctx.db, JSON.parse(r.errorIds) as string[])).map((e) => ({ ...e, at: e.at.toISOString() })),
    })),
  );
}

export async function setReportStatus(ctx: RequestContext, viewer: OpsViewer, id: string, status: ReportStatus) {
  if (viewer.kind !== "operator") throw new Refusal(403, "errors.operatorsOnly");
  const updated = await ctx.db
    .update(problemReports)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(problemReports.id, id)))
    .returning({ id: problemReports.id, workspaceId: problemReports.workspaceId });
  if (!updated[0]) throw new Refusal(404, "errors.reportNotFound");
  await ctx.audit({
    action: "ops.report_status",
    actorUserId: viewer.userId,
    workspaceId: updated[0].workspaceId,
    targetType: "problem_report",
    targetId: id,
    metadata: { status },
  });
  return { id, status };
}
