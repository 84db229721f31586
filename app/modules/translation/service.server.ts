import { and, desc, eq } from "drizzle-orm";
import type { CurrentSession } from "~/modules/auth/session.server";
import { TextModelError } from "~/modules/ai/text-model";
import { recordUsage } from "~/modules/ai/usage.server";
import { visibleDocuments } from "~/modules/documents/access.server";
import { documents, documentTexts } from "~/modules/documents/schema";
import { documentAudit, requireVisibleDocument } from "~/modules/documents/service.server";
import type { Db } from "~/platform/db.server";
import { HttpError, Refusal } from "~/platform/http.server";
import { hitRateLimit, type Limit } from "~/platform/rate-limit.server";
import type { RequestContext } from "~/platform/request-context.server";
import { limitSource } from "./chunks";
import { chooseTranslator, type Translator } from "./engines";
import type { TranslateRequest } from "./validation";

/** Parts per person and quarter hour: a long trust instrument (about a hundred parts) and then some. */
export const TRANSLATE_LIMIT: Limit = { limit: 300, windowMs: 15 * 60 * 1000 };

export function translatorFor(ctx: Pick<RequestContext, "config" | "env">): Translator | null {
  return chooseTranslator(ctx.config, ctx.env.AI);
}

/** Which engine would translate, for the page (null: none configured). */
export function translationProvider(ctx: Pick<RequestContext, "config" | "env">): { engine: string; model: string } | null {
  const translator = translatorFor(ctx);
  return translator ? { engine: translator.engine, model: translator.model } : null;
}

/**
 * Translates one part of a text. Without a provider: 503 and the reason, never a made-up text.
 * A part of a document needs the right to read it; the first part of a document is audited (which
 * document, which languages, never the text). Rate-limited per person; each call is counted.
 */
export async function translatePart(ctx: RequestContext, session: CurrentSession, input: TranslateRequest, translator: Translator | null = translatorFor(ctx)) {
  const workspace = session.workspace;
  if (!workspace) throw new Refusal(404, "errors.noWorkspace");
  if (!translator) throw new Refusal(503, "errors.noProvider");
  if (input.documentId) {
    await requireVisibleDocument(ctx, session, input.documentId);
    if (!input.part)
      await documentAudit(ctx, session, "document.translate", input.documentId, { source: input.source, target: input.target, engine: translator.engine });
  }
  const count = await hitRateLimit(ctx.db, `translate:${session.user.id}`, TRANSLATE_LIMIT);
  if (count > TRANSLATE_LIMIT.limit) {
    throw new Refusal(429, "errors.tooMany", { minutes: TRANSLATE_LIMIT.windowMs / 60_000 }, undefined, {
      "Retry-After": String(TRANSLATE_LIMIT.windowMs / 1000),
    });
  }
  try {
    const translation = await translator.translate(input.text, input.source, input.target);
    if (!translation.trim()) throw new TextModelError("The translation came back empty.");
    return { translation, engine: translator.engine, model: translator.model };
  } catch (error) {
    if (error instanceof HttpError || error instanceof Refusal) throw error;
    throw new Refusal(502, "errors.providerFailed", { reason: error instanceof Error ? error.message : "" });
  } finally {
    await recordUsage(ctx.db, { workspaceId: workspace.id, userId: session.user.id, feature: "translation", engine: translator.engine });
  }
}

/** The documents this person may read that have text, newest first, for the page's choice. */
export async function translatableDocuments(db: Db, session: CurrentSession) {
  if (!session.workspace) return [];
  return db
    .select({ id: documents.id, title: documents.title, charCount: documentTexts.charCount })
    .from(documents)
    .innerJoin(documentTexts, eq(documentTexts.documentId, documents.id))
    .where(and(visibleDocuments(session)))
    .orderBy(desc(documents.updatedAt))
    .limit(200);
}

/** A document's text to translate (404 for a document this person may not read, audited as refused). */
export async function documentSource(ctx: RequestContext, session: CurrentSession, id: string) {
  const document = await requireVisibleDocument(ctx, session, id);
  const row = await ctx.db.select({ content: documentTexts.content }).from(documentTexts).where(eq(documentTexts.documentId, document.id)).get();
  if (!row) return { id: document.id, title: document.title, text: null, truncated: false, status: document.status };
  const { text, truncated } = limitSource(row.content);
  return { id: document.id, title: document.title, text, truncated, status: document.status };
}
