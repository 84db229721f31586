import { planDump, SCHEMA_QUERY, writeDump, type SchemaObject, type TableSummary } from "./dump";
import { backupKey, expiredKeys, PREFIX } from "./retention";

export interface BackupEnv {
  DB: D1Database;
  BACKUPS?: R2Bucket;
  BACKUP_RETENTION_DAYS?: string;
  /** The largest database (file size, MB) one backup reads; default 100 (ADR 0035). */
  BACKUP_MAX_DATABASE_MB?: string;
}

export interface BackupResult {
  key: string;
  bytes: number;
  tables: TableSummary[];
  warnings: string[];
}

/**
 * Reads every table in one D1 batch. D1 runs a batch as one transaction inside the database's single-threaded
 * Durable Object, so no write lands between two of its statements: the rows are one consistent snapshot. The
 * schema is read again inside that batch; a migration that ran in between fails this run (the next one retries).
 */
export async function dumpDatabase(db: D1Database, now: Date, maxDatabaseMb = 100) {
  const { results: schema, meta } = await db.prepare(SCHEMA_QUERY).all<SchemaObject>();
  // Past this the rows would not fit in the Worker's 128 MB, and running out of memory would take the whole cron
  // tick (every other scheduled job) down with it: fail this job alone, with the reason.
  const sizeMb = (meta?.size_after ?? 0) / 1_000_000;
  if (sizeMb > maxDatabaseMb) {
    throw new Error(`The database is ${sizeMb.toFixed(1)} MB, above the ${maxDatabaseMb} MB one backup reads at once (ADR 0035); Time Travel still covers it`);
  }
  const plan = planDump(schema);
  const [again, ...tables] = await db.batch<Record<string, unknown>>([db.prepare(SCHEMA_QUERY), ...plan.data.map((t) => db.prepare(t.select))]);
  if (JSON.stringify(again.results) !== JSON.stringify(schema)) throw new Error("The schema changed while the backup read it; the next run retries");
  return writeDump(
    plan,
    tables.map((t) => t.results),
    now,
  );
}

async function gzip(text: string): Promise<ArrayBuffer> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Response(stream).arrayBuffer();
}

/** Writes a dump of the database to the backups bucket now, whatever the day's state. */
export async function backupNow(env: BackupEnv, now: Date): Promise<BackupResult> {
  const bucket = requireBucket(env);
  const limit = Number(env.BACKUP_MAX_DATABASE_MB ?? 100);
  const dump = await dumpDatabase(env.DB, now, Number.isFinite(limit) && limit > 0 ? limit : 100);
  const body = await gzip(dump.sql);
  const key = backupKey(now);
  const sha256 = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", body)), (b) => b.toString(16).padStart(2, "0")).join("");
  await bucket.put(key, body, {
    httpMetadata: { contentType: "application/sql", contentEncoding: "gzip" },
    // The file's own checksum, checked by the restore before it runs anything.
    customMetadata: { sha256, createdAt: now.toISOString(), tables: String(dump.tables.length), rows: String(dump.tables.reduce((n, t) => n + t.rows, 0)) },
  });
  return { key, bytes: body.byteLength, tables: dump.tables, warnings: dump.warnings };
}

function requireBucket(env: BackupEnv): R2Bucket {
  if (!env.BACKUPS) throw new Error("The BACKUPS R2 bucket is not bound (wrangler.toml, npm run provision)");
  return env.BACKUPS;
}

async function listAll(bucket: R2Bucket, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

export function retentionDays(env: BackupEnv): number {
  const days = Number(env.BACKUP_RETENTION_DAYS ?? 35);
  return Number.isInteger(days) && days >= 1 ? days : 35;
}

/**
 * The cron's part (every 15 minutes): the first run of each UTC day writes that day's backup, then backups older
 * than BACKUP_RETENTION_DAYS are deleted. Later runs of the day only list one prefix.
 */
export async function dailyBackup(env: BackupEnv, now: Date): Promise<BackupResult | null> {
  const bucket = requireBucket(env);
  if (await bucket.head(backupKey(now))) return null;
  const result = await backupNow(env, now);
  const expired = expiredKeys(await listAll(bucket, PREFIX), now, retentionDays(env));
  for (let i = 0; i < expired.length; i += 1000) await bucket.delete(expired.slice(i, i + 1000));
  console.log(`Backup ${result.key}: ${result.tables.length} tables, ${result.bytes} bytes; ${expired.length} expired deleted`);
  return result;
}
