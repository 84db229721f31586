// npm run provision -- --env production|preview [--dry-run]: creates what the environment binds (D1, R2 buckets,
// queues and the dead-letter queue) unless it exists, writes the database's id into wrangler.toml, sets the
// secrets, and prints what remains. Run twice, it changes nothing. --dry-run needs no account: it prints the
// wrangler commands instead of running them (docs/operations.md, ADR 0035).
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import {
  assertEnvironment,
  environmentResources,
  parseD1Create,
  parseD1List,
  parseQueuesList,
  parseR2BucketList,
  parseSecretList,
  planProvision,
  remainingSteps,
  setDatabaseId,
} from "./shipping.mjs";
import { wrangler } from "./wrangler-remote.mjs";

const { values } = parseArgs({ options: { env: { type: "string" }, "dry-run": { type: "boolean", default: false } } });
const env = assertEnvironment(values.env);
const dryRun = values["dry-run"];
const CONFIG = "wrangler.toml";
const resources = environmentResources(readFileSync(CONFIG, "utf8"), env);
const show = (args, note = "") => console.log(`  wrangler ${args.join(" ")}${note}`);

console.log(`Provisioning ${env} (Worker ${resources.worker})${dryRun ? " — dry run, nothing is changed" : ""}`);

if (dryRun) {
  const plan = planProvision(env, resources, null);
  console.log("Would run:");
  for (const args of plan.commands) show(args, args[1] === "put" ? "   (value generated, given on standard input)" : "");
  for (const { name } of plan.databaseIds) console.log(`  write the id of D1 database ${name} into [[env.${env}.d1_databases]] in ${CONFIG}`);
  for (const s of plan.optional) show(["secret", "put", s.name, "--env", env], `   (optional, asked: ${s.why})`);
} else {
  // What exists already; a Worker never deployed has no secrets yet.
  const existing = {
    databases: parseD1List(wrangler(["d1", "list", "--json"], { quiet: true }).stdout),
    buckets: parseR2BucketList(wrangler(["r2", "bucket", "list"], { quiet: true }).stdout),
    queues: parseQueuesList(wrangler(["queues", "list"], { quiet: true }).stdout),
    secrets: (() => {
      const listed = wrangler(["secret", "list", "--format", "json", "--env", env], { allowFailure: true, quiet: true });
      return listed.status === 0 ? parseSecretList(listed.stdout) : [];
    })(),
  };
  const plan = planProvision(env, resources, existing);
  const created = new Map();
  for (const args of plan.commands.filter((a) => a[0] !== "secret")) {
    show(args);
    const result = wrangler(args);
    if (args[0] === "d1") created.set(args[2], parseD1Create(result.stdout));
  }
  let toml = readFileSync(CONFIG, "utf8");
  for (const { name, id } of plan.databaseIds) {
    const newId = id ?? created.get(name) ?? parseD1List(wrangler(["d1", "list", "--json"], { quiet: true }).stdout).find((d) => d.name === name)?.id;
    if (!newId) throw new Error(`Could not find the id of D1 database ${name}`);
    toml = setDatabaseId(toml, env, name, newId);
    console.log(`  ${CONFIG}: [env.${env}] database ${name} = ${newId}`);
  }
  if (plan.databaseIds.length) writeFileSync(CONFIG, toml);
  for (const name of plan.secrets) {
    const value = randomBytes(32).toString("base64url");
    show(["secret", "put", name, "--env", env], "   (generated)");
    wrangler(["secret", "put", name, "--env", env], { input: value });
    // The preview's demo password is hashed by CI's seed, which needs the same pepper.
    if (env === "preview" && name === "PASSWORD_PEPPER") console.log(`  Store this as the GitHub secret PREVIEW_PASSWORD_PEPPER: ${value}`);
  }
  if (process.stdin.isTTY && plan.optional.length) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    for (const secret of plan.optional) {
      const answer = (await rl.question(`${secret.name} (${secret.why}; Enter to skip): `)).trim();
      if (answer) wrangler(["secret", "put", secret.name, "--env", env], { input: answer });
    }
    rl.close();
  }
  if (plan.commands.length === 0 && plan.databaseIds.length === 0) console.log("Everything exists already; nothing changed.");
}

console.log("\nWhat remains:");
for (const step of remainingSteps(env, resources)) console.log(`  - ${step}`);
