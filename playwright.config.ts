import { defineConfig } from "@playwright/test";
import { testClientAddressKey } from "./scripts/lib.mjs";

const PORT = 8790;
// The run's key with which each test names its own client address (tests/e2e/support.ts `clientAddressHeaders`): in
// the environment, so the test workers and the servers (webServer, and those some specs start) share it.
testClientAddressKey();

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  // On a busy 2-core machine wrangler's asset server has stalled one first request for 8 s (a module the next page
  // needs): the assertions wait up to 15 s for what a person would see, and the tests assert no timings.
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
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
  webServer: {
    command: `node scripts/serve-test.mjs ${PORT}`,
    url: `http://127.0.0.1:${PORT}/landing`,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM", timeout: 2000 },
    timeout: 120_000,
  },
});
