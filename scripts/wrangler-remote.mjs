// Runs wrangler against the Cloudflare account (provision, deploy, preview, restore). Unlike lib.mjs's offline
// calls these need the network and CLOUDFLARE_API_TOKEN (or `wrangler login`).
import { spawnSync } from "node:child_process";

const remoteEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" };

/** Runs `wrangler args…`; its output is captured and echoed (unless `quiet`). Exits on failure unless `allowFailure`. */
export function wrangler(args, { input, allowFailure = false, quiet = false, env = {} } = {}) {
  const result = spawnSync("node_modules/.bin/wrangler", args, {
    input,
    encoding: "utf8",
    env: { ...remoteEnv, ...env },
    stdio: [input === undefined ? "inherit" : "pipe", "pipe", "pipe"],
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.stdout && !quiet) process.stdout.write(result.stdout);
  if (result.stderr) process.stderr.write(result.stderr);
  if (result.status !== 0 && !allowFailure) {
    console.error(`\nwrangler ${args.join(" ")} failed (exit ${result.status}); stopping here.`);
    process.exit(result.status ?? 1);
  }
  return { status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}
