import { desc, eq, gte, lt } from "drizzle-orm";
import { auditChainChecks } from "~/modules/audit/schema";
import type { Db } from "~/platform/db.server";
import type { AppConfig } from "~/platform/env.server";
import type { OpsViewer } from "./access.server";
import { overallStatus, type ProbeDeps, type ProbeResult, runProbes } from "./probes.server";
import { healthProbes, type HealthStatus, SERVICES } from "./schema";

const CACHE_MS = 5_000;
const HISTORY_DAYS = 7;
const DAY = 86_400_000;
/** The chart's columns: 6 hours each, 28 over the week. */
export const BUCKET_MS = 6 * 3_600_000;

export interface HealthReport {
  status: HealthStatus;
  checkedAt: string;
  services: ProbeResult[];
}

let cached: { at: number; report: HealthReport } | null = null;

/** The platform-wide check for GET /api/health: cheap, since a monitor may call it every few seconds. */
export async function platformHealth(deps: ProbeDeps): Promise<HealthReport> {
  if (cached && deps.now.getTime() - cached.at < CACHE_MS) return cached.report;
  const services = await runProbes(deps);
  const report = { status: overallStatus(services), checkedAt: deps.now.toISOString(), services };
  cached = { at: deps.now.getTime(), report };
  return report;
}

export function forgetCachedHealth(): void {
  cached = null;
}

/** What a caller may see: without a session, each service's status and latency and no error text. */
export function publicView(report: HealthReport, detailed: boolean) {
  return {
    status: report.status,
    checkedAt: report.checkedAt,
    services: report.services.map(({ service, status, latencyMs, error, detail }) =>
      detailed ? { service, status, latencyMs, ...(error ? { error } : {}), ...(detail ? { detail } : {}) } : { service, status, latencyMs },
    ),
  };
}

/** The cron's part: probe, keep the results for the chart, and drop what is older than the week. */
export async function recordProbes(deps: ProbeDeps): Promise<void> {
  forgetCachedHealth();
  const report = await platformHealth(deps);
  await deps.db.batch([
    deps.db.insert(healthProbes).values(
      report.services.map((s) => ({
        id: crypto.randomUUID(),
        service: s.service,
        status: s.status,
        latencyMs: s.latencyMs,
        error: s.error?.slice(0, 300) ?? null,
        checkedAt: deps.now,
      })),
    ),
    deps.db.delete(healthProbes).where(lt(healthProbes.checkedAt, new Date(deps.now.getTime() - HISTORY_DAYS * DAY))),
  ]);
}

export interface HistoryRow {
  service: string;
  /** Per 6-hour column, oldest first: the worst status probed then, or null when nothing was probed. */
  buckets: (HealthStatus | null)[];
  /** Share of healthy probes over the week, in percent; null without probes. */
  uptime: number | null;
}

const RANK: Record<HealthStatus, number> = { healthy: 0, degraded: 1, down: 2 };

export async function probeHistory(db: Db, now: Date): Promise<{ from: string; rows: HistoryRow[] }> {
  const from = now.getTime() - HISTORY_DAYS * DAY;
  const probes = await db
    .select({ service: healthProbes.service, status: healthProbes.status, at: healthProbes.checkedAt })
    .from(healthProbes)
    .where(gte(healthProbes.checkedAt, new Date(from)))
    .all();
  const columns = Math.ceil((HISTORY_DAYS * DAY) / BUCKET_MS);
  const rows = SERVICES.map((service) => {
    const mine = probes.filter((p) => p.service === service);
    const buckets: (HealthStatus | null)[] = Array.from({ length: columns }, () => null);
    for (const p of mine) {
      const i = Math.min(columns - 1, Math.floor((p.at.getTime() - from) / BUCKET_MS));
      const current = buckets[i];
      if (current === null || current === undefined || RANK[p.status] > RANK[current]) buckets[i] = p.status;
    }
    const uptime = mine.length ? Math.round((mine.filter((p) => p.status === "healthy").length / mine.length) * 1000) / 10 : null;
    return { service, buckets, uptime };
  });
  return { from: new Date(from).toISOString(), rows };
}

/** The audit chain's last complete verification: every chain for operators, the workspace's own otherwise. */
export async function auditVerification(db: Db, viewer: OpsViewer, now: Date) {
  const rows = await db
    .select({ chain: auditChainChecks.chain, checkedAt: auditChainChecks.checkedAt, ok: auditChainChecks.ok, brokenSeq: auditChainChecks.brokenSeq })
    .from(auditChainChecks)
    .where(viewer.kind === "operator" ? undefined : eq(auditChainChecks.chain, viewer.workspaceId))
    .orderBy(desc(auditChainChecks.checkedAt))
    .all();
  const checked = rows.filter((r) => r.checkedAt);
  const broken = checked.filter((r) => r.ok === false);
  const last = checked[0]?.checkedAt ?? null;
  const status: HealthStatus = broken.length ? "down" : !last || now.getTime() - last.getTime() > 2 * DAY ? "degraded" : "healthy";
  return { status, lastVerifiedAt: last?.toISOString() ?? null, chains: checked.length, broken: broken.length };
}

export interface ConfigProblem {
  /** The key of the sentence in ops.json, under `config.` */
  key: string;
  values?: Record<string, string>;
}

/** Configuration problems in words (operators only: they name settings, never their values). */
export function configProblems(config: AppConfig, env: Env, services: readonly ProbeResult[]): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const production = config.APP_ENV === "production";
  if (production && !config.AUDIT_SIGNING_KEY) problems.push({ key: "missingSecret", values: { name: "AUDIT_SIGNING_KEY" } });
  if (production && config.MAIL_PROVIDER === "outbox") problems.push({ key: "mailOutboxInProduction" });
  if (production && config.SMS_PROVIDER === "twilio" && !config.TWILIO_AUTH_TOKEN)
    problems.push({ key: "missingSecret", values: { name: "TWILIO_AUTH_TOKEN" } });
  if (config.AI_PROVIDER === "workers-ai" && !env.AI) problems.push({ key: "aiBindingMissing" });
  const ai = services.find((s) => s.service === "ai");
  if (ai && ai.status !== "healthy" && config.AI_PROVIDER !== "offline")
    problems.push({ key: "aiFailing", values: { engine: String(ai.detail?.engine ?? "") } });
  if (config.OPERATOR_EMAILS.length === 0) problems.push({ key: "noOperators" });
  return problems;
}
