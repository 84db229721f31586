import type { CurrentSession } from "~/modules/auth/session.server";
import type { RequestContext } from "~/platform/request-context.server";
import { requireOpsViewer } from "./access.server";
import { readBeacons, CRON_BEACON_PREFIX, type CronRun } from "./beacons.server";
import { auditVerification, configProblems, platformHealth, probeHistory } from "./health.server";
import { overallStatus, runProbes } from "./probes.server";

/**
 * /system-health's data. Operators: the platform's cached check, configuration problems and every chain. A workspace's
 * administrators: the same probes with mail and SMS counted for their workspace, its own audit chain, no configuration.
 */
export async function healthPage(ctx: RequestContext, session: CurrentSession) {
  const viewer = requireOpsViewer(ctx.config, session);
  const now = new Date();
  const deps = { db: ctx.db, env: ctx.env, config: ctx.config, now };
  const services = viewer.kind === "operator" ? (await platformHealth(deps)).services : await runProbes(deps, { workspaceId: viewer.workspaceId });
  const [history, audit, cronRuns] = await Promise.all([
    probeHistory(ctx.db, now),
    auditVerification(ctx.db, viewer, now),
    readBeacons<CronRun>(ctx.db, CRON_BEACON_PREFIX),
  ]);
  return {
    operator: viewer.kind === "operator",
    status: overallStatus(services),
    checkedAt: now.toISOString(),
    services,
    audit,
    cron: cronRuns
      .map((r) => ({
        name: r.name,
        at: new Date(r.value.finishedAt).toISOString(),
        ok: r.value.ok,
        error: viewer.kind === "operator" ? (r.value.error ?? null) : null,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    history,
    problems: viewer.kind === "operator" ? configProblems(ctx.config, ctx.env, services) : null,
  };
}

export type HealthPageData = Awaited<ReturnType<typeof healthPage>>;
