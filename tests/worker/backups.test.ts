// The backup and restore round trip on local D1 (issue 26): the demo database is dumped to the backups bucket by the
// cron's own code, the database is deleted, `npm run restore` replays the dump into a fresh one, and every table's
// rows, their checksums and both full-text indexes come back the same. Workerd's D1 and R2 through Miniflare, as
// wrangler's local commands use them; its own folder, not the shared test server's.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupNow, dailyBackup, dumpDatabase } from "../../app/modules/backups/backup.server";
import { backupKey } from "../../app/modules/backups/retention";
import { migrate, offlineEnv, seed } from "../../scripts/lib.mjs";

// wrangler.toml's local database id and bucket: wrangler's local commands and this test open the same files.
const DB_ID = "00000000-0000-4000-8000-000000000000";
const BUCKET = "trust-platform-backups";

function open(persistTo: string) {
  // Miniflare 5 takes its options in a new shape (converted from the old one, the bindings as wrangler's local
  // commands name them) and keeps every resource under one folder, as wrangler's `--persist-to` does under v3/.
  const options = convertV4MiniflareOptions({ modules: true, script: "export default {}", d1Databases: { DB: DB_ID }, r2Buckets: { BACKUPS: BUCKET } });
  return new Miniflare({ ...options, resourcePersistencePath: join(persistTo, "v3") });
}

/** What must survive: each table's row count and checksum, the FTS5 answers, and the indexes' own integrity check. */
async function state(db: D1Database) {
  const { tables } = await dumpDatabase(db, new Date(0));
  // Counted by SQLite itself, not by the dump: no table's rows were dropped on the way.
  for (const table of tables) {
    const counted = await db.prepare(`SELECT count(*) AS n FROM "${table.name}"`).first<{ n: number }>();
    expect(counted?.n, table.name).toBe(table.rows);
  }
  const word = async (query: string) => ((await db.prepare(query).first<{ w: string }>())?.w ?? "").replace(/[^\p{L}]/gu, "");
  const docWord = await word("SELECT substr(title, 1, instr(title || ' ', ' ') - 1) AS w FROM documents_fts ORDER BY rowid LIMIT 1");
  const chatWord = await word("SELECT substr(body, 1, instr(body || ' ', ' ') - 1) AS w FROM chat_messages WHERE length(body) > 3 ORDER BY rowid LIMIT 1");
  const documents = await db.prepare("SELECT rowid FROM documents_fts WHERE documents_fts MATCH ? ORDER BY rowid").bind(`"${docWord}"`).all();
  const messages = await db.prepare("SELECT rowid FROM chat_messages_fts WHERE chat_messages_fts MATCH ? ORDER BY rowid").bind(`"${chatWord}"`).all();
  for (const fts of ["documents_fts", "chat_messages_fts"]) await db.prepare(`INSERT INTO ${fts} (${fts}) VALUES ('integrity-check')`).run();
  return { tables, search: { docWord, chatWord, documents: documents.results, messages: messages.results } };
}

describe("backups", () => {
  let persistTo: string;

  beforeAll(() => {
    persistTo = mkdtempSync(join(tmpdir(), "backup-round-trip-"));
    migrate(persistTo);
    seed(persistTo);
  }, 120_000);

  afterAll(() => rmSync(persistTo, { recursive: true, force: true }));

  it("backs up the database, which is destroyed, restored from the backup and found the same", async () => {
    const now = new Date();
    let mf = open(persistTo);
    let before: Awaited<ReturnType<typeof state>>;
    try {
      const env = { DB: await mf.getD1Database("DB"), BACKUPS: await mf.getR2Bucket("BACKUPS") };
      before = await state(env.DB as unknown as D1Database);
      // The demo has documents and chat messages in both full-text indexes, so the test says something.
      expect(before.search.documents.length).toBeGreaterThan(0);
      expect(before.search.messages.length).toBeGreaterThan(0);
      const result = await backupNow(env as never, now);
      expect(result.key).toBe(backupKey(now));
      expect(result.tables).toEqual(before.tables);
      expect(result.tables.map((t) => t.name)).not.toContain("documents_fts_data");
      // Later cron runs the same day leave that day's backup alone.
      expect(await dailyBackup(env as never, now)).toBeNull();
      // A database too large to read at once fails the job with its reason, before reading a row.
      await expect(backupNow({ ...env, BACKUP_MAX_DATABASE_MB: "0.01" } as never, now)).rejects.toThrow(/above the 0.01 MB/);
    } finally {
      await mf.dispose();
    }

    // Destroy the database (the bucket with the backup stays), then restore as an operator would.
    rmSync(join(persistTo, "v3", "d1"), { recursive: true, force: true });
    const restore = spawnSync(process.execPath, ["scripts/restore.mjs", "--from", now.toISOString().slice(0, 10), "--local", "--persist-to", persistTo], {
      encoding: "utf8",
      env: offlineEnv,
    });
    expect(restore.status, `${restore.stdout}\n${restore.stderr}`).toBe(0);
    expect(restore.stdout).toContain("every table's row count matches");

    mf = open(persistTo);
    try {
      const after = await state((await mf.getD1Database("DB")) as unknown as D1Database);
      expect(after).toEqual(before);
    } finally {
      await mf.dispose();
    }

    // A second restore into the same, now full, database is refused.
    const again = spawnSync(process.execPath, ["scripts/restore.mjs", "--from", now.toISOString().slice(0, 10), "--local", "--persist-to", persistTo], {
      encoding: "utf8",
      env: offlineEnv,
    });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("not empty");
  }, 120_000);
});
