// npm run restore -- --from <file | YYYY-MM-DD | d1/…/DB.sql.gz> (--env production|preview [--to <name>] | --local [--persist-to <dir>])
// Replays a backup written by the daily cron (app/modules/backups, ADR 0035) into a FRESH database: on Cloudflare a
// new D1 database (never the one in use), locally the DB binding, which must be empty. The file's checksums are
// checked before anything runs and every table's row count after. Point wrangler.toml at the new database yourself
// (docs/operations.md): the restore never switches a live environment.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";
import { offlineEnv } from "./lib.mjs";
import {
  assertEnvironment,
  backupKeyFrom,
  bucketFor,
  compareCounts,
  countRowsQuery,
  environmentResources,
  parseD1Create,
  verifyBackupFile,
} from "./shipping.mjs";
import { wrangler } from "./wrangler-remote.mjs";

const { values } = parseArgs({
  options: {
    from: { type: "string" },
    env: { type: "string" },
    to: { type: "string" },
    local: { type: "boolean", default: false },
    "persist-to": { type: "string" },
  },
});
if (!values.from) throw new Error("--from <file | YYYY-MM-DD | key> is required");
if (values.local === Boolean(values.env)) throw new Error("Restore either --local or to --env production|preview");
const env = values.local ? null : assertEnvironment(values.env);
const toml = readFileSync("wrangler.toml", "utf8");
const where = env ? ["--remote", ...(env ? ["--env", env] : [])] : ["--local", ...(values["persist-to"] ? ["--persist-to", values["persist-to"]] : [])];
// Local wrangler must not reach for the network.
const call = (args, options = {}) => wrangler(args, { ...options, env: env ? {} : offlineEnv });
const dir = mkdtempSync(join(tmpdir(), "restore-"));

try {
  // 1. The file: a path on this machine, or the object in the environment's backups bucket.
  let path = values.from;
  if (!existsSync(path)) {
    const key = backupKeyFrom(values.from);
    path = join(dir, "backup.sql.gz");
    call(["r2", "object", "get", `${bucketFor(toml, env, "BACKUPS")}/${key}`, "--file", path, ...where]);
  }
  let bytes = readFileSync(path);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
  const sql = bytes.toString("utf8");
  const { header, problems } = verifyBackupFile(sql, (text) => createHash("sha256").update(text).digest("hex"));
  if (problems.length) throw new Error(`The backup file is damaged:\n  ${problems.join("\n  ")}`);
  const file = join(dir, "restore.sql");
  writeFileSync(file, sql);
  console.log(`Backup ${values.from}: ${header.length} tables, ${header.reduce((n, t) => n + t.rows, 0)} rows, checksums good.`);

  // 2. A fresh database.
  let database = "DB";
  if (env) {
    const source = environmentResources(toml, env).databases[0].name;
    database = values.to ?? `${source}-restore-${new Date().toISOString().slice(0, 16).replace(/[-:T]/g, "")}`;
    const created = call(["d1", "create", database]);
    console.log(`Created D1 database ${database} (${parseD1Create(created.stdout) ?? "id in the output above"}).`);
  } else {
    const tables = call(
      [
        "d1",
        "execute",
        "DB",
        ...where,
        "--json",
        "--command",
        "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
      ],
      { quiet: true },
    );
    if (JSON.parse(tables.stdout)[0].results[0].n > 0)
      throw new Error("The local database is not empty: restore into a fresh one (another --persist-to, or delete .wrangler/state/v3/d1)");
  }

  // 3. Replay, then count every table.
  call(["d1", "execute", database, ...where, "--file", file, ...(env ? ["--yes"] : [])], { quiet: true });
  const counted = call(["d1", "execute", database, ...where, "--json", "--command", countRowsQuery(header)], { quiet: true });
  const mismatches = compareCounts(
    header,
    JSON.parse(counted.stdout).flatMap((r) => r.results),
  );
  if (mismatches.length) throw new Error(`The restored database differs from the backup:\n  ${mismatches.join("\n  ")}`);
  console.log(`Restored into ${env ? `D1 database ${database}` : "the local database"}: every table's row count matches.`);
  if (env) {
    console.log(`To serve from it: put its id as database_id under [[env.${env}.d1_databases]] in wrangler.toml and run npm run deploy -- --env ${env}.`);
    console.log("To go back to a moment within the last 30 days instead, use D1 Time Travel (docs/operations.md).");
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
