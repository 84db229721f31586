import { and, eq, getTableColumns, gt, sql } from "drizzle-orm";
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./db.server";

/** One file of a workspace export (app/modules/exports): a path inside the archive and its rows, read a page at a time. */
export interface ExportTable {
  /** Where the rows go in the archive, e.g. `polls/ballots.json`. */
  path: string;
  /** The D1 table the rows come from (so a test can tell which tables no export covers). */
  table: string;
  rows: (db: Db, workspaceId: string) => AsyncIterable<Record<string, unknown>>;
}

const PAGE = 500;

/**
 * Every row of one workspace in a table, in the order they were written (SQLite's rowid), a page at a time so a
 * large table never sits in memory whole. `omit` leaves out columns that must not leave the platform (tokens).
 */
export async function* workspaceRows(
  db: Db,
  table: SQLiteTable,
  workspaceColumn: SQLiteColumn,
  workspaceId: string,
  omit: readonly string[] = [],
): AsyncGenerator<Record<string, unknown>> {
  const columns = Object.fromEntries(Object.entries(getTableColumns(table)).filter(([name]) => !omit.includes(name)));
  let after = 0;
  for (;;) {
    const rows = (await db
      .select({ ...columns, exportRowid: sql<number>`rowid` })
      .from(table)
      .where(and(eq(workspaceColumn, workspaceId), gt(sql`rowid`, after)))
      .orderBy(sql`rowid`)
      .limit(PAGE)
      .all()) as (Record<string, unknown> & { exportRowid: number })[];
    for (const { exportRowid: _rowid, ...row } of rows) yield row;
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.exportRowid;
  }
}

/** A table's rows of the workspace as one file of the export. */
export function exportTable(path: string, table: SQLiteTable, workspaceColumn: SQLiteColumn, omit: readonly string[] = []): ExportTable {
  return { path, table: getTableConfig(table).name, rows: (db, workspaceId) => workspaceRows(db, table, workspaceColumn, workspaceId, omit) };
}

/** A file kept in R2 that the export copies as it is (a receipt, an attachment). */
export interface ExportStoredFile {
  /** Where it goes in the archive, e.g. `banking/receipts/<id>-invoice.pdf`. */
  path: string;
  storageKey: string;
  createdAt: Date;
}

/** Stored files of a domain: how many and how large (judged before the export starts), then each in turn. */
export interface ExportFileSource {
  total: (db: Db, workspaceId: string) => Promise<{ count: number; bytes: number }>;
  list: (db: Db, workspaceId: string) => AsyncIterable<ExportStoredFile>;
}

/** A domain's part of the workspace export, declared in its server manifest. */
export interface ExportContribution {
  tables: readonly ExportTable[];
  files?: ExportFileSource;
}

/** A stored file name as a name inside an export archive: no folders, no control characters, not empty. */
export const exportFileName = (name: string) =>
  name
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f/\\]/g, "_")
    .replace(/^\.+/, "_")
    .slice(0, 180) || "file";
