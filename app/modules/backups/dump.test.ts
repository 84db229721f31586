import { describe, expect, it } from "vitest";
import { fts5Content, planDump, readDumpHeader, referencedTables, sqlLiteral, writeDump, type SchemaObject } from "./dump";
import { backupDay, backupKey, expiredKeys } from "./retention";

const table = (name: string, sql: string): SchemaObject => ({ type: "table", name, tbl_name: name, sql });
const fts = (name: string, options: string) => table(name, `CREATE VIRTUAL TABLE \`${name}\` USING fts5(\`body\`${options})`);

// The shapes of our schema (migrations 0002 and 0006): a contentful FTS5 table, an external-content one, shadows.
const schema: SchemaObject[] = [
  table("d1_migrations", "CREATE TABLE d1_migrations(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE)"),
  table("sqlite_sequence", "CREATE TABLE sqlite_sequence(name,seq)"),
  table("_cf_KV", "CREATE TABLE _cf_KV (key TEXT PRIMARY KEY, value BLOB) WITHOUT ROWID"),
  table("chat_messages", "CREATE TABLE `chat_messages` (`id` text PRIMARY KEY NOT NULL, `user_id` text NOT NULL REFERENCES `users`(`id`), `body` text)"),
  table("users", "CREATE TABLE `users` (`id` text PRIMARY KEY NOT NULL, `email` text)"),
  { type: "index", name: "sqlite_autoindex_users_1", tbl_name: "users", sql: null },
  { type: "index", name: "users_email_idx", tbl_name: "users", sql: "CREATE UNIQUE INDEX `users_email_idx` ON `users` (`email`)" },
  fts("documents_fts", ", tokenize = 'porter unicode61 remove_diacritics 2'"),
  ...["data", "idx", "content", "docsize", "config"].map((s) =>
    table(`documents_fts_${s}`, `CREATE TABLE 'documents_fts_${s}'(id INTEGER PRIMARY KEY, block BLOB)`),
  ),
  fts("chat_messages_fts", ", content = 'chat_messages', content_rowid = 'rowid'"),
  ...["data", "idx", "docsize", "config"].map((s) =>
    table(`chat_messages_fts_${s}`, `CREATE TABLE 'chat_messages_fts_${s}'(id INTEGER PRIMARY KEY, block BLOB)`),
  ),
  {
    type: "trigger",
    name: "chat_messages_fts_after_insert",
    tbl_name: "chat_messages",
    sql: "CREATE TRIGGER `chat_messages_fts_after_insert` AFTER INSERT ON `chat_messages` BEGIN\n\tINSERT INTO `chat_messages_fts` (`rowid`, `body`) VALUES (NEW.`rowid`, NEW.`body`);\nEND",
  },
];

describe("planDump", () => {
  const plan = planDump(schema);

  it("skips internal and FTS5 shadow tables and puts referenced tables first", () => {
    expect(plan.tables.map((t) => t.name)).toEqual(["d1_migrations", "users", "chat_messages", "documents_fts", "chat_messages_fts"]);
    expect(plan.data.map((t) => t.name)).toEqual(["d1_migrations", "users", "chat_messages", "documents_fts"]);
  });

  it("reads a contentful FTS5 table through itself with its rowid, and rebuilds an external-content one", () => {
    expect(plan.data.find((t) => t.name === "documents_fts")?.select).toBe('SELECT rowid AS __rowid, * FROM "documents_fts" ORDER BY rowid');
    expect(plan.rebuild).toEqual(["chat_messages_fts"]);
  });

  it("creates indexes and triggers after the rows, never automatic indexes", () => {
    expect(plan.after.map((o) => o.name)).toEqual(["users_email_idx", "chat_messages_fts_after_insert"]);
  });

  it("reports a contentless FTS5 table instead of failing", () => {
    expect(planDump([fts("x", ", content=''")]).warnings).toEqual(["x: a contentless FTS5 table cannot be dumped; it is restored empty"]);
  });

  it("reads content options and references however they are quoted", () => {
    expect(fts5Content('CREATE VIRTUAL TABLE t USING fts5(a, content="m")')).toBe("m");
    expect(fts5Content("CREATE VIRTUAL TABLE t USING fts5(a, content=m)")).toBe("m");
    expect(fts5Content("CREATE VIRTUAL TABLE t USING fts5(a)")).toBeUndefined();
    expect(referencedTables('a text REFERENCES "x"(id), b REFERENCES [y], c REFERENCES z(id)')).toEqual(["x", "y", "z"]);
  });
});

describe("writeDump", () => {
  it("writes replayable SQL in the order tables, rows, rebuilds, indexes and triggers, with a checked header", async () => {
    const plan = planDump(schema);
    const rows = [
      [{ __rowid: 1, id: 1, name: "0000_init.sql" }],
      [{ __rowid: 1, id: "u1", email: "o'neil@example.com" }],
      [{ __rowid: 5, id: "m1", user_id: "u1", body: "hello" }],
      [{ __rowid: 9, body: "trust text" }],
    ];
    const dump = await writeDump(plan, rows, new Date("2026-11-28T03:00:00Z"));
    const lines = dump.sql.split("\n");
    const at = (prefix: string) => lines.findIndex((l) => l.startsWith(prefix));
    expect(at("PRAGMA defer_foreign_keys")).toBeLessThan(at("CREATE TABLE `users`"));
    expect(at('INSERT INTO "users"')).toBeGreaterThan(at("CREATE VIRTUAL TABLE `chat_messages_fts`"));
    expect(lines).toContain(`INSERT INTO "users" (rowid, "id", "email") VALUES (1, 'u1', 'o''neil@example.com');`);
    expect(lines).toContain(`INSERT INTO "documents_fts" (rowid, "body") VALUES (9, 'trust text');`);
    expect(at(`INSERT INTO "chat_messages_fts" ("chat_messages_fts") VALUES ('rebuild');`)).toBeGreaterThan(at('INSERT INTO "chat_messages"'));
    expect(at("CREATE TRIGGER")).toBeGreaterThan(at('INSERT INTO "chat_messages_fts"'));
    expect(lines.find((l) => l.startsWith("CREATE TRIGGER"))).toBeDefined();
    expect(dump.sql).toContain("END;\n");
    expect(readDumpHeader(dump.sql)).toEqual(dump.tables);
    expect(dump.tables.map((t) => [t.name, t.rows])).toEqual([
      ["d1_migrations", 1],
      ["users", 1],
      ["chat_messages", 1],
      ["documents_fts", 1],
    ]);
  });

  it("gives equal rows equal checksums and different rows different ones", async () => {
    const plan = planDump([schema[4]]);
    const a = await writeDump(plan, [[{ __rowid: 1, id: "u1", email: "a" }]], new Date());
    const b = await writeDump(plan, [[{ __rowid: 1, id: "u1", email: "a" }]], new Date(0));
    const c = await writeDump(plan, [[{ __rowid: 1, id: "u1", email: "b" }]], new Date());
    expect(a.tables[0].sha256).toBe(b.tables[0].sha256);
    expect(a.tables[0].sha256).not.toBe(c.tables[0].sha256);
  });
});

describe("sqlLiteral", () => {
  it("writes every value SQLite can hold", () => {
    expect(sqlLiteral(null)).toBe("NULL");
    expect(sqlLiteral(42)).toBe("42");
    expect(sqlLiteral(0.1)).toBe("0.1");
    expect(sqlLiteral(Infinity)).toBe("9e999");
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral([0, 255, 16])).toBe("X'00ff10'");
    expect(sqlLiteral(new Uint8Array([1, 2]))).toBe("X'0102'");
    expect(sqlLiteral("a\u0000b")).toBe("CAST(X'610062' AS TEXT)");
  });
});

describe("retention", () => {
  const now = new Date("2026-11-28T03:15:07.123Z");

  it("names a backup by its UTC day and time", () => {
    expect(backupKey(now)).toBe("d1/2026-11-28/DB.sql.gz");
    expect(backupDay(backupKey(now))?.toISOString()).toBe("2026-11-28T00:00:00.000Z");
    expect(backupDay("notes/readme.txt")).toBeNull();
  });

  it("keeps the last N days and never touches other objects", () => {
    const keys = ["d1/2026-11-28/a", "d1/2026-10-25/b", "d1/2026-10-24/c", "d1/2025-01-01/d", "manual/2020-01-01.sql"];
    expect(expiredKeys(keys, now, 35)).toEqual(["d1/2026-10-24/c", "d1/2025-01-01/d"]);
    expect(expiredKeys(keys, now, 1)).toEqual(["d1/2026-10-25/b", "d1/2026-10-24/c", "d1/2025-01-01/d"]);
  });
});
