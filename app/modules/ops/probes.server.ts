import { and, eq, inArray, max, sql, sum } from "drizzle-orm";
import { chooseTextModel } from "~/modules/ai/text-model";
import { smsMessages } from "~/modules/conversations/schema";
import { mailOutbox } from "~/modules/mail/schema";
import type { Db } from "~/platform/db.server";
import type { AppConfig } from "~/platform/env.server";
import { AI_FALLBACK_BEACON, type AiFallback, CRON_BEACON_PREFIX, type CronRun, QUEUE_BEACON, readBeacon, readBeacons, writeBeacon } from "./beacons.server";
import { faultFor } from "./faults.server";
import type { HealthStatus, Service } from "./schema";

const HOUR = 3_600_000;
const PROBE_TIMEOUT_MS = 5_000;
/** Slower than this, a dependency that answers is degraded. */
const SLOW_MS = 2_000;
/** The cron runs every 15 minutes: a job not seen for three runs has stopped. */
const CRON_STALE_MS = 45 * 60_000;
const QUEUE_ACK_LATE_MS = 2 * 60_000;
const QUEUE_ACK_LOST_MS = 10 * 60_000;

export interface ProbeResult {
  service: Service;
  status: HealthStatus;
  latencyMs: number;
  /** What went wrong, in English for the log and the operators; absent when healthy. */
  error?: string;
  /** Facts the page shows (last delivery, queue age, the engine in use…); never a secret. */
  detail?: Record<string, string | number | boolean | null>;
}

/** Where mail and SMS figures are counted: every workspace for the operators and the monitor, else one. */
export type ProbeScope = { workspaceId: string | null };

export interface ProbeDeps {
  db: Db;
  env: Env;
  config: AppConfig;
  now: Date;
}

type Outcome = Omit<ProbeResult, "service" | "latencyMs">;

/** Runs one probe with a time limit; a throw or a timeout is "down" with its message, and the others still run. */
async function timed(service: Service, run: () => Promise<Outcome>): Promise<ProbeResult> {
  const started = Date.now();
  try {
    const fault = faultFor(service);
    if (fault) throw new Error(fault);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS / 1000} s`)), PROBE_TIMEOUT_MS);
    });
    const outcome = await Promise.race([run(), timeout]).finally(() => clearTimeout(timer));
    const latencyMs = Date.now() - started;
    if (outcome.status === "healthy" && latencyMs > SLOW_MS) return { service, latencyMs, ...outcome, status: "degraded", error: `slow: ${latencyMs} ms` };
    return { service, latencyMs, ...outcome };
  } catch (error) {
    return { service, status: "down", latencyMs: Date.now() - started, error: error instanceof Error ? error.message : String(error) };
  }
}

/** D1: a write and a read of the same row. */
function probeD1({ db, now }: ProbeDeps) {
  return timed("d1", async () => {
    const token = crypto.randomUUID();
    await writeBeacon(db, "d1:probe", token, now).run();
    const read = await readBeacon<string>(db, "d1:probe");
    if (read !== token) throw new Error("the row written was not read back");
    return { status: "healthy" };
  });
}

/** R2: put, head and delete of a probe object outside every workspace's keys. */
function probeR2({ env }: ProbeDeps) {
  return timed("r2", async () => {
    const key = `ops/health-probe/${crypto.randomUUID()}`;
    await env.FILES.put(key, "probe");
    const head = await env.FILES.head(key);
    await env.FILES.delete(key);
    if (!head) throw new Error("the object put was not found");
    return { status: "healthy" };
  });
}

interface QueueProbe {
  probeId: string;
  sentAt: number;
  ackedAt?: number;
}

/**
 * The queue: a probe job is sent (at most once a minute) and the consumer writes when it acknowledged it; the
 * status comes from the last probe's age, since the answer cannot wait for the consumer.
 */
function probeQueue({ db, env, now }: ProbeDeps) {
  return timed("queue", async () => {
    const last = await readBeacon<QueueProbe>(db, QUEUE_BEACON);
    if (!last || now.getTime() - last.sentAt > 60_000) {
      const probe: QueueProbe = { probeId: crypto.randomUUID(), sentAt: now.getTime() };
      await env.JOBS.send({ type: "ops.probe", probeId: probe.probeId, sentAt: probe.sentAt });
      // A probe still waiting for its acknowledgement keeps its place: its age is what matters.
      if (!last || last.ackedAt !== undefined) await writeBeacon(db, QUEUE_BEACON, probe, now).run();
    }
    if (!last) return { status: "healthy", detail: { queueAgeMs: null } };
    if (last.ackedAt === undefined) {
      const waiting = now.getTime() - last.sentAt;
      const detail = { queueAgeMs: waiting };
      if (waiting > QUEUE_ACK_LOST_MS) return { status: "down", error: `probe job not acknowledged for ${Math.round(waiting / 60_000)} min`, detail };
      if (waiting > QUEUE_ACK_LATE_MS) return { status: "degraded", error: `probe job waiting for ${Math.round(waiting / 1000)} s`, detail };
      return { status: "healthy", detail };
    }
    const age = last.ackedAt - last.sentAt;
    return {
      status: age > QUEUE_ACK_LATE_MS ? "degraded" : "healthy",
      detail: { queueAgeMs: age },
      ...(age > QUEUE_ACK_LATE_MS ? { error: `queue age ${age} ms` } : {}),
    };
  });
}

/** The consumer's side of the queue probe. */
export async function acknowledgeQueueProbe(db: Db, job: { probeId: string; sentAt: number }): Promise<void> {
  const last = await readBeacon<QueueProbe>(db, QUEUE_BEACON);
  if (last && last.probeId !== job.probeId && last.sentAt > job.sentAt) return;
  await writeBeacon(db, QUEUE_BEACON, { probeId: job.probeId, sentAt: job.sentAt, ackedAt: Date.now() } satisfies QueueProbe).run();
}

/** The rooms: a ping to a Durable Object through partyserver's router, the one /ws uses. */
function probeRooms({ env }: ProbeDeps) {
  return timed("rooms", async () => {
    // Imported here: partyserver needs the Workers runtime, and the registry's unit test loads every server half in Node.
    const { getServerByName } = await import("partyserver");
    const room = await getServerByName(env.UserRoom, "ops-health-probe");
    const answer = await room.fetch(new Request("https://rooms.internal/ops-ping"));
    if (!answer.ok || (await answer.text()) !== "pong") throw new Error(`the room answered ${answer.status}`);
    return { status: "healthy" };
  });
}

/** The AI engine in use, and whether it recently fell back to the offline one. It is not called (a call costs). */
function probeAi({ db, env, config, now }: ProbeDeps) {
  return timed("ai", async () => {
    const model = chooseTextModel(config, env.AI);
    const engine = model?.engine ?? "offline";
    const configured = config.AI_PROVIDER && config.AI_PROVIDER !== "offline";
    if (configured && !model) return { status: "down", error: `AI_PROVIDER=${config.AI_PROVIDER} is set but cannot be used`, detail: { engine } };
    const fallback = await readBeacon<AiFallback>(db, AI_FALLBACK_BEACON);
    const fellBack = Boolean(model && fallback && now.getTime() - fallback.at < HOUR);
    const detail = { engine, model: model?.model ?? null, fellBackAt: fallback && model ? new Date(fallback.at).toISOString() : null };
    return fellBack ? { status: "degraded", error: "the configured engine failed and the offline engine answered", detail } : { status: "healthy", detail };
  });
}

/** Mail and SMS: the last successful delivery and the failures of the last hour (the whole platform or one workspace). */
function deliveryOutcome(lastSuccess: number | null, failures: number, successesInHour: number): Outcome {
  const detail = { lastSuccessAt: lastSuccess ? new Date(lastSuccess).toISOString() : null, failuresLastHour: failures };
  if (failures === 0) return { status: "healthy", detail };
  const error = `${failures} failed in the last hour`;
  return { status: successesInHour > 0 ? "degraded" : "down", error, detail };
}

function probeMail({ db, config, now }: ProbeDeps, scope: ProbeScope) {
  return timed("mail", async () => {
    // The outbox is the embedded provider's delivery: "recorded" is its success.
    const ok = config.MAIL_PROVIDER === "outbox" ? inArray(mailOutbox.status, ["recorded", "sent"]) : eq(mailOutbox.status, "sent");
    const inScope = scope.workspaceId ? eq(mailOutbox.workspaceId, scope.workspaceId) : undefined;
    const since = new Date(now.getTime() - HOUR);
    const [row] = await db
      .select({
        last: max(sql<number>`case when ${ok} then coalesce(${mailOutbox.sentAt}, ${mailOutbox.createdAt}) end`),
        failures: sum(sql<number>`case when ${mailOutbox.status} = 'failed' and ${mailOutbox.createdAt} >= ${since.getTime()} then 1 else 0 end`),
        recent: sum(sql<number>`case when ${ok} and ${mailOutbox.createdAt} >= ${since.getTime()} then 1 else 0 end`),
      })
      .from(mailOutbox)
      .where(inScope);
    return deliveryOutcome(row?.last ? Number(row.last) : null, Number(row?.failures ?? 0), Number(row?.recent ?? 0));
  });
}

function probeSms({ db, now }: ProbeDeps, scope: ProbeScope) {
  return timed("sms", async () => {
    const ok = sql`${smsMessages.status} in ('sent', 'delivered')`;
    const failed = sql`${smsMessages.status} in ('failed', 'undelivered')`;
    const since = now.getTime() - HOUR;
    const [row] = await db
      .select({
        last: max(sql<number>`case when ${ok} then ${smsMessages.updatedAt} end`),
        failures: sum(sql<number>`case when ${failed} and ${smsMessages.updatedAt} >= ${since} then 1 else 0 end`),
        recent: sum(sql<number>`case when ${ok} and ${smsMessages.updatedAt} >= ${since} then 1 else 0 end`),
      })
      .from(smsMessages)
      .where(and(eq(smsMessages.direction, "outbound"), scope.workspaceId ? eq(smsMessages.workspaceId, scope.workspaceId) : undefined));
    return deliveryOutcome(row?.last ? Number(row.last) : null, Number(row?.failures ?? 0), Number(row?.recent ?? 0));
  });
}

/** The cron: each scheduled job's last run and outcome, as `scheduledWork` recorded them. */
function probeCron({ db, now }: ProbeDeps) {
  return timed("cron", async () => {
    const runs = await readBeacons<CronRun>(db, CRON_BEACON_PREFIX);
    if (runs.length === 0) return { status: "degraded", error: "no scheduled run recorded yet" };
    const failed = runs.filter((r) => !r.value.ok);
    const stale = runs.filter((r) => now.getTime() - r.value.finishedAt > CRON_STALE_MS);
    const lastRunAt = new Date(Math.max(...runs.map((r) => r.value.finishedAt))).toISOString();
    const detail = { jobs: runs.length, failed: failed.length, lastRunAt };
    if (stale.length === runs.length) return { status: "down", error: `no scheduled run since ${lastRunAt}`, detail };
    if (failed.length > 0) return { status: "degraded", error: `failed: ${failed.map((r) => r.name).join(", ")}`, detail };
    return { status: "healthy", detail };
  });
}

/** Every probe, each on its own: one failing never hides the others. */
export function runProbes(deps: ProbeDeps, scope: ProbeScope = { workspaceId: null }): Promise<ProbeResult[]> {
  return Promise.all([
    probeD1(deps),
    probeR2(deps),
    probeQueue(deps),
    probeRooms(deps),
    probeAi(deps),
    probeMail(deps, scope),
    probeSms(deps, scope),
    probeCron(deps),
  ]);
}

/** The whole: healthy when every service is; down when the database is (nothing works without it); else degraded. */
export function overallStatus(results: readonly ProbeResult[]): HealthStatus {
  if (results.every((r) => r.status === "healthy")) return "healthy";
  return results.some((r) => r.service === "d1" && r.status === "down") ? "down" : "degraded";
}
