import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema";
import { documents } from "../documents/schema";
import { workspaces } from "../workspaces/schema";

/** A duty with a deadline: file the trust's tax return, send the annual accounting, renew a bond… */
export const complianceItems = sqliteTable(
  "compliance_items",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    /** Who must do it, in the document's words ("the Trustee"). */
    responsibleParty: text("responsible_party"),
    citation: text("citation"),
    dueAt: integer("due_at", { mode: "timestamp_ms" }).notNull(),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    documentId: text("document_id").references(() => documents.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("compliance_ws_due_idx").on(t.workspaceId, t.dueAt)],
);
