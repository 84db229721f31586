import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema";
import { documents } from "../documents/schema";

/**
 * Which instrument an amendment (restatement, codicil, decanting) amends, as a person confirmed it. Without a row
 * the family is worked out from the documents' headings and settlors; a row decides it, and `instrumentId` null
 * says "this amends none of the documents here" (the instrument is elsewhere).
 */
export const instrumentLinks = sqliteTable(
  "instrument_links",
  {
    documentId: text("document_id")
      .primaryKey()
      .references(() => documents.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    instrumentId: text("instrument_id").references(() => documents.id, { onDelete: "cascade" }),
    confirmedBy: text("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("instrument_links_ws_idx").on(t.workspaceId)],
);
