import { and, asc, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { users } from "~/modules/auth/schema";
import { auditRow, type AuditEntry } from "~/modules/audit/audit.server";
import { auditLog } from "~/modules/audit/schema";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";
import { documentRights, visibleDocuments } from "./access.server";
import { opensFile } from "./byte-range";
import { readStoredFile } from "./file-response.server";
import type { DocumentAnalysis } from "./analysis/schema";
import { isImageKind, kindFromMimeType } from "./file-types";
import { enqueueAnalysis } from "./jobs.server";
import { documentsFts, FTS_BODY_COLUMN, FTS_RANK, FTS_TITLE_COLUMN } from "./search-index";
import {
  documentAccess,
  documentAnalyses,
  documentShares,
  documents,
  documentTexts,
  documentVersions,
  documentVersionTexts,
  type DocumentType,
  type SharePermission,
  type TextSource,
} from "./schema";
import type { ListQuery } from "./list-query";
import { MATCH_END, MATCH_START, scopedFtsQuery, toFtsQuery, workspaceToken } from "./search";

/** Stored text is capped so one row stays well inside D1's row limit; the cap is noted on the page. */
export const MAX_STORED_TEXT_CHARS = 900_000;

export const PAGE_SIZE = 20;
/** Search results are counted up to this many; beyond it the page says "more than". */
export const SEARCH_COUNT_CAP = 1000;

const listColumns = {
  id: documents.id,
  title: documents.title,
  type: documents.type,
  status: documents.status,
  fileName: documents.fileName,
  mimeType: documents.mimeType,
  sizeBytes: documents.sizeBytes,
  errorReason: documents.errorReason,
  createdAt: documents.createdAt,
  uploadedByName: users.name,
};

/** The workspace's documents this person may see, filtered, sorted and paged; with a search, ranked with snippets. */
export async function listDocuments(db: Db, session: CurrentSession, query: ListQuery) {
  const page = Math.max(1, Math.min(query.page ?? 1, 10_000));
  const filters: SQL[] = [visibleDocuments(session)];
  if (query.type) filters.push(eq(documents.type, query.type));
  if (query.status) filters.push(eq(documents.status, query.status));
  const fts = query.q ? toFtsQuery(query.q) : null;

  if (fts) {
    const workspaceId = session.workspace?.id ?? "";
    const where = and(
      // Confined to the workspace inside the index; `filters` checks the document row again. Joining on
      // the rowid keeps FTS5 from reading stored text for every match (only the page's snippets do).
      sql`documents_fts MATCH ${scopedFtsQuery(workspaceId, fts)}`,
      ...filters,
    );
    // Counting every match of a common word costs as much as ranking them; past the cap, "more than" is enough.
    const counted = await db.all<{ total: number }>(
      sql`SELECT count(*) AS total FROM (SELECT 1 FROM documents_fts INNER JOIN ${documents} ON ${documents.searchRowid} = documents_fts.rowid WHERE ${where} LIMIT ${SEARCH_COUNT_CAP + 1})`,
    );
    const matches = Number(counted[0]?.total ?? 0);
    const broad = matches > SEARCH_COUNT_CAP;
    // Up to the cap, FTS5 ranks by its own `rank` (bm25, titles ×10) and stops at the page. A word
    // found in more than a thousand documents says little about relevance, and scoring them all is
    // the slow part: such searches list the newest texts first (the page says so).
    const rows = await db
      .select({
        ...listColumns,
        snippet: sql<string>`snippet(documents_fts, ${sql.raw(String(FTS_BODY_COLUMN))}, ${MATCH_START}, ${MATCH_END}, '…', 18)`,
        titleMatch: sql<string>`highlight(documents_fts, ${sql.raw(String(FTS_TITLE_COLUMN))}, ${MATCH_START}, ${MATCH_END})`,
      })
      .from(sql`documents_fts`)
      .innerJoin(documents, sql`${documents.searchRowid} = documents_fts.rowid`)
      .leftJoin(users, eq(users.id, documents.uploadedBy))
      .where(broad ? where : and(where, sql`documents_fts.rank MATCH ${FTS_RANK}`))
      .orderBy(broad ? sql`documents_fts.rowid DESC` : sql`documents_fts.rank`)
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE);
    return { rows, total: Math.min(matches, SEARCH_COUNT_CAP), moreThanTotal: broad, page, pageSize: PAGE_SIZE, searched: true };
  }

  const order =
    query.sort === "oldest" ? [asc(documents.createdAt)] : query.sort === "title" ? [asc(sql`lower(${documents.title})`)] : [desc(documents.createdAt)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...listColumns, snippet: sql<string | null>`null`, titleMatch: sql<string | null>`null` })
      .from(documents)
      .leftJoin(users, eq(users.id, documents.uploadedBy))
      .where(and(...filters))
      .orderBy(...order, asc(documents.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db
      .select({ total: count() })
      .from(documents)
      .where(and(...filters)),
  ]);
  return { rows, total, moreThanTotal: false, page, pageSize: PAGE_SIZE, searched: false };
}

/** The document if this person may see it; null otherwise (callers answer 404, never the data). */
export async function findVisibleDocument(db: Db, session: CurrentSession, id: string) {
  if (!session.workspace || !isUuid(id)) return null;
  const row = await db
    .select({ document: documents, uploadedByName: users.name, sharePermission: documentShares.permission })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.uploadedBy))
    .leftJoin(documentShares, and(eq(documentShares.documentId, documents.id), eq(documentShares.userId, session.user.id)))
    .where(and(eq(documents.id, id), visibleDocuments(session)))
    .get();
  return row ? { ...row.document, uploadedByName: row.uploadedByName, sharePermission: row.sharePermission } : null;
}

/** The document, or a 404 that is also written to the audit log as a refused access (never the data). */
export async function requireVisibleDocument(ctx: RequestContext, session: CurrentSession, id: string) {
  const document = await findVisibleDocument(ctx.db, session, id);
  if (!document) await refuse(ctx, session, id, 404, "errors.documentNotFound");
  return document!;
}

/**
 * Records a refused document access (who, which id, from where; outcome "denied") and throws the
 * refusal (`key`: its sentence's key). The id is kept only when it has the shape of one, so the log never stores arbitrary input.
 */
export async function refuse(ctx: RequestContext, session: CurrentSession, id: string, status: 403 | 404, key: string): Promise<never> {
  await ctx.db.insert(auditLog).values(
    auditRow({
      action: "document.access_denied",
      outcome: "denied",
      workspaceId: session.workspace?.id,
      actorUserId: session.user.id,
      targetType: "document",
      targetId: isUuid(id) ? id : null,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      metadata: { status },
    }),
  );
  throw new Refusal(status, key);
}

/** Uploaders and administrators may delete and share a document. */
export function canManageDocument(session: CurrentSession, document: { uploadedBy: string | null }): boolean {
  return documentRights(session, document).canManage;
}

/** Those who may manage it, and members it is shared with for editing, may change it. */
export function canEditDocument(session: CurrentSession, document: { uploadedBy: string | null; sharePermission?: SharePermission | null }): boolean {
  return documentRights(session, document).canEdit;
}

/** Opening the same document again within this time is the same reading (no new view recorded). */
export const VIEW_DEDUP_MS = 60_000;

/** Everything the document page shows: text, analysis and its own activity. Opening it is recorded. */
export async function openDocument(ctx: RequestContext, session: CurrentSession, id: string) {
  const document = await requireVisibleDocument(ctx, session, id);
  const now = new Date();
  const [text, analysis, access] = await Promise.all([
    ctx.db.select().from(documentTexts).where(eq(documentTexts.documentId, id)).get(),
    ctx.db.select().from(documentAnalyses).where(eq(documentAnalyses.documentId, id)).get(),
    ctx.db
      .select({ lastAccessedAt: documentAccess.lastAccessedAt })
      .from(documentAccess)
      .where(and(eq(documentAccess.userId, session.user.id), eq(documentAccess.documentId, id)))
      .get(),
  ]);
  // The page refreshes itself while an analysis runs: one reading is one view, not one per refresh.
  const sinceLastView = access ? now.getTime() - access.lastAccessedAt.getTime() : Infinity;
  if (sinceLastView > VIEW_DEDUP_MS) {
    await ctx.db.batch([
      ctx.db
        .insert(documentAccess)
        .values({ userId: session.user.id, documentId: id, workspaceId: document.workspaceId, lastAccessedAt: now })
        .onConflictDoUpdate({ target: [documentAccess.userId, documentAccess.documentId], set: { lastAccessedAt: now } }),
      ctx.db.update(documents).set({ lastAccessedAt: now }).where(eq(documents.id, id)),
      ctx.db.insert(auditLog).values(
        auditRow({
          action: "document.view",
          workspaceId: document.workspaceId,
          actorUserId: session.user.id,
          targetType: "document",
          targetId: id,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
        }),
      ),
    ]);
  }
  const activity = await ctx.db
    .select({ id: auditLog.id, action: auditLog.action, outcome: auditLog.outcome, createdAt: auditLog.createdAt, actorName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.workspaceId, document.workspaceId), eq(auditLog.targetType, "document"), eq(auditLog.targetId, id)))
    .orderBy(desc(auditLog.createdAt))
    .limit(25);
  return {
    document,
    text: text ? { source: text.source, content: text.content, charCount: text.charCount } : null,
    analysis: analysis ? { engine: analysis.engine, model: analysis.model, createdAt: analysis.createdAt, result: analysis.result as DocumentAnalysis } : null,
    activity,
    ...documentRights(session, document),
  };
}

/** Spec section 7: `GET /api/legal/documents/recent`, this person's recently opened or uploaded documents. */
export async function recentDocuments(db: Db, session: CurrentSession, limit = 12) {
  if (!session.workspace) return [];
  const userId = session.user.id;
  const columns = {
    id: documents.id,
    title: documents.title,
    type: documents.type,
    status: documents.status,
    thumbnailKey: documents.thumbnailKey,
    fileName: documents.fileName,
    lastAccessedAt: documentAccess.lastAccessedAt,
    createdAt: documents.createdAt,
  };
  // Two short walks down indexes instead of sorting every document of the workspace: what this
  // person opened (newest first), and what they uploaded and never opened (newest first).
  const [opened, uploaded] = await db.batch([
    db
      .select(columns)
      .from(documentAccess)
      .innerJoin(documents, eq(documents.id, documentAccess.documentId))
      .where(and(eq(documentAccess.userId, userId), eq(documentAccess.workspaceId, session.workspace.id), visibleDocuments(session)))
      .orderBy(desc(documentAccess.lastAccessedAt))
      .limit(limit),
    db
      .select(columns)
      .from(documents)
      .leftJoin(documentAccess, and(eq(documentAccess.documentId, documents.id), eq(documentAccess.userId, userId)))
      .where(and(visibleDocuments(session), eq(documents.uploadedBy, userId), isNull(documentAccess.userId)))
      .orderBy(desc(documents.createdAt))
      .limit(limit),
  ]);
  const when = (row: { lastAccessedAt: Date | null; createdAt: Date }) => (row.lastAccessedAt ?? row.createdAt).getTime();
  return [...opened, ...uploaded]
    .sort((a, b) => when(b) - when(a))
    .slice(0, limit)
    .map(({ thumbnailKey, lastAccessedAt, createdAt: _createdAt, ...row }) => ({
      ...row,
      thumbnailUrl: thumbnailUrl(row.id, thumbnailKey),
      lastAccessedAt: lastAccessedAt ? lastAccessedAt.toISOString() : null,
    }));
}

/** The thumbnail's address; `v` changes with each new picture so the private cache never shows an old one. */
export function thumbnailUrl(documentId: string, thumbnailKey: string | null): string | null {
  if (!thumbnailKey) return null;
  const version = /thumbnail-([0-9a-f]{8})/.exec(thumbnailKey)?.[1] ?? "1";
  return `/api/documents/${documentId}/thumbnail?v=${version}`;
}

/**
 * Writes a document's text and its search row together. The search row's rowid is given once, as
 * one more than the highest in use, and kept in `documents.search_rowid` for joins and deletes.
 */
export async function saveDocumentText(db: Db, document: { id: string; workspaceId: string; title: string }, text: string, source: TextSource) {
  const content = text.length > MAX_STORED_TEXT_CHARS ? text.slice(0, MAX_STORED_TEXT_CHARS) : text;
  const now = new Date();
  const searchRowid = sql`(SELECT ${documents.searchRowid} FROM ${documents} WHERE ${documents.id} = ${document.id})`;
  await db.batch([
    db
      .insert(documentTexts)
      .values({ documentId: document.id, workspaceId: document.workspaceId, source, content, charCount: text.length, extractedAt: now })
      .onConflictDoUpdate({ target: documentTexts.documentId, set: { source, content, charCount: text.length, extractedAt: now } }),
    db
      .update(documents)
      .set({ searchRowid: sql`coalesce(${documents.searchRowid}, (SELECT coalesce(max(${documents.searchRowid}), 0) + 1 FROM ${documents}))` })
      .where(eq(documents.id, document.id)),
    db.delete(documentsFts).where(sql`rowid = ${searchRowid}`),
    db.insert(documentsFts).values({
      rowid: searchRowid,
      documentId: document.id,
      workspaceId: document.workspaceId,
      scope: workspaceToken(document.workspaceId),
      title: document.title,
      body: content,
    }),
  ]);
}

/** Keeps a version's text for comparisons; the current version's text also lives in `document_texts`. */
export function saveVersionText(db: Db, document: { id: string; workspaceId: string }, versionId: string, text: string, source: TextSource) {
  const content = text.length > MAX_STORED_TEXT_CHARS ? text.slice(0, MAX_STORED_TEXT_CHARS) : text;
  return db
    .insert(documentVersionTexts)
    .values({ versionId, documentId: document.id, workspaceId: document.workspaceId, source, content, charCount: text.length })
    .onConflictDoUpdate({ target: documentVersionTexts.versionId, set: { source, content, charCount: text.length } });
}

export function documentAudit(
  ctx: RequestContext,
  session: CurrentSession,
  action: string,
  documentId: string,
  metadata?: Record<string, string | number | boolean | null>,
) {
  return ctx.db.insert(auditLog).values(
    auditRow({
      action,
      workspaceId: session.workspace?.id,
      actorUserId: session.user.id,
      targetType: "document",
      targetId: documentId,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      metadata,
    }),
  );
}

/** "Re-run analysis": back to Pending and onto the queue. */
export async function requestAnalysis(ctx: RequestContext, session: CurrentSession, id: string) {
  const document = await requireVisibleDocument(ctx, session, id);
  if (!canEditDocument(session, document)) await refuse(ctx, session, id, 403, "errors.editForbidden");
  if (document.status === "analyzing") throw new Refusal(409, "errors.alreadyAnalyzing");
  const kind = kindFromMimeType(document.mimeType);
  const hasText = await ctx.db.select({ id: documentTexts.documentId }).from(documentTexts).where(eq(documentTexts.documentId, id)).get();
  if (!hasText && kind && (isImageKind(kind) || (kind === "pdf" && (await currentVersionSource(ctx.db, document)) === "scan")))
    throw new Refusal(409, "errors.needsOcr");
  await ctx.db.batch([
    ctx.db.update(documents).set({ status: "pending", errorReason: null, updatedAt: new Date() }).where(eq(documents.id, id)),
    documentAudit(ctx, session, "document.analysis_requested", id),
  ]);
  await enqueueAnalysis(ctx, { documentId: id, workspaceId: document.workspaceId, versionId: document.currentVersionId ?? undefined });
}

async function currentVersionSource(db: Db, document: { currentVersionId: string | null }) {
  if (!document.currentVersionId) return null;
  return (
    (await db.select({ source: documentVersions.source }).from(documentVersions).where(eq(documentVersions.id, document.currentVersionId)).get())?.source ??
    null
  );
}

/** The browser's OCR result for an image document; it is then analysed like any other text. */
export async function saveRecognisedText(ctx: RequestContext, session: CurrentSession, id: string, text: string) {
  const document = await requireVisibleDocument(ctx, session, id);
  if (!canEditDocument(session, document)) await refuse(ctx, session, id, 403, "errors.editForbidden");
  const kind = kindFromMimeType(document.mimeType);
  // Pictures, and PDFs the scanner assembled from pictures, get their text from the browser's OCR.
  const recognisable = !!kind && (isImageKind(kind) || (kind === "pdf" && (await currentVersionSource(ctx.db, document)) === "scan"));
  if (!recognisable) throw new Refusal(409, "errors.ocrOnlyImages");
  await saveDocumentText(ctx.db, document, text, "ocr");
  await ctx.db.batch([
    ctx.db.update(documents).set({ status: "pending", errorReason: null, updatedAt: new Date() }).where(eq(documents.id, id)),
    ...(document.currentVersionId ? [saveVersionText(ctx.db, document, document.currentVersionId, text, "ocr")] : []),
    documentAudit(ctx, session, "document.text_recognised", id, { chars: text.length, version: document.currentVersionNumber }),
  ]);
  await enqueueAnalysis(ctx, { documentId: id, workspaceId: document.workspaceId, versionId: document.currentVersionId ?? undefined });
}

export async function renameDocument(ctx: RequestContext, session: CurrentSession, id: string, changes: { title: string; type: DocumentType }) {
  const document = await requireVisibleDocument(ctx, session, id);
  if (!canEditDocument(session, document)) await refuse(ctx, session, id, 403, "errors.editForbidden");
  await ctx.db.batch([
    ctx.db.update(documents).set({ title: changes.title, type: changes.type, updatedAt: new Date() }).where(eq(documents.id, id)),
    ctx.db
      .update(documentsFts)
      .set({ title: changes.title })
      .where(sql`rowid = (SELECT ${documents.searchRowid} FROM ${documents} WHERE ${documents.id} = ${id})`),
    documentAudit(ctx, session, "document.update", id, { typeChanged: changes.type !== document.type, titleChanged: changes.title !== document.title }),
  ]);
}

/** Deletes the row (text, analysis, search and access rows follow) and then the stored files. */
export async function deleteDocument(ctx: RequestContext, session: CurrentSession, id: string) {
  const document = await requireVisibleDocument(ctx, session, id);
  if (!canManageDocument(session, document)) await refuse(ctx, session, id, 403, "errors.manageForbidden");
  await removeDocument(ctx.db, ctx.env.FILES, document, {
    action: "document.delete",
    workspaceId: session.workspace?.id,
    actorUserId: session.user.id,
    targetType: "document",
    targetId: id,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    metadata: { versions: document.currentVersionNumber },
  });
}

/**
 * The deletion itself, for a person's delete and for work without a session (meetings' recording retention): the row
 * goes with its audit entry in one batch (text, analysis, search, versions and access rows follow), then every file.
 */
export async function removeDocument(db: Db, files: R2Bucket, document: { id: string; storageKey: string; thumbnailKey: string | null }, audit: AuditEntry) {
  // Every version's file goes too (a restored version shares its file with the one it restored).
  const versionKeys = await db.selectDistinct({ key: documentVersions.storageKey }).from(documentVersions).where(eq(documentVersions.documentId, document.id));
  await db.batch([db.delete(documents).where(eq(documents.id, document.id)), db.insert(auditLog).values(auditRow(audit))]);
  const keys = new Set([document.storageKey, ...versionKeys.map((v) => v.key), ...(document.thumbnailKey ? [document.thumbnailKey] : [])]);
  await files.delete([...keys]);
}

/**
 * Returns the stored file, whole or the byte range asked for, and records the view or download in the audit log once
 * per opening: a player's later range requests (seeking) are not each a new view.
 */
export async function downloadDocument(ctx: RequestContext, session: CurrentSession, id: string, inline: boolean, rangeHeader: string | null = null) {
  const document = await requireVisibleDocument(ctx, session, id);
  const file = await readStoredFile(ctx.env.FILES, document.storageKey, rangeHeader);
  if (!file) throw new Refusal(404, "errors.fileMissing");
  if (opensFile(file.range)) ctx.waitUntil(documentAudit(ctx, session, inline ? "document.view_file" : "document.download", id).run());
  return { document, file };
}
