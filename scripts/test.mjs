// npm test: every test. The unit tests while the app builds, then the worker tests against the real Worker, then the
// browser tests, each of those two at a time on servers of their own (ADR 0049). Each lane's lines carry its name; the
// summary at the end names each failed test, so a log read from its tail (CI) says what broke.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { BUNDLE_COMMAND, ensureDevVars, generateBuildInputs, npxBin, offlineEnv } from "./lib.mjs";

// Not under test-results/: Playwright empties that folder when it starts, and the worker tests' log must survive it.
const REPORTS = "test-reports";
mkdirSync(REPORTS, { recursive: true });
const steps = [];
/** Runs one lane to its end; its output's lines are prefixed with the lane's label. Resolves to whether it passed. */
function step(name, label, command, args, failedTests = () => [], env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...offlineEnv, ...env } });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => console.log(`[${label}] ${line}`));
    }
    child.on("close", (code) => {
      const ok = code === 0;
      steps.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1), failed: ok ? [] : failedTests() });
      resolve(ok);
    });
  });
}

function readJson(path) {
  try {
    return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null;
  } catch {
    return null;
  }
}

function vitestFailures(path) {
  const report = readJson(path);
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
await step("chromium", "chromium", "bash", ["scripts/ensure-chromium.sh"]);
// Generated before the lanes start: the unit tests read the translation index the build is made from.
generateBuildInputs();
const vitest = (project) => {
  const report = `${REPORTS}/vitest-${project}.json`;
  rmSync(report, { force: true });
  return [npxBin("vitest"), ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], report];
};
const [unitBin, unitArgs, unitReport] = vitest("unit");
const [built] = await Promise.all([
  step("build", "build", ...BUNDLE_COMMAND),
  step("unit tests (vitest)", "unit", unitBin, unitArgs, () => vitestFailures(unitReport)),
]);
if (built) {
  // The worker tests' servers write their log here: a failure's summary quotes what the runtime said about it.
  const WORKER_LOG = `${REPORTS}/worker-wrangler.log`;
  // The browser tests' servers keep theirs too: a click that opened nothing may be a request that never finished.
  const E2E_LOG = `${REPORTS}/e2e-wrangler.log`;
  // Servers append to the logs (scripts/lib.mjs): each run starts them empty.
  rmSync(WORKER_LOG, { force: true });
  rmSync(E2E_LOG, { force: true });
  const [workerBin, workerArgs, workerReport] = vitest("worker");
  // One after the other: side by side they saturate both cores, and a server a worker test starts then took over a
  // minute to come up (a hook's time limit) while the ballots of the load tests waited 23 s.
  await step("worker tests (vitest)", "worker", workerBin, workerArgs, () => [...vitestFailures(workerReport), ...runtimeTrouble(WORKER_LOG)], {
    WRANGLER_LOG_FILE: process.env.WRANGLER_LOG_FILE ?? WORKER_LOG,
  });
  await step(
    "browser tests (playwright)",
    "browser",
    npxBin("playwright"),
    ["test", "--reporter=list,json"],
    () => [...playwrightFailures(), ...runtimeTrouble(E2E_LOG)],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json`, WRANGLER_LOG_FILE: process.env.WRANGLER_LOG_FILE ?? E2E_LOG },
  );
}

console.log("\nSummary:");
for (const s of steps) {
  console.log(`  ${s.ok ? "ok  " : "FAIL"} ${s.name} (${s.seconds} s)`);
  for (const failure of s.failed) console.log(`       ✗ ${failure}`);
}
process.exit(steps.every((s) => s.ok) ? 0 : 1);
