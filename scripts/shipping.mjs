// The pure half of provision, deploy, preview and restore (scripts/*.mjs, ADR 0035): which wrangler commands to
// run, what wrangler's answers say, and the wrangler.toml edits. No process is started here, so it is unit-tested.
import { parse } from "smol-toml";

export const ENVIRONMENTS = ["production", "preview"];
/** The id wrangler.toml ships with: a database that provision has not created yet. */
export const PLACEHOLDER_ID = "00000000-0000-4000-8000-000000000000";

/** Secrets the Worker needs (generated) and the ones that switch on a provider (asked, skippable). */
export const REQUIRED_SECRETS = ["PASSWORD_PEPPER"];
export const OPTIONAL_SECRETS = [
  { name: "MAIL_API_KEY", why: "sends e-mail through MAIL_API_URL (with MAIL_PROVIDER=http)" },
  { name: "TWILIO_ACCOUNT_SID", why: "texts through Twilio (with SMS_PROVIDER=twilio)" },
  { name: "TWILIO_AUTH_TOKEN", why: "checks Twilio's webhook signatures" },
  { name: "AI_API_KEY", why: "an OpenAI-compatible model (with AI_BASE_URL and AI_MODEL)" },
  { name: "AUDIT_SIGNING_KEY", why: "signs audit bundles (README: Verifying a signed audit bundle)" },
  { name: "SENTRY_DSN", why: "forwards errors to Sentry" },
];

export function assertEnvironment(env) {
  if (!ENVIRONMENTS.includes(env)) throw new Error(`--env must be one of ${ENVIRONMENTS.join(", ")} (got ${env ?? "nothing"})`);
  return env;
}

/** The Cloudflare resources an environment of wrangler.toml binds: what provision makes sure exist. */
export function environmentResources(tomlText, env) {
  const config = parse(tomlText);
  const section = config.env?.[env];
  if (!section) throw new Error(`wrangler.toml has no [env.${env}]`);
  const consumers = section.queues?.consumers ?? [];
  const queues = [...(section.queues?.producers ?? []).map((p) => p.queue), ...consumers.map((c) => c.queue), ...consumers.map((c) => c.dead_letter_queue)];
  return {
    worker: section.name ?? config.name,
    databases: (section.d1_databases ?? []).map((d) => ({ binding: d.binding, name: d.database_name, id: d.database_id })),
    buckets: [...new Set((section.r2_buckets ?? []).map((b) => b.bucket_name))],
    queues: [...new Set(queues.filter(Boolean))],
    vars: section.vars ?? {},
  };
}

/** The bucket an environment binds under `binding` (FILES, BACKUPS). */
export function bucketFor(tomlText, env, binding) {
  const config = parse(tomlText);
  const buckets = env ? config.env?.[env]?.r2_buckets : config.r2_buckets;
  const bucket = (buckets ?? []).find((b) => b.binding === binding);
  if (!bucket) throw new Error(`wrangler.toml binds no ${binding} bucket${env ? ` in [env.${env}]` : ""}`);
  return bucket.bucket_name;
}

/** `wrangler d1 list --json`. */
export function parseD1List(output) {
  const list = JSON.parse(output.slice(output.indexOf("[")));
  return list.map((d) => ({ name: d.name, id: d.uuid }));
}

const stripAnsi = (text) => text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "");

/** `wrangler r2 bucket list`: blocks of `name: …` and `creation_date: …`. */
export function parseR2BucketList(output) {
  return [...stripAnsi(output).matchAll(/^\s*name:\s+(\S+)\s*$/gm)].map((m) => m[1]);
}

/** `wrangler queues list`: a table whose header has a `name` column. */
export function parseQueuesList(output) {
  const rows = stripAnsi(output)
    .split("\n")
    .filter((line) => line.includes("│"))
    .map((line) =>
      line
        .split("│")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const column = rows[0]?.indexOf("name") ?? -1;
  if (column < 0) return [];
  return rows
    .slice(1)
    .map((row) => row[column])
    .filter(Boolean);
}

/** `wrangler secret list --format json`. */
export function parseSecretList(output) {
  const start = output.indexOf("[");
  return start < 0 ? [] : JSON.parse(output.slice(start)).map((s) => s.name);
}

/** The new database's id in `wrangler d1 create`'s answer (a configuration snippet). */
export function parseD1Create(output) {
  return output.match(/"?database_id"?\s*[:=]\s*"([0-9a-f-]{36})"/)?.[1] ?? null;
}

/**
 * Writes a database's id into wrangler.toml where `[[env.<env>.d1_databases]]` names it, keeping every comment
 * and line around it (a TOML serializer would drop the comments that explain the file).
 */
export function setDatabaseId(tomlText, env, databaseName, id) {
  const lines = tomlText.split("\n");
  const header = `[[env.${env}.d1_databases]]`;
  const value = (line) => line.match(/=\s*"([^"]*)"/)?.[1];
  let found = false;
  for (let start = 0; start < lines.length; start++) {
    if (lines[start].trim() !== header) continue;
    let end = start + 1;
    while (end < lines.length && !lines[end].trim().startsWith("[")) end++;
    const block = lines.slice(start + 1, end);
    if (value(block.find((l) => /^\s*database_name\s*=/.test(l)) ?? "") !== databaseName) continue;
    const at = block.findIndex((l) => /^\s*database_id\s*=/.test(l));
    if (at < 0) lines.splice(start + 1, 0, `database_id = "${id}"`);
    else lines[start + 1 + at] = lines[start + 1 + at].replace(/"[^"]*"/, `"${id}"`);
    found = true;
  }
  if (!found) throw new Error(`wrangler.toml has no database ${databaseName} under [env.${env}]`);
  return lines.join("\n");
}

/**
 * What provision does, given what exists: creations for what is missing, the ids to write, the secrets to set.
 * Run twice, the second plan is empty. `existing` is null in a dry run without an account: then everything is
 * planned as missing and the listing commands are shown too.
 */
export function planProvision(env, resources, existing) {
  const e = ["--env", env];
  const have = existing ?? { databases: [], buckets: [], queues: [], secrets: [] };
  const commands = [];
  if (!existing) {
    commands.push(["d1", "list", "--json"], ["r2", "bucket", "list"], ["queues", "list"], ["secret", "list", "--format", "json", ...e]);
  }
  const databaseIds = [];
  for (const db of resources.databases) {
    const found = have.databases.find((d) => d.name === db.name);
    if (!found) commands.push(["d1", "create", db.name]);
    const id = found?.id ?? null;
    if (id !== db.id) databaseIds.push({ name: db.name, id });
  }
  for (const bucket of resources.buckets) if (!have.buckets.includes(bucket)) commands.push(["r2", "bucket", "create", bucket]);
  // The dead-letter queue is created like the others; the consumer names it, so it must exist before a deploy.
  for (const queue of resources.queues) if (!have.queues.includes(queue)) commands.push(["queues", "create", queue]);
  const secrets = REQUIRED_SECRETS.filter((name) => !have.secrets.includes(name));
  for (const name of secrets) commands.push(["secret", "put", name, ...e]);
  return { commands, databaseIds, secrets, optional: OPTIONAL_SECRETS.filter((s) => !have.secrets.includes(s.name)) };
}

/** What is left to do by hand once the resources exist. */
export function remainingSteps(env, resources) {
  const origin = resources.vars.PUBLIC_ORIGIN ?? "https://<your domain>";
  const steps = [];
  if (env === "production") {
    steps.push(
      `Set PUBLIC_ORIGIN in [env.production.vars] to the address people open (now ${origin}), and add a route or custom domain: routes = [{ pattern = "${new URL(origin).host}", custom_domain = true }] under [env.production].`,
      `Twilio (optional): point the number's incoming-message webhook at ${origin}/api/sms/inbound (status callbacks: ${origin}/api/sms/status).`,
      "Set OPERATOR_EMAILS in [env.production.vars] to the operators' addresses (ADR 0031).",
      "Deploy: npm run deploy -- --env production",
      `Uptime monitor: ${origin}/api/health (200 healthy, 503 otherwise).`,
    );
  } else {
    steps.push(
      "GitHub: add the repository secrets CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID, the secret PREVIEW_PASSWORD_PEPPER (the pepper printed above) and the variable CLOUDFLARE_WORKERS_SUBDOMAIN (your workers.dev subdomain, e.g. my-team).",
      "The first preview: the workflow deploys trust-platform-preview on the first pull request (docs/operations.md).",
    );
  }
  return steps;
}

/** The deploy, in order: nothing goes live unless the checks, the build and every migration succeeded. */
export function deploySteps(env) {
  return [
    { name: "typecheck", command: "npm", args: ["run", "typecheck"] },
    { name: "build", command: "npm", args: ["run", "build"] },
    // Expand-only migrations (docs/adding-a-module.md): the code still live keeps working on the new schema.
    { name: "migrations", command: "wrangler", args: ["d1", "migrations", "apply", "DB", "--remote", "--env", env] },
    { name: "deploy", command: "wrangler", args: ["deploy", "--env", env] },
  ];
}

/** Refuses an environment whose database provision has not created (the placeholder id is still there). */
export function unprovisioned(resources) {
  return resources.databases.filter((d) => !d.id || d.id === PLACEHOLDER_ID).map((d) => d.name);
}

/** `wrangler versions upload`'s answer: the version, and the alias URL when Cloudflare made one. */
export function parseVersionsUpload(output) {
  const text = stripAnsi(output);
  return {
    versionId: text.match(/Worker Version ID:\s*([0-9a-f-]{36})/)?.[1] ?? null,
    aliasUrl: text.match(/Version Preview Alias URL:\s*(https:\/\/\S+)/)?.[1] ?? null,
    versionUrl: text.match(/Version Preview URL:\s*(https:\/\/\S+)/)?.[1] ?? null,
  };
}

/** A pull request's preview hosts: its alias (when Cloudflare gives one) and the preview Worker's own. */
export function previewHosts(worker, subdomain, pr) {
  const domain = `${subdomain.replace(/\.workers\.dev$/, "")}.workers.dev`;
  return { alias: `pr-${pr}-${worker}.${domain}`, worker: `${worker}.${domain}` };
}

export function previewUploadArgs(pr, sha, hosts) {
  return [
    "versions",
    "upload",
    "--env",
    "preview",
    "--preview-alias",
    `pr-${pr}`,
    "--message",
    `PR #${pr} at ${sha.slice(0, 7)}`,
    // Links in the preview's mails start at the Worker's own host; the alias host is let in too (isOwnHost).
    "--var",
    `PUBLIC_ORIGIN:https://${hosts.worker}`,
    "--var",
    `ALLOWED_HOSTS:${hosts.alias}`,
  ];
}

/** `--from`: a day (2026-11-28) or a key in the backups bucket (app/modules/backups/retention.ts names them). */
export function backupKeyFrom(from) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(from)) return `d1/${from}/DB.sql.gz`;
  if (/^d1\/\d{4}-\d{2}-\d{2}\/.+/.test(from)) return from;
  throw new Error(`--from takes a file, a day (YYYY-MM-DD) or a key d1/YYYY-MM-DD/DB.sql.gz (got ${from})`);
}

/** The dump's header lines (as app/modules/backups/dump.ts writes them): each table's rows and checksum. */
export function readBackupHeader(sql) {
  const tables = [];
  for (const line of sql.split("\n", 2000)) {
    if (!line.startsWith("--")) break;
    const match = line.match(/^-- table (\S+) rows (\d+) sha256 ([0-9a-f]{64})$/);
    if (match) tables.push({ name: match[1], rows: Number(match[2]), sha256: match[3] });
  }
  return tables;
}

/** The file's statements (split at semicolons outside quotes); enough for the INSERTs, which hold no trigger body. */
export function splitStatements(sql) {
  const statements = [];
  let quote = null;
  let start = 0;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === "`") quote = c;
    else if (c === "-" && sql[i + 1] === "-" && (i === 0 || sql[i - 1] === "\n")) {
      i = sql.indexOf("\n", i);
      if (i < 0) break;
      start = i + 1;
    } else if (c === ";") {
      statements.push(sql.slice(start, i + 1).replace(/^\s+/, ""));
      start = i + 1;
    }
  }
  return statements;
}

/** Recomputes each table's checksum from the file's own INSERTs: a damaged or edited file is refused before use. */
export function verifyBackupFile(sql, sha256) {
  const header = readBackupHeader(sql);
  if (header.length === 0) throw new Error("This file has no backup header (-- table … rows … sha256 …)");
  const byTable = new Map(header.map((t) => [t.name, []]));
  for (const statement of splitStatements(sql)) {
    const name = statement.match(/^INSERT INTO "((?:[^"]|"")+)" \(/)?.[1]?.replace(/""/g, '"');
    if (name && byTable.has(name) && !statement.endsWith("VALUES ('rebuild');")) byTable.get(name).push(statement);
  }
  const problems = header
    .map((t) => ({ ...t, found: byTable.get(t.name) }))
    .filter((t) => t.found.length !== t.rows || sha256(t.found.join("\n")) !== t.sha256)
    .map((t) => `${t.name}: ${t.found.length} rows in the file, ${t.rows} in its header${t.found.length === t.rows ? " (checksum differs)" : ""}`);
  return { header, problems };
}

/** Queries counting every table of the header, 5 per compound SELECT (D1 refuses more terms), `;`-separated. */
export function countRowsQuery(tables) {
  const terms = tables.map((t) => `SELECT '${t.name.replace(/'/g, "''")}' AS name, count(*) AS n FROM "${t.name.replace(/"/g, '""')}"`);
  const chunks = [];
  for (let i = 0; i < terms.length; i += 5) chunks.push(terms.slice(i, i + 5).join(" UNION ALL "));
  return chunks.join(";\n");
}

/** Tables whose restored row count differs from the backup's. */
export function compareCounts(header, counted) {
  const byName = new Map(counted.map((r) => [r.name, Number(r.n)]));
  return header.filter((t) => byName.get(t.name) !== t.rows).map((t) => `${t.name}: ${byName.get(t.name) ?? "missing"} rows restored, ${t.rows} backed up`);
}
