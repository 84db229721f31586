import { and, eq, sql } from "drizzle-orm";
import { createDb } from "~/platform/db.server";
import { getConfig } from "~/platform/env.server";
import { AnalysisError, chooseAnalysisEngine } from "./analysis/providers";
import { EXTRACT_MAX_BYTES, extractDocumentText, UnreadableDocumentError } from "./extract.server";
import { encodeFailure, type Failure } from "./failure-reasons";
import { isImageKind, kindFromMimeType } from "./file-types";
import { documentAnalyses, documents, documentTexts, documentVersions, documentVersionTexts, type TextSource } from "./schema";
import type { AnalysisJob } from "./jobs.server";
import { saveDocumentText, saveVersionText } from "./service.server";

/** Attempts before a failure is final: the queue's max_retries (5) plus the first try. */
export const MAX_ANALYSIS_ATTEMPTS = 6;

/** A failure worth retrying (a busy AI service); anything else is final at once. */
function isRetryable(error: unknown): boolean {
  if (error instanceof UnreadableDocumentError) return false;
  if (error instanceof AnalysisError) return error.retryable;
  return true;
}

function failureOf(error: unknown): Failure {
  if (error instanceof UnreadableDocumentError || error instanceof AnalysisError) return error.failure;
  return { code: "unexpected" };
}

/**
 * The queue job behind every upload: read the file's text (unless the browser already sent it, as
 * for images), store it for search, analyse it, and move the status pending → analyzing →
 * completed or error. Throws only to ask the queue for a retry with backoff.
 */
export async function runDocumentAnalysis(env: Env, job: AnalysisJob, attempt: number): Promise<void> {
  const db = createDb(env.DB);
  const found = and(eq(documents.id, job.documentId), eq(documents.workspaceId, job.workspaceId));
  const document = await db.select().from(documents).where(found).get();
  if (!document) return; // deleted meanwhile: nothing to do.
  // A newer version arrived after this job was queued: its own job reads and analyses it. This
  // version's text is still kept, so that it can be compared with the others later.
  if (job.versionId && document.currentVersionId !== job.versionId) return keepSupersededText(env, document, job.versionId);
  // Every write below is for this version only, so a version added meanwhile is never overwritten.
  const where = document.currentVersionId ? and(found, eq(documents.currentVersionId, document.currentVersionId)) : found;

  await db
    .update(documents)
    .set({ status: "analyzing", errorReason: null, analysisAttempts: sql`${documents.analysisAttempts} + 1`, updatedAt: new Date() })
    .where(where);

  try {
    const kind = kindFromMimeType(document.mimeType);
    let text = (await db.select({ content: documentTexts.content }).from(documentTexts).where(eq(documentTexts.documentId, document.id)).get())?.content;
    if (text === undefined) {
      if (!kind) throw new UnreadableDocumentError("This file type cannot be read.", { code: "unsupported_type" });
      if (isImageKind(kind)) {
        // Text from images comes from the browser's OCR; until then the document waits.
        await db.update(documents).set({ status: "pending", updatedAt: new Date() }).where(where);
        return;
      }
      if (document.sizeBytes > EXTRACT_MAX_BYTES) {
        throw new UnreadableDocumentError(`Larger than ${EXTRACT_MAX_BYTES / (1024 * 1024)} MB: text not read.`, {
          code: "too_large_to_read",
          mb: EXTRACT_MAX_BYTES / (1024 * 1024),
        });
      }
      const object = await env.FILES.get(document.storageKey);
      if (!object) throw new UnreadableDocumentError("The stored file is missing.", { code: "file_missing" });
      text = (await extractDocumentText(kind, new Uint8Array(await object.arrayBuffer()))) ?? "";
      if (!text.trim()) throw new UnreadableDocumentError("No text found.", { code: "no_text" });
      await saveDocumentText(db, document, text, kind as TextSource);
      if (document.currentVersionId) await saveVersionText(db, document, document.currentVersionId, text, kind as TextSource);
    }

    const engine = chooseAnalysisEngine(getConfig(env), env.AI);
    const analysis = await engine.analyze(text, { title: document.title, fileName: document.fileName });
    const now = new Date();
    await db.batch([
      db
        .insert(documentAnalyses)
        .values({
          documentId: document.id,
          workspaceId: document.workspaceId,
          engine: analysis.engine.id,
          model: analysis.engine.model,
          result: analysis,
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: documentAnalyses.documentId,
          set: { engine: analysis.engine.id, model: analysis.engine.model, result: analysis, createdAt: now },
        }),
      db
        .update(documents)
        // A type chosen at upload stands; "other" means nobody chose, so the analysis decides.
        .set({ status: "completed", errorReason: null, type: document.type === "other" ? analysis.documentType : document.type, updatedAt: now })
        .where(where),
    ]);
  } catch (error) {
    const retry = isRetryable(error) && attempt < MAX_ANALYSIS_ATTEMPTS;
    console.warn(`Analysis of document ${document.id} failed (attempt ${attempt}${retry ? ", will retry" : ""})`, error);
    const reason = encodeFailure({ ...failureOf(error), retrying: retry });
    await db.update(documents).set({ status: "error", errorReason: reason, updatedAt: new Date() }).where(where);
    if (retry) throw error;
  }
}

/** Reads and keeps the text of a version that is no longer current (for comparisons); never fails the job. */
async function keepSupersededText(env: Env, document: { id: string; workspaceId: string }, versionId: string) {
  const db = createDb(env.DB);
  try {
    const version = await db
      .select()
      .from(documentVersions)
      .where(and(eq(documentVersions.id, versionId), eq(documentVersions.documentId, document.id)))
      .get();
    const kind = version ? kindFromMimeType(version.mimeType) : null;
    if (!version || !kind || isImageKind(kind) || version.sizeBytes > EXTRACT_MAX_BYTES) return;
    const known = await db.select({ id: documentVersionTexts.versionId }).from(documentVersionTexts).where(eq(documentVersionTexts.versionId, versionId)).get();
    if (known) return;
    const object = await env.FILES.get(version.storageKey);
    if (!object) return;
    const text = (await extractDocumentText(kind, new Uint8Array(await object.arrayBuffer()))) ?? "";
    if (text.trim()) await saveVersionText(db, document, versionId, text, kind as TextSource);
  } catch (error) {
    console.warn(`Could not read the text of superseded version ${versionId}`, error);
  }
}
