import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { users } from "~/modules/auth/schema";
import type { Db } from "~/platform/db.server";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import type { RequestContext } from "~/platform/request-context.server";
import { seesEveryDocument, visibleDocuments } from "./access.server";
import { opensFile } from "./byte-range";
import { readStoredFile } from "./file-response.server";
import { isImageKind, kindFromMimeType } from "./file-types";
import { enqueueAnalysis } from "./jobs.server";
import { documentsFts } from "./search-index";
import { documentAnalyses, documents, documentShares, documentTexts, documentVersions, documentVersionTexts, type VersionSource } from "./schema";
import { canEditDocument, documentAudit, refuse, requireVisibleDocument, saveDocumentText, saveVersionText } from "./service.server";
import { readsTextOnServer, storeUploadedFile, type UploadInput } from "./upload.server";
import { compareTexts } from "./version-diff";

type VisibleDocument = Awaited<ReturnType<typeof requireVisibleDocument>>;

export { VERSION_NOTE_MAX } from "./validation";

const versionColumns = {
  id: documentVersions.id,
  number: documentVersions.number,
  fileName: documentVersions.fileName,
  mimeType: documentVersions.mimeType,
  sizeBytes: documentVersions.sizeBytes,
  sha256: documentVersions.sha256,
  note: documentVersions.note,
  source: documentVersions.source,
  restoredFrom: documentVersions.restoredFrom,
  createdAt: documentVersions.createdAt,
  createdByName: users.name,
  hasText: sql<number>`exists (select 1 from ${documentVersionTexts} where ${documentVersionTexts.versionId} = ${documentVersions.id})`,
};

/** Every version of a document this person may see, newest first. */
export async function listVersions(ctx: RequestContext, session: CurrentSession, documentId: string) {
  const document = await requireVisibleDocument(ctx, session, documentId);
  return { document, versions: await versionsOf(ctx.db, document) };
}

export async function versionsOf(db: Db, document: { id: string; workspaceId: string; currentVersionId: string | null }) {
  const rows = await db
    .select(versionColumns)
    .from(documentVersions)
    .leftJoin(users, eq(users.id, documentVersions.createdBy))
    .where(and(eq(documentVersions.documentId, document.id), eq(documentVersions.workspaceId, document.workspaceId)))
    .orderBy(desc(documentVersions.number));
  return rows.map((row) => ({ ...row, hasText: Boolean(row.hasText), current: row.id === document.currentVersionId, createdAt: row.createdAt.toISOString() }));
}

/** One version of a visible document; a version of another document or workspace is a 404 (audited). */
async function requireVersion(ctx: RequestContext, session: CurrentSession, document: VisibleDocument, versionId: string) {
  const version = isUuid(versionId)
    ? await ctx.db
        .select()
        .from(documentVersions)
        .where(and(eq(documentVersions.id, versionId), eq(documentVersions.documentId, document.id), eq(documentVersions.workspaceId, document.workspaceId)))
        .get()
    : undefined;
  if (!version) await refuse(ctx, session, document.id, 404, "errors.versionNotFound");
  return version!;
}

async function requireEditable(ctx: RequestContext, session: CurrentSession, documentId: string) {
  const document = await requireVisibleDocument(ctx, session, documentId);
  if (!canEditDocument(session, document)) await refuse(ctx, session, documentId, 403, "errors.versionForbidden");
  return document;
}

/**
 * The statements that make `versionId` the document's current version: the row's file columns,
 * Pending again, and the previous version's text, search row and analysis removed so that nothing
 * of the old file is found or shown as current.
 */
function makeCurrent(
  ctx: RequestContext,
  document: VisibleDocument,
  versionId: string,
  file: { fileName: string; mimeType: string; sizeBytes: number; sha256: string | null; storageKey: string },
) {
  const now = new Date();
  return [
    ctx.db
      .update(documents)
      .set({
        ...file,
        currentVersionId: versionId,
        currentVersionNumber: sql`(SELECT ${documentVersions.number} FROM ${documentVersions} WHERE ${documentVersions.id} = ${versionId})`,
        status: "pending",
        errorReason: null,
        analysisAttempts: 0,
        thumbnailKey: null,
        updatedAt: now,
      })
      .where(eq(documents.id, document.id)),
    ctx.db.delete(documentTexts).where(eq(documentTexts.documentId, document.id)),
    ctx.db.delete(documentAnalyses).where(eq(documentAnalyses.documentId, document.id)),
    ctx.db.delete(documentsFts).where(sql`rowid = (SELECT ${documents.searchRowid} FROM ${documents} WHERE ${documents.id} = ${document.id})`),
  ] as const;
}

/** The next number, computed inside the batch; the unique index refuses a number taken meanwhile. */
const nextNumber = (documentId: string) =>
  sql<number>`(SELECT coalesce(max(${documentVersions.number}), 0) + 1 FROM ${documentVersions} WHERE ${documentVersions.documentId} = ${documentId})`;

function isUniqueViolation(error: unknown) {
  return String((error as Error)?.message ?? error).includes("UNIQUE");
}

/**
 * A new file for an existing document, with a note. Needs edit rights (403 otherwise, nothing
 * stored). The file is checked and hashed like any upload, becomes the current version, and is
 * read and analysed again; search then finds the new text only.
 */
export async function uploadVersion(
  ctx: RequestContext,
  session: CurrentSession,
  documentId: string,
  input: Pick<UploadInput, "body" | "contentLength" | "fileName" | "source"> & { note?: string },
) {
  const document = await requireEditable(ctx, session, documentId);
  const stored = await storeUploadedFile(ctx, { workspaceId: document.workspaceId, documentId: document.id }, input);
  const versionId = crypto.randomUUID();
  const source: VersionSource = input.source ?? "upload";
  const file = { fileName: input.fileName, mimeType: stored.mimeType, sizeBytes: stored.sizeBytes, sha256: stored.sha256, storageKey: stored.storageKey };
  try {
    await ctx.db.batch([
      ctx.db.insert(documentVersions).values({
        id: versionId,
        documentId: document.id,
        workspaceId: document.workspaceId,
        number: nextNumber(document.id),
        ...file,
        note: input.note || null,
        source,
        createdBy: session.user.id,
        createdAt: new Date(),
      }),
      ...makeCurrent(ctx, document, versionId, file),
      documentAudit(ctx, session, "document.version_upload", document.id, { kind: stored.kind, sizeBytes: stored.sizeBytes, source, hasNote: !!input.note }),
    ]);
  } catch (error) {
    await ctx.env.FILES.delete(stored.storageKey);
    if (isUniqueViolation(error)) throw new Refusal(409, "errors.versionConflict");
    throw error;
  }
  if (document.thumbnailKey) ctx.waitUntil(ctx.env.FILES.delete(document.thumbnailKey).catch(() => {}));
  if (readsTextOnServer(stored.kind, source)) await enqueueAnalysis(ctx, { documentId: document.id, workspaceId: document.workspaceId, versionId });
  const [version] = (await versionsOf(ctx.db, { ...document, currentVersionId: versionId })).filter((v) => v.id === versionId);
  return version;
}

/**
 * Brings an older version back as a new current version (history is never rewritten): the new
 * version points at the older file, takes its text, and is analysed again.
 */
export async function restoreVersion(ctx: RequestContext, session: CurrentSession, documentId: string, versionId: string, note: string | undefined) {
  const document = await requireEditable(ctx, session, documentId);
  const old = await requireVersion(ctx, session, document, versionId);
  if (old.id === document.currentVersionId) throw new Refusal(409, "errors.versionAlreadyCurrent");
  const oldText = await ctx.db.select().from(documentVersionTexts).where(eq(documentVersionTexts.versionId, old.id)).get();
  const newId = crypto.randomUUID();
  const file = { fileName: old.fileName, mimeType: old.mimeType, sizeBytes: old.sizeBytes, sha256: old.sha256, storageKey: old.storageKey };
  try {
    await ctx.db.batch([
      ctx.db.insert(documentVersions).values({
        id: newId,
        documentId: document.id,
        workspaceId: document.workspaceId,
        number: nextNumber(document.id),
        ...file,
        note: note || null,
        source: "restore",
        restoredFrom: old.number,
        createdBy: session.user.id,
        createdAt: new Date(),
      }),
      ...makeCurrent(ctx, document, newId, file),
      ...(oldText ? [saveVersionText(ctx.db, document, newId, oldText.content, oldText.source)] : []),
      documentAudit(ctx, session, "document.version_restore", document.id, { restoredFrom: old.number, hasNote: !!note }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal(409, "errors.versionConflict");
    throw error;
  }
  if (document.thumbnailKey) ctx.waitUntil(ctx.env.FILES.delete(document.thumbnailKey).catch(() => {}));
  // The restored text is known: store it for search now and analyse it. Without it (an image never
  // recognised, an unreadable file) the file is read again, or waits for OCR as a new picture would.
  if (oldText) await saveDocumentText(ctx.db, document, oldText.content, oldText.source);
  const kind = kindFromMimeType(old.mimeType);
  if (oldText || (kind && !isImageKind(kind))) await enqueueAnalysis(ctx, { documentId: document.id, workspaceId: document.workspaceId, versionId: newId });
  const [version] = (await versionsOf(ctx.db, { ...document, currentVersionId: newId })).filter((v) => v.id === newId);
  return version;
}

/** A version's stored file (whole or a byte range); each opening is written to the audit log with its version number. */
export async function downloadVersion(
  ctx: RequestContext,
  session: CurrentSession,
  documentId: string,
  versionId: string,
  inline: boolean,
  rangeHeader: string | null = null,
) {
  const document = await requireVisibleDocument(ctx, session, documentId);
  const version = await requireVersion(ctx, session, document, versionId);
  const file = await readStoredFile(ctx.env.FILES, version.storageKey, rangeHeader);
  if (!file) throw new Refusal(404, "errors.fileMissing");
  if (opensFile(file.range))
    ctx.waitUntil(documentAudit(ctx, session, inline ? "document.version_view" : "document.version_download", document.id, { version: version.number }).run());
  return { document, version, file };
}

/** The texts of two versions compared passage by passage ("from" is the older reading). */
export async function compareVersions(ctx: RequestContext, session: CurrentSession, documentId: string, fromId: string, toId: string) {
  const document = await requireVisibleDocument(ctx, session, documentId);
  const from = await requireVersion(ctx, session, document, fromId);
  const to = await requireVersion(ctx, session, document, toId);
  const texts = await ctx.db
    .select({ versionId: documentVersionTexts.versionId, content: documentVersionTexts.content })
    .from(documentVersionTexts)
    .where(inArray(documentVersionTexts.versionId, [from.id, to.id]));
  const textOf = (id: string) => texts.find((row) => row.versionId === id)?.content;
  const before = textOf(from.id);
  const after = textOf(to.id);
  if (before === undefined || after === undefined) {
    throw new Refusal(409, "errors.versionTextMissing", { number: before === undefined ? from.number : to.number });
  }
  return { document, from: { id: from.id, number: from.number }, to: { id: to.id, number: to.number }, diff: compareTexts(before, after) };
}

/** Version activity across the workspace, for the documents this person may see (newest first). */
export async function recentVersionActivity(db: Db, session: CurrentSession, limit = 30) {
  if (!session.workspace) return [];
  const rows = await db
    .select({
      id: documentVersions.id,
      documentId: documents.id,
      documentTitle: documents.title,
      number: documentVersions.number,
      source: documentVersions.source,
      restoredFrom: documentVersions.restoredFrom,
      note: documentVersions.note,
      sizeBytes: documentVersions.sizeBytes,
      createdAt: documentVersions.createdAt,
      createdByName: users.name,
    })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .leftJoin(users, eq(users.id, documentVersions.createdBy))
    .where(and(eq(documentVersions.workspaceId, session.workspace.id), visibleDocuments(session)))
    .orderBy(desc(documentVersions.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The documents this person may see, with how many versions each has, most recently changed first. */
export async function documentsWithVersions(db: Db, session: CurrentSession, limit = 200) {
  if (!session.workspace) return [];
  const rows = await db
    .select({ id: documents.id, title: documents.title, type: documents.type, versions: documents.currentVersionNumber, updatedAt: documents.updatedAt })
    .from(documents)
    .where(visibleDocuments(session))
    .orderBy(desc(documents.updatedAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

/** The documents this person may add versions to: all for owners and trustees, else their own and edit shares. */
export async function listEditableDocuments(db: Db, session: CurrentSession) {
  if (!session.workspace) return [];
  const editable = seesEveryDocument(session)
    ? visibleDocuments(session)
    : and(
        eq(documents.workspaceId, session.workspace.id),
        sql`(${documents.uploadedBy} = ${session.user.id} OR exists (select 1 from ${documentShares} where ${documentShares.documentId} = ${documents.id} and ${documentShares.userId} = ${session.user.id} and ${documentShares.permission} = 'edit'))`,
      );
  return db
    .select({ id: documents.id, title: documents.title, type: documents.type })
    .from(documents)
    .where(editable)
    .orderBy(desc(documents.updatedAt))
    .limit(500);
}
