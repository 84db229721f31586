// Starts the real Worker (wrangler dev: workerd with local D1, R2, Queues and Durable Objects) on a fresh,
// empty database for the worker tests, and stops it afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ensureDevVars, migrate, startServer } from "../../scripts/lib.mjs";
import { freePort } from "../helpers/ports";
import { TEST_TWILIO_AUTH_TOKEN } from "../helpers/sms";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    persistTo: string;
  }
}

export default async function setup(project: TestProject) {
  ensureDevVars();
  const persistTo = mkdtempSync(join(tmpdir(), "worker-tests-"));
  migrate(persistTo);
  // A Twilio auth token lets the SMS webhook tests sign requests; sending stays in the embedded outbox.
  const server = await startServer({ port: await freePort(), persistTo, vars: { TWILIO_AUTH_TOKEN: TEST_TWILIO_AUTH_TOKEN }, testScheduled: true });
  project.provide("baseUrl", server.url);
  project.provide("persistTo", persistTo);
  return () => {
    server.stop();
    rmSync(persistTo, { recursive: true, force: true });
  };
}
