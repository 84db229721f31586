import {
  DEFAULT_WORKERS_AI_MODEL,
  openAiCompatibleTextModel,
  type OpenAiTextOptions,
  type TextModel,
  TextModelError,
  workersAiTextModel,
} from "~/modules/ai/text-model";
import type { AppConfig } from "~/platform/env.server";
import type { Failure } from "../failure-reasons";
import { analyzeOffline, type AnalysisHints } from "./offline";
import { buildAnalysisMessages } from "./prompt";
import { analysisFindingsSchema, analysisJsonSchema, type AnalysisEngineId, type DocumentAnalysis } from "./schema";

/** One interface for every engine that can read a document (DESIGN.md, outside services). */
export interface AnalysisEngine {
  id: AnalysisEngineId;
  model: string | null;
  analyze(text: string, hints: AnalysisHints): Promise<DocumentAnalysis>;
}

/** A failed analysis; `retryable` says whether trying again later may help (busy service) or not (bad key). */
export class AnalysisError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** What people are told (translated); the message is for the logs. */
    readonly failure: Failure = { code: "ai_bad_answer" },
  ) {
    super(message);
    this.name = "AnalysisError";
  }
}

const PROVIDER_TIMEOUT_MS = 90_000;
/** Room for the whole structured analysis of a long instrument. */
const ANALYSIS_MAX_TOKENS = 4096;

export const offlineEngine: AnalysisEngine = {
  id: "offline",
  model: null,
  analyze: async (text, hints) => analyzeOffline(text, hints),
};

/** Parses and validates what a model answered; a malformed answer is worth one more try. */
function acceptFindings(raw: unknown, engine: { id: AnalysisEngineId; model: string }, truncated: boolean): DocumentAnalysis {
  let value = raw;
  if (typeof raw === "string") {
    try {
      // Some models wrap JSON in a Markdown fence even in JSON mode.
      value = JSON.parse(raw.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ""));
    } catch {
      throw new AnalysisError("The AI service answered with something that is not JSON.", true);
    }
  }
  const parsed = analysisFindingsSchema.safeParse(value);
  if (!parsed.success) throw new AnalysisError("The AI service's answer did not match the analysis format.", true);
  return { ...parsed.data, engine: { id: engine.id, model: engine.model, version: "1" }, truncated };
}

/** A model's failure as an analysis failure: busy or unreachable services are retried, a bad key or a refusal is not. */
function asAnalysisError(error: unknown): never {
  if (!(error instanceof TextModelError)) throw error;
  switch (error.failure) {
    case "unreachable":
      throw new AnalysisError(error.message, true, { code: "ai_unreachable" });
    case "refused": {
      const status = error.status ?? 0;
      throw new AnalysisError(error.message, status === 429 || status >= 500, { code: "ai_refused", status });
    }
    case "declined":
      throw new AnalysisError(error.message, false, { code: "ai_declined" });
    default:
      throw new AnalysisError(error.message, true);
  }
}

/** Any text model (app/modules/ai/text-model.ts: the wire formats) asked for the analysis with structured output. */
function modelEngine(model: TextModel): AnalysisEngine {
  return {
    id: model.engine,
    model: model.model,
    async analyze(text, hints) {
      const { messages, truncated } = buildAnalysisMessages(text, hints);
      const answer = await model
        .complete(messages, { temperature: 0, maxTokens: ANALYSIS_MAX_TOKENS, jsonSchema: { name: "document_analysis", schema: analysisJsonSchema() } })
        .catch(asAnalysisError);
      return acceptFindings(answer, { id: model.engine, model: model.model }, truncated);
    },
  };
}

/** Cloudflare Workers AI through the `AI` binding, with JSON mode. */
export function workersAiEngine(ai: Ai, model = DEFAULT_WORKERS_AI_MODEL): AnalysisEngine {
  return modelEngine(workersAiTextModel(ai, model));
}

/** Any endpoint that speaks OpenAI's `POST /chat/completions` with structured output. */
export function openAiCompatibleEngine(options: OpenAiTextOptions): AnalysisEngine {
  return modelEngine(openAiCompatibleTextModel({ timeoutMs: PROVIDER_TIMEOUT_MS, ...options }));
}

/**
 * The engine for this deployment: the one AI_PROVIDER names, else an OpenAI-compatible endpoint
 * when one is configured, else Workers AI when the binding exists, else the offline analyzer.
 */
export function chooseAnalysisEngine(config: Pick<AppConfig, "AI_PROVIDER" | "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL">, ai: Ai | undefined): AnalysisEngine {
  const openAi =
    config.AI_BASE_URL && config.AI_MODEL ? openAiCompatibleEngine({ baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY, model: config.AI_MODEL }) : null;
  switch (config.AI_PROVIDER) {
    case "offline":
      return offlineEngine;
    case "openai-compatible":
      return openAi ?? offlineEngine;
    case "workers-ai":
      return ai ? workersAiEngine(ai, config.AI_MODEL) : offlineEngine;
    default:
      return openAi ?? (ai ? workersAiEngine(ai, config.AI_MODEL) : offlineEngine);
  }
}
