// npm run deploy -- --env production [--dry-run]: typecheck, build, apply D1 migrations to the remote database,
// then `wrangler deploy`. Each step must succeed before the next: a failed migration stops the deploy while the
// previous version is still live (migrations are expand-only, docs/adding-a-module.md). --dry-run prints the steps.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { assertEnvironment, deploySteps, environmentResources, unprovisioned } from "./shipping.mjs";

const { values } = parseArgs({ options: { env: { type: "string" }, "dry-run": { type: "boolean", default: false } } });
const env = assertEnvironment(values.env);
const resources = environmentResources(readFileSync("wrangler.toml", "utf8"), env);
const missing = unprovisioned(resources);
const steps = deploySteps(env);

if (values["dry-run"]) {
  console.log(`Deploying ${resources.worker} (${env}) would run, stopping at the first failure:`);
  for (const [i, step] of steps.entries()) console.log(`  ${i + 1}. ${step.command === "wrangler" ? "npx wrangler" : step.command} ${step.args.join(" ")}`);
  if (missing.length) console.log(`\nNot provisioned yet (${missing.join(", ")}): run npm run provision -- --env ${env} first.`);
  process.exit(0);
}
if (missing.length) {
  console.error(`D1 database ${missing.join(", ")} has no id in wrangler.toml: run npm run provision -- --env ${env} first.`);
  process.exit(1);
}
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const command = step.command === "wrangler" ? "node_modules/.bin/wrangler" : step.command;
  const result = spawnSync(command, step.args, { stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
  if (result.status !== 0) {
    const live = step.name === "deploy" ? "the deploy failed" : "nothing was deployed; the version live before is still live";
    console.error(`\n${step.name} failed (exit ${result.status}): ${live}.`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\nDeployed ${resources.worker} (${env}). Roll back with: npx wrangler rollback --env ${env} (docs/operations.md).`);
