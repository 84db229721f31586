import { createDb } from "~/platform/db.server";
import { getConfig } from "~/platform/env.server";
import { type ErrorOccurrence, recordErrors } from "./errors.server";
import { RELEASE } from "./release";
import { sentryForwarder } from "./sentry.server";
import { mapStack } from "./sourcemap";
import { capStack } from "./stack-frames";

export interface WorkerErrorPlace {
  /** The path of a loader or action, or "queue: <job>", "cron: <job>", "room: <class>". */
  route: string;
  userId?: string | null;
  workspaceId?: string | null;
}

/** What was thrown, as an occurrence (a thrown non-Error is named by its type). */
export function occurrenceOf(error: unknown, place: WorkerErrorPlace): ErrorOccurrence {
  const e = error instanceof Error ? error : new Error(typeof error === "string" ? error : `Non-error thrown: ${typeof error}`);
  return { source: "worker", type: e.name || "Error", message: e.message, stack: capStack(e.stack), release: RELEASE, ...place };
}

/**
 * Stores an error of the Worker itself (loaders, actions, the queue, the cron, the rooms) in /error-reporting and,
 * when configured, Sentry. Never throws: reporting an error must not become a second one.
 */
export async function captureWorkerError(env: Env, error: unknown, place: WorkerErrorPlace): Promise<void> {
  try {
    const occurrence = occurrenceOf(error, place);
    // Our frames name the sources (app/…:line:column) before the stack is scrubbed and fingerprinted.
    occurrence.stack = (await mapStack(occurrence.stack)) ?? null;
    const [stored] = await Promise.allSettled([
      recordErrors(createDb(env.DB), [occurrence]),
      (async () => {
        const config = getConfig(env);
        await sentryForwarder(config.SENTRY_DSN, config.APP_ENV)?.forward(occurrence);
      })(),
    ]);
    if (stored.status === "rejected") console.warn("Could not store the error", stored.reason);
  } catch (failure) {
    console.warn("Could not capture the error", failure);
  }
}
