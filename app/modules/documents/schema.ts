import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema";
import { workspaces } from "../workspaces/schema";

/** Spec section 3: the kinds of document the product knows; anything else is "other". */
export const DOCUMENT_TYPES = ["trust", "will", "power_of_attorney", "healthcare_directive", "other"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** Besides what a person picks, what the product files itself: a meeting's recording (issue 20). */
export const STORED_DOCUMENT_TYPES = [...DOCUMENT_TYPES, "recording"] as const;
export type StoredDocumentType = (typeof STORED_DOCUMENT_TYPES)[number];

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
    type: text("type", { enum: STORED_DOCUMENT_TYPES }).notNull(),
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
    /** SHA-256 of the stored file, hex; computed while the upload streams to R2. */
    sha256: text("sha256"),
    /** Why the last analysis failed, shown beside the "Error" badge. */
    errorReason: text("error_reason"),
    analysisAttempts: integer("analysis_attempts").notNull().default(0),
    /**
     * The rowid of the document's row in `documents_fts`, given when its text is first stored.
     * Search joins on it, so matches are tied to documents without FTS5 reading any stored text.
     */
    searchRowid: integer("search_rowid"),
    /**
     * The version whose file, name, type, size and hash the row's columns above describe. Every
     * document has at least version 1; history lives in `document_versions` and is never rewritten.
     */
    currentVersionId: text("current_version_id"),
    currentVersionNumber: integer("current_version_number").notNull().default(1),
  },
  (t) => [
    index("documents_ws_created_idx").on(t.workspaceId, t.createdAt),
    index("documents_ws_status_idx").on(t.workspaceId, t.status),
    uniqueIndex("documents_search_rowid_idx").on(t.searchRowid),
  ],
);

/** Where a document's text came from. OCR runs in the browser and posts its result. */
export const TEXT_SOURCES = ["pdf", "docx", "text", "ocr"] as const;
export type TextSource = (typeof TEXT_SOURCES)[number];

/** The extracted text of a document's current file; a copy lives in `documents_fts` for search. */
export const documentTexts = sqliteTable("document_texts", {
  documentId: text("document_id")
    .primaryKey()
    .references(() => documents.id, { onDelete: "cascade" }),
  workspaceId: text("workspace_id").notNull(),
  source: text("source", { enum: TEXT_SOURCES }).notNull(),
  content: text("content").notNull(),
  charCount: integer("char_count").notNull(),
  extractedAt: integer("extracted_at", { mode: "timestamp_ms" }).notNull(),
});

/** The latest analysis of a document, as validated JSON, with the engine that produced it. */
export const documentAnalyses = sqliteTable("document_analyses", {
  documentId: text("document_id")
    .primaryKey()
    .references(() => documents.id, { onDelete: "cascade" }),
  workspaceId: text("workspace_id").notNull(),
  engine: text("engine").notNull(),
  model: text("model"),
  result: text("result", { mode: "json" }).notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

/** When each person last opened a document: the recent list is personal (spec section 7). */
export const documentAccess = sqliteTable(
  "document_access",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    lastAccessedAt: integer("last_accessed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.documentId] }), index("document_access_user_ws_idx").on(t.userId, t.workspaceId, t.lastAccessedAt)],
);

/** What a share lets a member do: read and download, or also change details and add versions. */
export const SHARE_PERMISSIONS = ["view", "edit"] as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[number];

/** A document shared with one member of its workspace (members who do not see every document). */
export const documentShares = sqliteTable(
  "document_shares",
  {
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    permission: text("permission", { enum: SHARE_PERMISSIONS }).notNull(),
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.userId] }), index("document_shares_user_ws_idx").on(t.userId, t.workspaceId)],
);

/** How a version came to be: a file uploaded, an older version restored, or pages scanned in the browser. */
/** "draft": made by the drafting module (never read back as an instrument: see instruments/family.ts). */
export const VERSION_SOURCES = ["upload", "restore", "scan", "draft", "recording"] as const;
export type VersionSource = (typeof VERSION_SOURCES)[number];

/**
 * Every file a document has ever had, numbered from 1. Rows are only ever added: a restore adds a
 * new version that points at the older file, so the history reads as it happened.
 */
export const documentVersions = sqliteTable(
  "document_versions",
  {
    id: text("id").primaryKey(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    number: integer("number").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256"),
    /** R2 key; a restored version shares the key of the version it restores (objects never change). */
    storageKey: text("storage_key").notNull(),
    note: text("note"),
    source: text("source", { enum: VERSION_SOURCES }).notNull(),
    /** For a restore: the number of the version brought back. */
    restoredFrom: integer("restored_from"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("document_versions_document_number_idx").on(t.documentId, t.number),
    index("document_versions_ws_created_idx").on(t.workspaceId, t.createdAt),
  ],
);

/** The text of each version, kept so that any two versions can be compared long after. */
export const documentVersionTexts = sqliteTable("document_version_texts", {
  versionId: text("version_id")
    .primaryKey()
    .references(() => documentVersions.id, { onDelete: "cascade" }),
  documentId: text("document_id").notNull(),
  workspaceId: text("workspace_id").notNull(),
  source: text("source", { enum: TEXT_SOURCES }).notNull(),
  content: text("content").notNull(),
  charCount: integer("char_count").notNull(),
});
