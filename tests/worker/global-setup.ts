// Starts the real Worker (wrangler dev: workerd with local D1, R2, Queues and Durable Objects) on a fresh,
// empty database for the worker tests, and stops it afterwards.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ensureDevVars, migrate, startServer, testClientAddressKey } from "../../scripts/lib.mjs";
import { freePort } from "../helpers/ports";
import {
  startFakeRealtime,
  TEST_SFU_APP_ID,
  TEST_SFU_APP_SECRET,
  TEST_SFU_FROM,
  TEST_STUN_URL,
  TEST_TURN_KEY_API_TOKEN,
  TEST_TURN_KEY_ID,
} from "../helpers/fake-realtime";
import { startFakeSentry } from "../helpers/fake-sentry";
import { TEST_OPERATOR_EMAIL } from "../helpers/ops";
import { TEST_TWILIO_AUTH_TOKEN } from "../helpers/sms";
import type { TestServer } from "../helpers/test-server";

export default async function setup(project: TestProject) {
  ensureDevVars();
  // The run's key with which the tests' clients name their own addresses (tests/helpers/client.ts), in the environment
  // the test files inherit, so the servers some of them start take it too.
  testClientAddressKey();
  // One server for each of vitest's pool slots (vitest.config.ts `maxWorkers`): tests/helpers/test-server.ts.
  const count = Math.max(1, Number(project.config.maxWorkers) || 1);
  const started: Started[] = [];
  // One at a time: each migration runs wrangler, and two wrangler starts at once only compete for the same two cores.
  for (let i = 0; i < count; i++) started.push(await startTestServer());
  project.provide(
    "servers",
    started.map((s) => s.server),
  );
  return async () => {
    await Promise.all(started.map((s) => s.stop()));
  };
}

interface Started {
  server: TestServer;
  stop: () => Promise<void>;
}

/** A real Worker (wrangler dev) on a fresh, empty database, with its own stand-ins for Realtime and Sentry. */
async function startTestServer(): Promise<Started> {
  const persistTo = mkdtempSync(join(tmpdir(), "worker-tests-"));
  migrate(persistTo);
  // A Twilio auth token lets the SMS webhook tests sign requests; sending stays in the embedded outbox. Meetings of
  // TEST_SFU_FROM people or more go through a stand-in for Cloudflare Realtime's SFU API; smaller ones stay a mesh.
  // The same stand-in mints TURN credentials; those knocking at a lobby get the STUN server alone.
  const realtime = await startFakeRealtime();
  // Captured errors are also forwarded to a stand-in for Sentry's ingestion endpoint (ADR 0031), as with a real DSN.
  const sentry = await startFakeSentry();
  // The tests' `sql()` goes through the server itself (app/platform/dev-sql.server.ts), with this run's own key.
  const devSqlToken = randomBytes(32).toString("base64url");
  const vars = {
    TWILIO_AUTH_TOKEN: TEST_TWILIO_AUTH_TOKEN,
    REALTIME_SFU_APP_ID: TEST_SFU_APP_ID,
    REALTIME_SFU_APP_SECRET: TEST_SFU_APP_SECRET,
    REALTIME_API_BASE_URL: `${realtime.url}/v1`,
    MEETINGS_SFU_FROM: String(TEST_SFU_FROM),
    REALTIME_TURN_KEY_ID: TEST_TURN_KEY_ID,
    REALTIME_TURN_KEY_API_TOKEN: TEST_TURN_KEY_API_TOKEN,
    MEETINGS_STUN_URLS: TEST_STUN_URL,
    // The operator of the operations tests (ADR 0031): sees every workspace's health and errors once verified.
    OPERATOR_EMAILS: TEST_OPERATOR_EMAIL,
    SENTRY_DSN: sentry.dsn(42),
    DEV_SQL_TOKEN: devSqlToken,
  };
  const server = await startServer({ port: await freePort(), persistTo, vars, testScheduled: true });
  return {
    server: {
      baseUrl: server.url,
      persistTo,
      realtimeUrl: realtime.url,
      sentryUrl: sentry.url,
      // The key rides in the address's fragment, which fetch never sends; tests/helpers/sql-worker.mjs moves it to a header.
      sqlUrl: `${server.url}/__dev/sql#${devSqlToken}`,
    },
    stop: async () => {
      await server.stop();
      void realtime.stop();
      void sentry.stop();
      // KEEP_TEST_DB=1 leaves the run's D1 and R2 for a look afterwards (cron timings, rows a failure left).
      if (process.env.KEEP_TEST_DB) console.log(`The worker tests' data stays in ${persistTo}`);
      else rmSync(persistTo, { recursive: true, force: true });
    },
  };
}
