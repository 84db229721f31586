// A D1 database as one SQL file that a fresh database replays (ADR 0035). Pure: the Worker's cron and the tests
// give it the schema rows and the tables' rows; it decides what to read, and writes the statements.

/** A row of sqlite_master. */
export interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

export interface TablePlan {
  name: string;
  /** The SELECT whose rows are the table's contents, in a stable order (rowid, so checksums compare). */
  select: string;
  /** The rowid is kept: FTS5 rowids are referenced (documents.search_rowid) and external content indexes read them. */
  withRowid: boolean;
}

export interface DumpPlan {
  /** CREATE TABLE and CREATE VIRTUAL TABLE, parents before the tables that reference them. */
  tables: SchemaObject[];
  /** The tables whose rows are dumped, in the same order. */
  data: TablePlan[];
  /** FTS5 indexes over another table's content: not dumped, rebuilt once the rows are in. */
  rebuild: string[];
  /** Indexes, triggers and views: created after the rows, so triggers do not fire during the restore. */
  after: SchemaObject[];
  warnings: string[];
}

export const ROWID_COLUMN = "__rowid";
const FTS5_SHADOW_SUFFIXES = ["data", "idx", "content", "docsize", "config"];

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The query that reads the schema; run again in the data batch to prove nothing changed in between. */
export const SCHEMA_QUERY = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid";

function isVirtual(object: SchemaObject) {
  return /^\s*CREATE\s+VIRTUAL\s+TABLE/i.test(object.sql ?? "");
}

/** An FTS5 table's `content=` option: undefined when it keeps its own copy, '' when contentless. */
export function fts5Content(sql: string): string | undefined {
  if (!/USING\s+fts5\s*\(/i.test(sql)) return undefined;
  const match = sql.match(/\bcontent\s*=\s*(?:'((?:[^']|'')*)'|"((?:[^"]|"")*)"|`([^`]*)`|([A-Za-z_][\w]*))/i);
  if (!match) return undefined;
  return (match[1] ?? match[2] ?? match[3] ?? match[4]).replace(/''/g, "'");
}

/** Tables named in a CREATE TABLE's REFERENCES clauses. */
export function referencedTables(sql: string): string[] {
  return [...sql.matchAll(/REFERENCES\s+(?:`([^`]+)`|"([^"]+)"|\[([^\]]+)\]|([A-Za-z_][\w]*))/gi)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4]);
}

/** Referenced tables first (a restore may run without a transaction to defer the checks in); cycles keep their order. */
function parentsFirst(tables: SchemaObject[]): SchemaObject[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const ordered: SchemaObject[] = [];
  const visit = (table: SchemaObject) => {
    if (done.has(table.name) || visiting.has(table.name)) return;
    visiting.add(table.name);
    for (const parent of referencedTables(table.sql ?? "")) {
      const found = byName.get(parent);
      if (found && found !== table) visit(found);
    }
    visiting.delete(table.name);
    done.add(table.name);
    ordered.push(table);
  };
  tables.forEach(visit);
  return ordered;
}

/**
 * What to read and in which order. Skipped: SQLite's and Cloudflare's internal tables (`sqlite_*`, `_cf_*`),
 * automatic indexes (no SQL) and FTS5 shadow tables (`x_data`, `x_idx`…), which the restore rebuilds from the rows:
 * an FTS5 table that keeps its own content is dumped through the table itself, one over another table's content
 * (`content='chat_messages'`) is rebuilt after the rows; a contentless one cannot be dumped and is reported.
 */
export function planDump(objects: SchemaObject[]): DumpPlan {
  const internal = (name: string) => /^sqlite_/i.test(name) || /^_cf_/i.test(name);
  const virtual = objects.filter((o) => o.type === "table" && isVirtual(o) && !internal(o.name));
  const shadows = new Set(virtual.flatMap((v) => FTS5_SHADOW_SUFFIXES.map((s) => `${v.name}_${s}`)));
  const tables = objects.filter((o) => o.type === "table" && o.sql && !internal(o.name) && !shadows.has(o.name));
  const warnings: string[] = [];
  const rebuild: string[] = [];
  const data: TablePlan[] = [];
  const ordered = parentsFirst(tables);
  for (const table of ordered) {
    const sql = table.sql ?? "";
    if (isVirtual(table)) {
      const content = fts5Content(sql);
      if (!/USING\s+fts5\s*\(/i.test(sql)) warnings.push(`${table.name}: a virtual table other than FTS5 is not dumped`);
      else if (content === "") warnings.push(`${table.name}: a contentless FTS5 table cannot be dumped; it is restored empty`);
      else if (content !== undefined) rebuild.push(table.name);
      else data.push({ name: table.name, select: `SELECT rowid AS ${ROWID_COLUMN}, * FROM ${quoteIdent(table.name)} ORDER BY rowid`, withRowid: true });
      continue;
    }
    const withRowid = !/WITHOUT\s+ROWID\s*;?\s*$/i.test(sql);
    const order = withRowid ? " ORDER BY rowid" : "";
    data.push({ name: table.name, select: `SELECT ${withRowid ? `rowid AS ${ROWID_COLUMN}, ` : ""}* FROM ${quoteIdent(table.name)}${order}`, withRowid });
  }
  const after = objects.filter((o) => ["index", "trigger", "view"].includes(o.type) && o.sql && !internal(o.name) && !shadows.has(o.tbl_name));
  return { tables: ordered, data, rebuild, after, warnings };
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** One value as an SQL literal. D1 returns BLOBs as arrays of bytes. */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "NULL";
    if (!Number.isFinite(value)) return value > 0 ? "9e999" : "-9e999";
    return String(value);
  }
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "1" : "0";
  if (value instanceof ArrayBuffer) return `X'${hex(new Uint8Array(value))}'`;
  if (ArrayBuffer.isView(value)) return `X'${hex(new Uint8Array(value.buffer, value.byteOffset, value.byteLength))}'`;
  if (Array.isArray(value)) return `X'${hex(Uint8Array.from(value as number[]))}'`;
  const text = String(value);
  // A NUL cannot stand in an SQL string literal; such text goes through its bytes.
  if (text.includes("\u0000")) return `CAST(X'${hex(new TextEncoder().encode(text))}' AS TEXT)`;
  return `'${text.replace(/'/g, "''")}'`;
}

/** A table's rows as INSERT statements (the rowid, when kept, under its own name). */
export function insertStatements(table: TablePlan, rows: Record<string, unknown>[]): string[] {
  return rows.map((row) => {
    const columns = Object.keys(row);
    const names = columns.map((c) => (c === ROWID_COLUMN ? "rowid" : quoteIdent(c)));
    return `INSERT INTO ${quoteIdent(table.name)} (${names.join(", ")}) VALUES (${columns.map((c) => sqlLiteral(row[c])).join(", ")});`;
  });
}

export async function sha256Hex(text: string): Promise<string> {
  return hex(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))));
}

export interface TableSummary {
  name: string;
  rows: number;
  /** SHA-256 of the table's INSERT statements, one per line: a restored database dumped again gives the same. */
  sha256: string;
}

export interface Dump {
  sql: string;
  tables: TableSummary[];
  warnings: string[];
}

const statement = (sql: string) => (/;\s*$/.test(sql) ? sql : `${sql};`);

/**
 * The whole file. Tables, then rows, then the external-content FTS5 rebuilds, then indexes, triggers and views
 * (as sqlite3's .dump orders them). The header lists each table's row count and checksum for the restore to check.
 */
export async function writeDump(plan: DumpPlan, rows: Record<string, unknown>[][], createdAt: Date): Promise<Dump> {
  const tables: TableSummary[] = [];
  const body: string[] = [];
  for (const [i, table] of plan.data.entries()) {
    const inserts = insertStatements(table, rows[i] ?? []);
    tables.push({ name: table.name, rows: inserts.length, sha256: await sha256Hex(inserts.join("\n")) });
    body.push(...inserts);
  }
  const header = [
    "-- trust-platform D1 backup (docs/operations.md, ADR 0035); restore with: npm run restore -- --from <this file>",
    `-- created ${createdAt.toISOString()}`,
    ...tables.map((t) => `-- table ${t.name} rows ${t.rows} sha256 ${t.sha256}`),
    ...plan.warnings.map((w) => `-- warning ${w}`),
    // Foreign keys are checked at the end when the restore runs in one transaction, as D1's import does.
    "PRAGMA defer_foreign_keys = on;",
  ];
  const sql = [
    ...header,
    ...plan.tables.map((t) => statement(t.sql ?? "")),
    ...body,
    ...plan.rebuild.map((name) => `INSERT INTO ${quoteIdent(name)} (${quoteIdent(name)}) VALUES ('rebuild');`),
    ...plan.after.map((o) => statement(o.sql ?? "")),
    "",
  ].join("\n");
  return { sql, tables, warnings: plan.warnings };
}

/** The header's table lines: what a restore must find again. */
export function readDumpHeader(sql: string): TableSummary[] {
  const tables: TableSummary[] = [];
  for (const line of sql.split("\n", 2000)) {
    if (!line.startsWith("--")) break;
    const match = line.match(/^-- table (\S+) rows (\d+) sha256 ([0-9a-f]{64})$/);
    if (match) tables.push({ name: match[1], rows: Number(match[2]), sha256: match[3] });
  }
  return tables;
}
