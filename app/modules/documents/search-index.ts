import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The FTS5 search table (created by hand in migrations/0002; drizzle-kit cannot write virtual
 * tables). Declared here, outside the `schema.ts` files drizzle-kit reads, so that its writes can
 * join a D1 batch: drizzle's raw `db.run(sql…)` with parameters cannot (drizzle-orm 0.45).
 */
export const documentsFts = sqliteTable("documents_fts", {
  title: text("title"),
  body: text("body"),
  documentId: text("document_id").notNull(),
  workspaceId: text("workspace_id").notNull(),
});
