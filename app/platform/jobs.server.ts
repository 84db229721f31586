import { SERVER_MODULES } from "~/modules/registry.server";
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

/** The cron trigger's work from every module; one failing never stops the others. */
export function scheduledWork(env: Env, now: Date): Promise<unknown>[] {
  return SERVER_MODULES.flatMap((m) => m.scheduled ?? []).map((work) =>
    work.run(env, now).catch((error) => console.error(`Scheduled job ${work.name} failed`, error)),
  );
}
