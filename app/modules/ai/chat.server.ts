import type { CurrentSession } from "~/modules/auth/session.server";
import { serverT } from "~/i18n.server";
import { recordAiFallback } from "~/modules/ops/beacons.server";
import { Refusal } from "~/platform/http.server";
import { hitRateLimit, rateLimitRetryAfter, type Limit } from "~/platform/rate-limit.server";
import type { RequestContext } from "~/platform/request-context.server";
import { answerOffline, type Draft } from "./answer-offline";
import { answerWithModel, uncitedFallback } from "./answer-model";
import { helpAnswer, helpFirst, matchHelpTopics, relatedArticles, type RelatedArticle } from "./help-answer";
import { detectIntent, subjectTerms } from "./intents";
import { type Citation, type Passage, toCitation } from "./passages";
import { hasReadableDocument, openComplianceItems, retrieve } from "./retrieval.server";
import type { AiFeature } from "./schema";
import { chooseTextModel, TextModelError, type TextModel } from "./text-model";
import { recordUsage } from "./usage.server";
import type { Capability } from "./validation";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Questions per person per minute, across the chat widget and /legal-intelligence. */
export const AI_RATE_LIMIT: Limit = { limit: 30, windowMs: 60_000 };

export type AnswerEngine = "offline" | "workers-ai" | "openai-compatible";

/** Actions the widget acts on (spec section 8): upload, help and compliance navigate; others are only logged. */
export type SuggestedActionName = "upload" | "help" | "compliance";

export interface SuggestedAction {
  label: string;
  action: SuggestedActionName;
  icon: string;
}

/** The assistant's reply, as the widget reads it (spec section 3, chat message). */
export interface AssistantMessage {
  id: string;
  role: "assistant";
  content: string;
  timestamp: string;
  suggestedActions: SuggestedAction[];
  relatedArticles: RelatedArticle[];
  citations: Citation[];
  engine: AnswerEngine;
}

export interface Question {
  message: string;
  capability: Capability;
  contextDocumentId?: string | null;
}

/** Icon names the widget draws (app/modules/ai/widget/actions.ts). */
const ACTION_ICONS: Record<SuggestedActionName, string> = { upload: "upload", help: "help", compliance: "compliance" };

function action(name: SuggestedActionName, t: Translate): SuggestedAction {
  return { label: t(`actions.${name}`), action: name, icon: ACTION_ICONS[name] };
}

/** Counts the question against the person's limit; a 429 with Retry-After past it. */
export async function checkAiRateLimit(ctx: RequestContext, session: CurrentSession): Promise<void> {
  const key = `ai:user:${session.user.id}`;
  const count = await hitRateLimit(ctx.db, key, AI_RATE_LIMIT);
  if (count > AI_RATE_LIMIT.limit) {
    const seconds = Math.max(1, await rateLimitRetryAfter(ctx.db, key, AI_RATE_LIMIT));
    throw new Refusal(429, "errors.rateLimited", { count: AI_RATE_LIMIT.limit, seconds }, undefined, { "Retry-After": String(seconds) });
  }
}

export interface AskOptions {
  feature: AiFeature;
  language: string;
  t: Translate;
  /** Injected by tests; by default chosen from the configuration (null: the offline engine). */
  model?: TextModel | null;
}

/**
 * Answers a question from the workspace's own documents (only those the asker may read), or from the
 * help centre for questions about the product. With a model configured, the model writes the answer
 * from the retrieved passages; otherwise (and whenever the model fails) the offline engine quotes
 * them. Every answer is counted in `ai_usage` by engine; the question itself is never stored or logged.
 */
export async function askAssistant(ctx: RequestContext, session: CurrentSession, question: Question, options: AskOptions): Promise<AssistantMessage> {
  const { t, language } = options;
  await checkAiRateLimit(ctx, session);

  const helpT = serverT("help", language);
  const intent = detectIntent(question.message, question.capability);
  const helpMatches = question.capability === "feature_guidance" || intent.kind === "how_to" ? matchHelpTopics(question.message, helpT) : [];

  let engine: AnswerEngine = "offline";
  let content: string;
  let citations: Passage[] = [];
  let related: RelatedArticle[] = [];
  const actions = new Set<SuggestedActionName>();

  const fromHelp = helpFirst(question.capability, intent.kind, helpMatches) ? helpAnswer(question.message, helpMatches, t, helpT) : null;
  if (fromHelp) {
    content = fromHelp.body;
    related = fromHelp.relatedArticles;
    if (/upload|add (a )?document|subir|télécharg|hochlad|アップロード|上传/i.test(question.message)) actions.add("upload");
    actions.add("help");
  } else {
    const retrieved = await retrieve(ctx.db, session, question.message, intent, question.contextDocumentId);
    const complianceItems = intent.kind === "duties" ? await openComplianceItems(ctx.db, session) : [];
    const draft: Draft = answerOffline({
      intent,
      documents: retrieved.documents,
      passages: retrieved.passages,
      complianceItems,
      subjectTerms: subjectTerms(question.message),
      t,
      language,
    });

    if (!draft.found) {
      // Nothing in the documents: the help centre may still know (questions about the product).
      const help = helpMatches.length ? helpAnswer(question.message, helpMatches, t, helpT) : null;
      // "Upload first" only to someone who may read no document at all; else nothing matched.
      const readsDocuments = retrieved.documents.length > 0 || (!help && (await hasReadableDocument(ctx.db, session)));
      content = help ? help.body : readsDocuments ? t("offline.nothingFound") : t("offline.noDocuments");
      related = help?.relatedArticles ?? [];
      if (!readsDocuments) actions.add("upload");
      actions.add("help");
    } else {
      content = draft.body;
      citations = draft.citations;
      related = helpMatches.length ? relatedArticles(helpMatches, helpT, 2) : [];
      const model = options.model !== undefined ? options.model : chooseTextModel(ctx.config, ctx.env.AI);
      // With no passage to give it, a model could only say it does not know: the offline answer stands.
      if (model && (draft.citations.length || retrieved.passages.length)) {
        // The model sees the passages the offline engine would cite first, then the best retrieved ones.
        const given: Passage[] = [];
        for (const p of [...draft.citations, ...retrieved.passages]) {
          if (!given.some((g) => g.documentId === p.documentId && g.start === p.start && g.end === p.end)) given.push(p);
        }
        try {
          const written = await answerWithModel(model, question.message, given, language);
          const fallback = uncitedFallback(written, draft, t("offline.modelUnavailable"));
          if (!fallback) {
            content = written.content;
            citations = written.citations;
            engine = model.engine;
          } else {
            // No [n] in the model's answer: it cannot be checked against the documents, so the quotes stand.
            console.warn("AI answer without citations fell back to the offline engine", { engine: model.engine });
            content = fallback.content;
            citations = fallback.citations;
          }
        } catch (error) {
          if (!(error instanceof TextModelError)) throw error;
          // The model could not answer: the quotes stand, and the person is told why.
          console.warn("AI answer fell back to the offline engine", { engine: model.engine, status: error.status ?? null });
          // /system-health tells the operators the configured engine is failing.
          ctx.waitUntil(recordAiFallback(ctx.db, model.engine));
          content = `${t("offline.modelUnavailable")}\n\n${draft.body}`;
        }
      }
    }
    if (intent.kind === "duties" || question.capability === "compliance_guidance") actions.add("compliance");
  }

  if (session.workspace) {
    await recordUsage(ctx.db, { workspaceId: session.workspace.id, userId: session.user.id, feature: options.feature, engine });
  }
  return {
    id: crypto.randomUUID(),
    role: "assistant",
    content,
    timestamp: new Date().toISOString(),
    suggestedActions: [...actions].map((name) => action(name, t)),
    relatedArticles: related,
    citations: citations.map(toCitation),
    engine,
  };
}
