import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The FTS5 search table (created by hand in migrations/0002; drizzle-kit cannot write virtual
 * tables). Declared here, outside the `schema.ts` files drizzle-kit reads, so that its writes can
 * join a D1 batch: drizzle's raw `db.run(sql…)` with parameters cannot (drizzle-orm 0.45).
 * Column order matters to FTS5 functions: snippet() of the body is column 4, highlight() of the
 * title column 3, and bm25() takes one weight per column.
 */
export const documentsFts = sqliteTable("documents_fts", {
  /** FTS5's rowid, the same number as `documents.search_rowid`. */
  rowid: integer("rowid"),
  documentId: text("document_id").notNull(),
  workspaceId: text("workspace_id").notNull(),
  scope: text("scope").notNull(),
  title: text("title"),
  body: text("body"),
});

export const FTS_TITLE_COLUMN = 3;
export const FTS_BODY_COLUMN = 4;
/** bm25 weights in column order: the ids and scope count for nothing, a title match ten times the text. */
export const FTS_RANK = "bm25(0.0, 0.0, 0.0, 10.0, 1.0)";
