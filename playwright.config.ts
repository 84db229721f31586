import { defineConfig } from "@playwright/test";
import { testClientAddressKey } from "./scripts/lib.mjs";

// Two halves of the browser tests run side by side (ADR 0049), each on a server and database of its own, one test at a
// time in each: the tests wait on the network far more than they compute, so two cores serve two halves well, and no
// test ever sees another half's writes to the demo family.
const FIRST_PORT = 8790;
const SECOND_PORT = 8791;
// About half the run's time: the long meeting, scanner and banking files, the accessibility sweep, and files that
// write much demo data (chat, documents, compliance, polls, portal). Every other file runs in the second half.
const FIRST_HALF = [
  "a11y-sweep",
  "banking",
  "banking-charts",
  "banking-rules",
  "chat",
  "compliance",
  "documents",
  "meeting-after",
  "meeting-page",
  "meeting-recording",
  "meetings",
  "meetings-sfu",
  "polls",
  "portal",
  "scanner",
].map((name) => `**/${name}.spec.ts`);

const server = (port: number) => ({
  command: `node scripts/serve-test.mjs ${port}`,
  url: `http://127.0.0.1:${port}/landing`,
  reuseExistingServer: false,
  gracefulShutdown: { signal: "SIGTERM" as const, timeout: 2000 },
  timeout: 120_000,
});
// The run's key with which each test names its own client address (tests/e2e/support.ts `clientAddressHeaders`): in
// the environment, so the test workers and the servers (webServer, and those some specs start) share it.
testClientAddressKey();

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  // On a busy 2-core machine wrangler's asset server has stalled one first request for 8 s (a module the next page
  // needs): the assertions wait up to 15 s for what a person would see, and the tests assert no timings.
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    trace: "off",
    launchOptions: {
      // Debian's Chromium: a browser download is impossible on this machine.
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "first half", testMatch: FIRST_HALF, workers: 1, use: { baseURL: `http://127.0.0.1:${FIRST_PORT}` } },
    { name: "second half", testIgnore: FIRST_HALF, workers: 1, use: { baseURL: `http://127.0.0.1:${SECOND_PORT}` } },
  ],
  webServer: [server(FIRST_PORT), server(SECOND_PORT)],
});
