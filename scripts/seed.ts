// Seeds the demo workspace "The Hartwell Family Trust" into local D1: each module's seed step (`seed` in its
// module.ts), in the registry's order. Safe to run any number of times: fixed ids, INSERT … ON CONFLICT, and
// the demo password re-hashed with the current pepper. `--remote --env preview` seeds the preview environment's
// database and bucket on Cloudflare instead (CI, scripts/preview.mjs; PASSWORD_PEPPER from the environment).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "../app/modules/auth/password.server";
import { MODULES } from "../app/modules/registry";
import { DEMO_MEMBERS, DEMO_WORKSPACE_ID, DEMO_WORKSPACE_NAME } from "../app/modules/workspaces/demo-family";
import type { DemoWorkspace, ModuleManifest } from "../app/platform/module-manifest";
import { DEMO, offlineEnv, readDevVar } from "./lib.mjs";
import { bucketFor } from "./shipping.mjs";

const persistIndex = process.argv.indexOf("--persist-to");
const persistTo = persistIndex > 0 ? process.argv[persistIndex + 1] : undefined;
const envIndex = process.argv.indexOf("--env");
const remoteEnv = process.argv.includes("--remote") && envIndex > 0 ? process.argv[envIndex + 1] : undefined;
if (process.argv.includes("--remote") && remoteEnv !== "preview") throw new Error("Only the preview environment is seeded remotely: --remote --env preview");
const target = remoteEnv ? ["--remote", "--env", remoteEnv] : ["--local", ...(persistTo ? ["--persist-to", persistTo] : [])];
// The documents' bucket of that environment (wrangler.toml's FILES binding).
const filesBucket = remoteEnv ? bucketFor(readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8"), remoteEnv, "FILES") : "trust-platform-files";
const pepper = process.env.PASSWORD_PEPPER ?? readDevVar("PASSWORD_PEPPER");
if (!pepper) throw new Error("PASSWORD_PEPPER is missing from .dev.vars");
if (DEMO_MEMBERS[0].email !== DEMO.email) throw new Error("The demo login (scripts/lib.mjs) must be the demo workspace's owner");

const demo: DemoWorkspace = {
  workspaceId: DEMO_WORKSPACE_ID,
  now: Date.now(),
  passwordHash: await hashPassword(DEMO.password, pepper),
  members: DEMO_MEMBERS,
  sql: (v) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replace(/'/g, "''")}'`),
  readFixture: (path) => readFileSync(new URL(`../tests/fixtures/${path}`, import.meta.url)),
};

const statements: string[] = [];
const objects: { key: string; fixture: string; contentType: string }[] = [];
const summaries: string[] = [];
for (const module of MODULES as readonly ModuleManifest[]) {
  if (!module.seed) continue;
  const { seed } = await module.seed();
  const output = await seed(demo);
  statements.push(...output.statements);
  objects.push(...(output.objects ?? []));
  if (output.summary) summaries.push(output.summary);
}

const dir = mkdtempSync(join(tmpdir(), "seed-"));
const file = join(dir, "seed.sql");
writeFileSync(file, statements.join("\n"));
const wrangler = (args: string[]) =>
  spawnSync("node_modules/.bin/wrangler", [...args, ...target], { stdio: ["ignore", "ignore", "inherit"], env: remoteEnv ? process.env : offlineEnv });
const result = wrangler(["d1", "execute", "DB", "--file", file, ...(remoteEnv ? ["--yes"] : [])]);
rmSync(dir, { recursive: true, force: true });
if (result.status !== 0) process.exit(result.status ?? 1);
for (const object of objects) {
  const path = new URL(`../tests/fixtures/${object.fixture}`, import.meta.url).pathname;
  const put = wrangler(["r2", "object", "put", `${filesBucket}/${object.key}`, "--file", path, "--content-type", object.contentType]);
  if (put.status !== 0) process.exit(put.status ?? 1);
}
console.log(`Seeded "${DEMO_WORKSPACE_NAME}" with ${summaries.join(", ")}.`);
