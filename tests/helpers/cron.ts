import { expect } from "vitest";

/** One cron run through wrangler's test route (`--test-scheduled`); it answers when every module's work has ended. */
export async function runCron(baseUrl: string): Promise<void> {
  expect((await fetch(new URL("/__scheduled?cron=*/15+*+*+*+*", baseUrl))).status).toBe(200);
}

/**
 * Two cron runs at once, as two overlapping triggers would be, while the server goes on serving a signed-in person
 * (`poke`, once a second) as a live one does. In full local runs one of two such runs twice stood still until the
 * next request reached the local runtime (57 s and 240 s, each ending 2 s after the next test's first request);
 * single runs never did. The cause is not found; the pokes keep these tests about the two runs meeting, and the
 * cron's watchdog (app/platform/jobs.server.ts) names the job if it happens again.
 */
export async function runCronTwiceAtOnce(baseUrl: string, poke: () => Promise<unknown>): Promise<void> {
  let running = true;
  const traffic = (async () => {
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      if (running) await poke().catch(() => undefined);
    }
  })();
  try {
    await Promise.all([runCron(baseUrl), runCron(baseUrl)]);
  } finally {
    running = false;
    await traffic;
  }
}
