import type { CurrentSession } from "~/modules/auth/session.server";
import { chooseTextModel, type TextModel, TextModelError } from "~/modules/ai/text-model";
import { recordUsage } from "~/modules/ai/usage.server";
import { FILE_KINDS } from "~/modules/documents/file-types";
import { canUploadDocuments } from "~/modules/documents/permissions";
import { documentAudit } from "~/modules/documents/service.server";
import { uploadDocument } from "~/modules/documents/upload.server";
import { uploadVersion } from "~/modules/documents/versions.server";
import { HttpError, parseWith, Refusal } from "~/platform/http.server";
import { hitRateLimit, type Limit } from "~/platform/rate-limit.server";
import type { RequestContext } from "~/platform/request-context.server";
import { acceptDraftAnswer, draftPrompt } from "./ai";
import { draftToDocx } from "./docx";
import type { DraftValues } from "./fields";
import { todayIso } from "./format";
import { draftToPdf } from "./pdf";
import { draftFileName, renderDraft, TEMPLATES, type TemplateId } from "./templates";
import { type DraftFormat, draftValuesSchema, type saveTargetSchema } from "./validation";
import type { z } from "zod";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "Draft with AI" calls per person: enough for real drafting, not for scripting a model. */
export const AI_DRAFT_LIMIT: Limit = { limit: 20, windowMs: 10 * 60 * 1000 };

export interface DraftFile {
  bytes: Uint8Array<ArrayBuffer>;
  fileName: string;
  mimeType: string;
}

function requireWorkspace(session: CurrentSession) {
  if (!session.workspace) throw new Refusal(404, "errors.noWorkspace");
  return session.workspace;
}

/** Validates a template's fields (400 with a message per field) and writes the file. */
export async function buildDraftFile(
  session: CurrentSession,
  template: TemplateId,
  format: DraftFormat,
  fields: unknown,
  t: Translate,
): Promise<DraftFile & { values: DraftValues }> {
  const values = parseWith(draftValuesSchema(template, t), fields, t);
  const draft = renderDraft(template, values);
  const options = { author: session.user.name };
  const bytes = (format === "docx" ? draftToDocx(draft, options) : await draftToPdf(draft, options)) as Uint8Array<ArrayBuffer>;
  return { bytes, fileName: draftFileName(template, values, format), mimeType: FILE_KINDS[format].mimeType, values };
}

/** A draft to download. Anyone in the workspace may draft and download; each export is audited (never its content). */
export async function exportDraft(
  ctx: RequestContext,
  session: CurrentSession,
  input: { template: TemplateId; format: DraftFormat; fields: unknown },
  t: Translate,
): Promise<DraftFile> {
  const workspace = requireWorkspace(session);
  const file = await buildDraftFile(session, input.template, input.format, input.fields, t);
  await ctx.audit({
    action: "drafting.export",
    workspaceId: workspace.id,
    actorUserId: session.user.id,
    targetType: "draft",
    metadata: { template: input.template, format: input.format, sizeBytes: file.bytes.byteLength },
  });
  return file;
}

type SaveTarget = z.infer<ReturnType<typeof saveTargetSchema>>;

/**
 * Saves a draft into the documents, through the same services as an upload: a new document, or a
 * new version of a document this person may edit. Both read, index and analyse the file like any
 * other. Only those who may upload documents may save (viewers may draft and download only).
 */
export async function saveDraft(
  ctx: RequestContext,
  session: CurrentSession,
  input: { template: TemplateId; format: DraftFormat; fields: unknown; target: SaveTarget },
  t: Translate,
) {
  const workspace = requireWorkspace(session);
  if (!canUploadDocuments(workspace.role)) {
    await ctx.audit({
      action: "drafting.save_denied",
      outcome: "denied",
      workspaceId: workspace.id,
      actorUserId: session.user.id,
      targetType: "draft",
      metadata: { template: input.template },
    });
    throw new Refusal(403, "errors.saveForbidden");
  }
  const file = await buildDraftFile(session, input.template, input.format, input.fields, t);
  const upload = { fileName: file.fileName, body: new Response(file.bytes).body, contentLength: file.bytes.byteLength, source: "draft" as const };
  const metadata = { template: input.template, format: input.format, target: input.target.kind };

  if (input.target.kind === "document") {
    const title =
      input.target.title || `${TEMPLATES[input.template].documentTitle}${file.values.trustName ? ` — ${String(file.values.trustName)}` : ""}`.slice(0, 200);
    const document = await uploadDocument(ctx, session, { ...upload, title, type: input.target.type });
    await documentAudit(ctx, session, "drafting.save", document.id, metadata);
    return { kind: "document" as const, document: { id: document.id, title: document.title, status: document.status, fileName: document.fileName } };
  }
  const version = await uploadVersion(ctx, session, input.target.documentId, {
    ...upload,
    note: input.target.note || t("save.defaultNote", { template: TEMPLATES[input.template].documentTitle }),
  });
  await documentAudit(ctx, session, "drafting.save", input.target.documentId, { ...metadata, version: version?.number ?? null });
  return { kind: "version" as const, documentId: input.target.documentId, version };
}

/** The model that drafts, or null (offline: the page then says why the button is not there). */
export function draftingModel(ctx: Pick<RequestContext, "config" | "env">): TextModel | null {
  return chooseTextModel(ctx.config, ctx.env.AI);
}

/**
 * "Draft with AI": the model fills the template's fields from a plain-language request. Its answer
 * is checked field by field with the form's own rules; nothing is saved. Rate-limited per person
 * and counted (calls only, never the request).
 */
export async function draftWithAi(
  ctx: RequestContext,
  session: CurrentSession,
  input: { template: TemplateId; request: string; fields?: Record<string, unknown> },
  t: Translate,
  model: TextModel | null = draftingModel(ctx),
) {
  const workspace = requireWorkspace(session);
  if (!model) throw new Refusal(503, "errors.aiUnavailable");
  const count = await hitRateLimit(ctx.db, `drafting-ai:${session.user.id}`, AI_DRAFT_LIMIT);
  if (count > AI_DRAFT_LIMIT.limit) throw new Refusal(429, "errors.aiTooMany", undefined, undefined, { "Retry-After": String(AI_DRAFT_LIMIT.windowMs / 1000) });

  // Only the template's own fields, as text, go to the model as context.
  const current: Record<string, unknown> = {};
  for (const field of TEMPLATES[input.template].fields) {
    const value = input.fields?.[field.id];
    if (typeof value === "string" || (Array.isArray(value) && value.every((item) => typeof item === "string"))) current[field.id] = value;
  }
  let answer: string;
  try {
    answer = await model.complete(draftPrompt(input.template, input.request, current as DraftValues, todayIso()), {
      json: true,
      temperature: 0.1,
      maxTokens: 1500,
    });
  } catch (error) {
    throw new HttpError(502, t("errors.aiFailed", { reason: error instanceof TextModelError ? error.message : "" }).trim());
  } finally {
    await recordUsage(ctx.db, { workspaceId: workspace.id, userId: session.user.id, feature: "drafting", engine: model.engine });
  }
  const accepted = acceptDraftAnswer(input.template, answer, t);
  if (!accepted || Object.keys(accepted.fields).length === 0) throw new Refusal(502, "errors.aiUnusable");
  return { ...accepted, engine: model.engine, model: model.model };
}
