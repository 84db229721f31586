// npm test: every test. Unit tests, then the worker tests against the real Worker, then the browser tests.
import { spawnSync } from "node:child_process";
import { build, ensureDevVars, offlineEnv } from "./lib.mjs";

const steps = [];
function step(name, command, args) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: offlineEnv });
  steps.push({ name, ok: result.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return result.status === 0;
}

ensureDevVars();
step("chromium", "bash", ["scripts/ensure-chromium.sh"]);
build();
step("unit + worker tests (vitest)", "node_modules/.bin/vitest", ["run"]);
step("browser tests (playwright)", "node_modules/.bin/playwright", ["test"]);

console.log("\nSummary:");
for (const s of steps) console.log(`  ${s.ok ? "ok  " : "FAIL"} ${s.name} (${s.seconds} s)`);
process.exit(steps.every((s) => s.ok) ? 0 : 1);
