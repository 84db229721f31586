import { z } from "zod";
import type { CurrentSession } from "~/modules/auth/session.server";
import { auditRow } from "~/modules/audit/audit.server";
import { auditLog } from "~/modules/audit/schema";
import { Refusal } from "~/platform/http.server";
import type { RequestContext } from "~/platform/request-context.server";
import { detectFileKind, FILE_KINDS, type FileKind, isImageKind, SNIFF_BYTES, titleFromFileName } from "./file-types";
import { enqueueAnalysis } from "./jobs.server";
import { canUploadDocuments } from "./permissions";
import { DOCUMENT_TYPES, documents, documentVersions, type DocumentType } from "./schema";

type Translate = (key: string, options?: Record<string, unknown>) => string;

export const uploadMetadataSchema = (t: Translate) =>
  z.object({
    fileName: z
      .string({ required_error: t("errors.fileNameMissing") })
      .transform((name) =>
        name
          .replace(/^.*[\\/]/, "")
          // eslint-disable-next-line no-control-regex -- control characters are dropped from stored file names
          .replace(/[\u0000-\u001f\u007f]/g, "")
          .trim(),
      )
      .pipe(z.string().min(1, t("errors.fileNameMissing")).max(255, t("errors.fileNameTooLong"))),
    type: z.enum(DOCUMENT_TYPES, { errorMap: () => ({ message: t("errors.unknownType") }) }).optional(),
    title: z.string().trim().max(200, t("errors.titleTooLong")).optional(),
  });
export type UploadMetadata = z.infer<ReturnType<typeof uploadMetadataSchema>>;

interface Sniffed {
  kind: FileKind;
  head: Uint8Array[];
  reader: ReadableStreamDefaultReader<Uint8Array>;
}

/** Reads just enough of the body to recognise the file; the rest stays unread in the stream. */
async function sniff(body: ReadableStream<Uint8Array>, fileName: string): Promise<Sniffed> {
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < SNIFF_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      head.push(value);
      size += value.byteLength;
    }
  } catch {
    throw new Refusal(400, "errors.uploadInterrupted");
  }
  if (size === 0) throw new Refusal(400, "errors.emptyFile");
  const sample = new Uint8Array(Math.min(size, SNIFF_BYTES));
  let offset = 0;
  for (const chunk of head) {
    if (offset >= sample.length) break;
    const part = chunk.subarray(0, sample.length - offset);
    sample.set(part, offset);
    offset += part.byteLength;
  }
  const kind = detectFileKind(sample, fileName);
  if (!kind) {
    await reader.cancel();
    throw new Refusal(415, "errors.unsupportedType");
  }
  return { kind, head, reader };
}

/**
 * The file as one stream again (the sniffed start, then the rest), hashing each chunk on its way to
 * R2 and refusing more bytes than were declared. Backpressure is kept: nothing is buffered here.
 */
function hashingStream(sniffed: Sniffed, declared: number) {
  // Workers' streaming hash (the DOM's Crypto type does not know it).
  const { DigestStream: Digest } = crypto as unknown as { DigestStream: typeof DigestStream };
  const digest = new Digest("SHA-256");
  const hashWriter = digest.getWriter();
  let pending = [...sniffed.head];
  let seen = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = pending.shift() ?? (await sniffed.reader.read()).value;
      if (!next) {
        await hashWriter.close();
        controller.close();
        return;
      }
      seen += next.byteLength;
      if (seen > declared) {
        controller.error(new Error("body longer than Content-Length"));
        await sniffed.reader.cancel();
        return;
      }
      await hashWriter.write(next);
      controller.enqueue(next);
    },
    async cancel(reason) {
      pending = [];
      await sniffed.reader.cancel(reason);
    },
  });
  const sha256 = digest.digest.then((buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join(""));
  return { stream, sha256 };
}

export interface UploadInput extends UploadMetadata {
  body: ReadableStream<Uint8Array> | null;
  contentLength: number | null;
  /** "scan": a PDF assembled by the scanner, whose recognised text the browser sends next. */
  source?: "upload" | "scan" | "draft";
}

export interface StoredFile {
  storageKey: string;
  kind: FileKind;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
}

/**
 * Checks the declared size, recognises the file by its first bytes and streams it to R2 under a
 * server-made key, hashing it on the way. Nothing is kept when any step fails.
 */
export async function storeUploadedFile(
  ctx: RequestContext,
  target: { workspaceId: string; documentId: string },
  input: Pick<UploadInput, "body" | "contentLength" | "fileName" | "source">,
): Promise<StoredFile> {
  const limit = ctx.config.MAX_UPLOAD_BYTES;
  const limitMb = Math.round(limit / (1024 * 1024));
  if (input.contentLength === null || !Number.isFinite(input.contentLength)) throw new Refusal(411, "errors.lengthRequired");
  if (input.contentLength === 0 || !input.body) throw new Refusal(400, input.source === "scan" ? "errors.emptyScan" : "errors.emptyFile");
  if (input.contentLength > limit) throw new Refusal(413, "errors.tooLarge", { mb: limitMb });

  const sniffed = await sniff(input.body, input.fileName);
  if (input.source === "scan" && sniffed.kind !== "pdf") {
    await sniffed.reader.cancel();
    throw new Refusal(415, "errors.scanNotPdf");
  }
  const info = FILE_KINDS[sniffed.kind];
  const storageKey = `ws/${target.workspaceId}/documents/${target.documentId}/${crypto.randomUUID()}.${info.extension}`;
  const { stream, sha256 } = hashingStream(sniffed, input.contentLength);
  try {
    await ctx.env.FILES.put(storageKey, stream.pipeThrough(new FixedLengthStream(input.contentLength)), {
      httpMetadata: { contentType: info.mimeType },
      customMetadata: { documentId: target.documentId, workspaceId: target.workspaceId },
    });
  } catch (error) {
    // A cut connection or a body shorter/longer than declared: R2 keeps nothing of a failed put.
    console.warn("Upload to R2 failed", error);
    await ctx.env.FILES.delete(storageKey).catch(() => {});
    throw new Refusal(400, "errors.uploadInterrupted");
  }
  return { storageKey, kind: sniffed.kind, mimeType: info.mimeType, sizeBytes: input.contentLength, sha256: await sha256 };
}

/** Whether the text of a new file is read on the server now, or arrives later from the browser's OCR. */
export function readsTextOnServer(kind: FileKind, source: UploadInput["source"]): boolean {
  return !isImageKind(kind) && source !== "scan";
}

/**
 * Streams one file to R2 under a server-made key and creates its document row and version 1,
 * together or not at all: the rows are written only after R2 has the whole file, and the object is
 * removed if the rows cannot be written. The Worker never holds the file in memory.
 */
export async function uploadDocument(ctx: RequestContext, session: CurrentSession, input: UploadInput) {
  const workspace = session.workspace;
  if (!workspace) throw new Refusal(404, "errors.noWorkspace");
  if (!canUploadDocuments(workspace.role)) {
    await ctx.db.insert(auditLog).values(
      auditRow({
        action: "document.upload_denied",
        outcome: "denied",
        workspaceId: workspace.id,
        actorUserId: session.user.id,
        targetType: "document",
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      }),
    );
    throw new Refusal(403, "errors.uploadForbidden");
  }

  const id = crypto.randomUUID();
  const stored = await storeUploadedFile(ctx, { workspaceId: workspace.id, documentId: id }, input);
  const versionId = crypto.randomUUID();
  const source = input.source ?? "upload";
  const now = new Date();
  const row = {
    id,
    workspaceId: workspace.id,
    title: input.title || titleFromFileName(input.fileName),
    type: (input.type ?? "other") as DocumentType,
    status: "pending" as const,
    fileName: input.fileName,
    mimeType: stored.mimeType,
    sizeBytes: stored.sizeBytes,
    storageKey: stored.storageKey,
    uploadedBy: session.user.id,
    createdAt: now,
    updatedAt: now,
    sha256: stored.sha256,
    currentVersionId: versionId,
    currentVersionNumber: 1,
  };
  try {
    await ctx.db.batch([
      ctx.db.insert(documents).values(row),
      ctx.db.insert(documentVersions).values({
        id: versionId,
        documentId: id,
        workspaceId: workspace.id,
        number: 1,
        fileName: input.fileName,
        mimeType: stored.mimeType,
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
        storageKey: stored.storageKey,
        source,
        createdBy: session.user.id,
        createdAt: now,
      }),
      ctx.db.insert(auditLog).values(
        auditRow({
          action: "document.upload",
          workspaceId: workspace.id,
          actorUserId: session.user.id,
          targetType: "document",
          targetId: id,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          metadata: { kind: stored.kind, sizeBytes: stored.sizeBytes, typeChosen: input.type ?? null, source },
        }),
      ),
    ]);
  } catch (error) {
    await ctx.env.FILES.delete(stored.storageKey);
    throw error;
  }

  // Images and scans wait for the browser's OCR to post their text; everything else is read on the server.
  if (readsTextOnServer(stored.kind, source)) await enqueueAnalysis(ctx, { documentId: id, workspaceId: workspace.id, versionId });
  // Where the file lives in storage is the server's business, never the browser's.
  const { storageKey: _storageKey, ...visible } = row;
  return { ...visible, kind: stored.kind, typeChosen: input.type !== undefined, source };
}
