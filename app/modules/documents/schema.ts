import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema";
import { workspaces } from "../workspaces/schema";

/** Spec section 3: the kinds of document the product knows; anything else is "other". */
export const DOCUMENT_TYPES = ["trust", "will", "power_of_attorney", "healthcare_directive", "other"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Spec section 4: pending → analyzing → completed or error. */
export const DOCUMENT_STATUSES = ["pending", "analyzing", "completed", "error"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** A family's document. The file itself lives in R2 under a server-made key `ws/{workspaceId}/…`. */
export const documents = sqliteTable(
  "documents",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    type: text("type", { enum: DOCUMENT_TYPES }).notNull(),
    status: text("status", { enum: DOCUMENT_STATUSES }).notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    storageKey: text("storage_key").notNull(),
    thumbnailKey: text("thumbnail_key"),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    lastAccessedAt: integer("last_accessed_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("documents_ws_created_idx").on(t.workspaceId, t.createdAt)],
);
