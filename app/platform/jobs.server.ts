import { captureWorkerError } from "~/modules/ops/capture.server";
import { recordCronRun } from "~/modules/ops/beacons.server";
import { SERVER_MODULES } from "~/modules/registry.server";
import { createDb } from "./db.server";
import type { AnyJobHandler } from "./module-manifest.server";
import type { JobMessage } from "./job-message";

const handlers = new Map<string, AnyJobHandler>(SERVER_MODULES.flatMap((m) => Object.entries(m.jobs ?? {})));

/**
 * Runs one background job from the queue with the handler its module declared; throwing makes the queue
 * retry it with backoff. A job nobody handles, or whose fields are wrong, would fail the same way on every
 * retry, so it is dropped with a warning instead.
 */
export async function runJob(env: Env, job: JobMessage, attempt = 1): Promise<void> {
  const handler = handlers.get(job.type);
  if (!handler) return console.warn("Unknown job dropped", job);
  const parsed = handler.schema.safeParse(job);
  if (!parsed.success) return console.warn(`Malformed ${job.type} job dropped`, parsed.error.issues);
  await handler.run(env, parsed.data as never, attempt);
}

/** A cron job still at work after this long is named in the log, again at each interval, until it ends. */
const CRON_WATCH_MS = 10_000;

/** The cron trigger's work from every module; one failing never stops the others. Each run's outcome is kept for /system-health. */
export function scheduledWork(env: Env, now: Date): Promise<unknown>[] {
  const db = createDb(env.DB);
  return SERVER_MODULES.flatMap((m) => m.scheduled ?? []).map(async (work) => {
    const startedAt = Date.now();
    const watch = setInterval(
      () => console.warn(`Scheduled job ${work.name} is still running after ${Math.round((Date.now() - startedAt) / 1000)} s`),
      CRON_WATCH_MS,
    );
    try {
      await work.run(env, now);
      await recordCronRun(db, work.name, { startedAt, finishedAt: Date.now(), ok: true });
    } catch (error) {
      console.error(`Scheduled job ${work.name} failed`, error);
      await captureWorkerError(env, error, { route: `cron: ${work.name}` });
      await recordCronRun(db, work.name, { startedAt, finishedAt: Date.now(), ok: false, error: error instanceof Error ? error.message : String(error) });
    } finally {
      clearInterval(watch);
    }
  });
}
