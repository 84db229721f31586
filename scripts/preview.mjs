// CI's preview of a pull request (.github/workflows/ci.yml): migrations on the preview database first, the demo
// workspace seeded, then `wrangler versions upload --preview-alias pr-<n>` to the preview Worker. Cloudflare makes
// no preview URL for a Worker with Durable Objects (ours has three), so when no alias URL comes back the version is
// deployed to the preview Worker itself (one pull request at a time there; the workflow queues them). The URL is
// written to $GITHUB_OUTPUT for the pull request's comment. Needs the build (npm run build) done first.
// Inputs: --pr <n> --sha <commit>, CLOUDFLARE_WORKERS_SUBDOMAIN, PREVIEW_PASSWORD_PEPPER; --dry-run prints the commands.
import { spawnSync } from "node:child_process";
import { appendFileSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { environmentResources, parseVersionsUpload, previewHosts, previewUploadArgs, unprovisioned } from "./shipping.mjs";
import { wrangler } from "./wrangler-remote.mjs";

const { values } = parseArgs({ options: { pr: { type: "string" }, sha: { type: "string" }, "dry-run": { type: "boolean", default: false } } });
const pr = values.pr ?? process.env.PR_NUMBER;
const sha = values.sha ?? process.env.GITHUB_SHA ?? "unknown";
const subdomain = process.env.CLOUDFLARE_WORKERS_SUBDOMAIN;
if (!pr || !/^\d+$/.test(pr)) throw new Error("--pr <pull request number> is required");
if (!subdomain) throw new Error("CLOUDFLARE_WORKERS_SUBDOMAIN (your workers.dev subdomain) is required");
const resources = environmentResources(readFileSync("wrangler.toml", "utf8"), "preview");
const hosts = previewHosts(resources.worker, subdomain, pr);
const migrate = ["d1", "migrations", "apply", "DB", "--remote", "--env", "preview"];
const upload = previewUploadArgs(pr, sha, hosts);

if (values["dry-run"]) {
  console.log(`Preview of pull request #${pr} would run:`);
  console.log(`  npx wrangler ${migrate.join(" ")}`);
  console.log("  npx tsx scripts/seed.ts --remote --env preview   (PASSWORD_PEPPER=$PREVIEW_PASSWORD_PEPPER)");
  console.log(`  npx wrangler ${upload.map((a) => (a.includes(" ") ? `"${a}"` : a)).join(" ")}`);
  console.log(`  then, if no alias URL came back: npx wrangler versions deploy <version id>@100% --env preview --yes`);
  console.log(`URL: https://${hosts.alias} (alias) or https://${hosts.worker}`);
  process.exit(0);
}
if (unprovisioned(resources).length) throw new Error("The preview environment is not provisioned: npm run provision -- --env preview");
if (!process.env.PREVIEW_PASSWORD_PEPPER) throw new Error("PREVIEW_PASSWORD_PEPPER (the preview Worker's PASSWORD_PEPPER) is required to seed");

wrangler(migrate);
const seeded = spawnSync("node_modules/.bin/tsx", ["scripts/seed.ts", "--remote", "--env", "preview"], {
  stdio: "inherit",
  env: { ...process.env, PASSWORD_PEPPER: process.env.PREVIEW_PASSWORD_PEPPER },
});
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

let uploaded = wrangler(upload, { allowFailure: true });
if (uploaded.status !== 0 && /not found|does not exist|10007/i.test(uploaded.stdout + uploaded.stderr)) {
  // The preview Worker's very first version (and its Durable Object classes) comes from a full deploy.
  console.log("The preview Worker does not exist yet: deploying it once.");
  wrangler(["deploy", "--env", "preview", ...upload.slice(upload.indexOf("--var"))]);
  uploaded = wrangler(upload);
} else if (uploaded.status !== 0) process.exit(uploaded.status ?? 1);

const { versionId, aliasUrl } = parseVersionsUpload(uploaded.stdout + uploaded.stderr);
let url = aliasUrl;
let mode = "alias";
if (!url) {
  if (!versionId) throw new Error("wrangler versions upload printed no version id");
  wrangler(["versions", "deploy", `${versionId}@100%`, "--env", "preview", "--yes", "--message", `PR #${pr} at ${sha.slice(0, 7)}`]);
  url = `https://${hosts.worker}`;
  mode = "deployed";
}
console.log(`Preview of #${pr}: ${url} (${mode})`);
if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `url=${url}\nmode=${mode}\nversion=${versionId ?? ""}\n`);
