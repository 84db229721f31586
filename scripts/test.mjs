// npm test: every test. Unit tests, then the worker tests against the real Worker, then the browser tests.
// The summary at the end names each failed test, so a log read from its tail (CI) says what broke.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { build, ensureDevVars, offlineEnv } from "./lib.mjs";

// Not under test-results/: Playwright empties that folder when it starts, and the worker tests' log must survive it.
const REPORTS = "test-reports";
mkdirSync(REPORTS, { recursive: true });
const steps = [];
function step(name, command, args, failedTests = () => [], env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...offlineEnv, ...env } });
  const ok = result.status === 0;
  steps.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1), failed: ok ? [] : failedTests() });
  return ok;
}

function readJson(path) {
  try {
    return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null;
  } catch {
    return null;
  }
}

function vitestFailures() {
  const report = readJson(`${REPORTS}/vitest.json`);
  if (!report) return ["(no vitest report was written)"];
  return report.testResults.flatMap((file) => {
    const failedTests = file.assertionResults
      .filter((t) => t.status === "failed")
      .map((t) => `${file.name.replace(process.cwd() + "/", "")} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    // A file that failed before any test ran (a hook, an import) has no failed test of its own.
    return failedTests.length || file.status !== "failed" ? failedTests : [`${file.name}: ${firstLine(file.message)}`];
  });
}

function playwrightFailures() {
  const report = readJson(`${REPORTS}/playwright.json`);
  if (!report) return ["(no playwright report was written)"];
  const failed = [];
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        if (test.status === "unexpected") failed.push(`${spec.file}:${spec.line} › ${[...trail, spec.title].join(" › ")}: ${firstLine(last?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return failed;
}

/** The runtime's own words about crashes and restarts (a 503 "worker restarted mid-request" says nothing of why). */
function runtimeTrouble(path) {
  if (!existsSync(path)) return [];
  const lines = readFileSync(path, "utf8")
    .split("\n")
    // "Reloading": wrangler rebuilt the Worker because a source file changed during the run (an edit, a checkout).
    // A request of 10 s or more (wrangler logs "(12345ms)") names what hung; sockets stay open for long by design.
    // "Broken pipe": a client (a browser closing a tab, a test's aborted request) left before its answer was written.
    .filter(
      (line) =>
        !/Broken pipe/.test(line) &&
        (/signal|fatal|restart|\breload|uncaught|exceeded|out of memory|segmentation|terminat|✘|did not answer|still running after/i.test(line) ||
          (/\(\d{5,}ms\)/.test(line) && !/101 Switching/.test(line))),
    );
  return lines.slice(-20).map((line) => `runtime: ${firstLine(line)}`);
}

function firstLine(text) {
  return (
    String(text ?? "")
      // Colour codes (ESC [ … m) out, so the summary reads plainly in a log.
      .split(String.fromCharCode(27))
      .map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, "")))
      .join("")
      .split("\n")
      .find((line) => line.trim())
      ?.slice(0, 300)
  );
}

ensureDevVars();
step("chromium", "bash", ["scripts/ensure-chromium.sh"]);
build();
// The worker tests' wrangler writes its log here: a failure's summary quotes what the runtime said about it.
const WORKER_LOG = `${REPORTS}/worker-wrangler.log`;
// Servers append to the log (scripts/lib.mjs): each run starts it empty.
rmSync(WORKER_LOG, { force: true });
step(
  "unit + worker tests (vitest)",
  "node_modules/.bin/vitest",
  ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${REPORTS}/vitest.json`],
  () => [...vitestFailures(), ...runtimeTrouble(WORKER_LOG)],
  { WRANGLER_LOG_FILE: process.env.WRANGLER_LOG_FILE ?? WORKER_LOG },
);
// The browser tests' servers keep their log too: a click that opened nothing may be a request that never finished.
const E2E_LOG = `${REPORTS}/e2e-wrangler.log`;
rmSync(E2E_LOG, { force: true });
step(
  "browser tests (playwright)",
  "node_modules/.bin/playwright",
  ["test", "--reporter=list,json"],
  () => [...playwrightFailures(), ...runtimeTrouble(E2E_LOG)],
  { PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json`, WRANGLER_LOG_FILE: process.env.WRANGLER_LOG_FILE ?? E2E_LOG },
);

console.log("\nSummary:");
for (const s of steps) {
  console.log(`  ${s.ok ? "ok  " : "FAIL"} ${s.name} (${s.seconds} s)`);
  for (const failure of s.failed) console.log(`       ✗ ${failure}`);
}
process.exit(steps.every((s) => s.ok) ? 0 : 1);
