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

export const DEFAULT_WORKERS_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";
const PROVIDER_TIMEOUT_MS = 90_000;

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

/** Cloudflare Workers AI through the `AI` binding, with JSON mode. */
export function workersAiEngine(ai: Ai, model = DEFAULT_WORKERS_AI_MODEL): AnalysisEngine {
  return {
    id: "workers-ai",
    model,
    async analyze(text, hints) {
      const { messages, truncated } = buildAnalysisMessages(text, hints);
      let result: unknown;
      try {
        result = await (ai.run as (model: string, input: unknown) => Promise<unknown>)(model, {
          messages,
          response_format: { type: "json_schema", json_schema: analysisJsonSchema() },
          temperature: 0,
          max_tokens: 4096,
        });
      } catch (error) {
        throw new AnalysisError(`Workers AI could not analyse the document (${error instanceof Error ? error.message : "unknown error"}).`, true, {
          code: "ai_unreachable",
        });
      }
      const response = (result as { response?: unknown } | null)?.response;
      if (response === undefined || response === null) throw new AnalysisError("Workers AI returned no answer.", true);
      return acceptFindings(response, { id: "workers-ai", model }, truncated);
    },
  };
}

export interface OpenAiCompatibleOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Injected so tests can point it at a local server; defaults to the global fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Any endpoint that speaks OpenAI's `POST /chat/completions` with structured output. */
export function openAiCompatibleEngine(options: OpenAiCompatibleOptions): AnalysisEngine {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    id: "openai-compatible",
    model: options.model,
    async analyze(text, hints) {
      const { messages, truncated } = buildAnalysisMessages(text, hints);
      let response: Response;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json", ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
          body: JSON.stringify({
            model: options.model,
            messages,
            temperature: 0,
            response_format: { type: "json_schema", json_schema: { name: "document_analysis", strict: true, schema: analysisJsonSchema() } },
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? PROVIDER_TIMEOUT_MS),
        });
      } catch {
        throw new AnalysisError("The AI service could not be reached.", true, { code: "ai_unreachable" });
      }
      if (!response.ok) {
        // 429 and 5xx pass; anything else (a wrong key, an unknown model) will not fix itself.
        const retryable = response.status === 429 || response.status >= 500;
        throw new AnalysisError(`The AI service refused the request (HTTP ${response.status}).`, retryable, { code: "ai_refused", status: response.status });
      }
      const body = (await response.json().catch(() => null)) as { choices?: { message?: { content?: unknown; refusal?: unknown } }[] } | null;
      const message = body?.choices?.[0]?.message;
      if (message?.refusal) throw new AnalysisError("The AI model declined to analyse this document.", false, { code: "ai_declined" });
      if (message?.content === undefined || message.content === null) throw new AnalysisError("The AI service returned no answer.", true);
      return acceptFindings(message.content, { id: "openai-compatible", model: options.model }, truncated);
    },
  };
}

/**
 * The engine for this deployment: the one AI_PROVIDER names, else an OpenAI-compatible endpoint
 * when one is configured, else Workers AI when the binding exists, else the offline analyzer.
 */
export function chooseAnalysisEngine(config: Pick<AppConfig, "AI_PROVIDER" | "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL">, ai: Ai | undefined): AnalysisEngine {
  const openAi = config.AI_BASE_URL && config.AI_MODEL ? openAiCompatibleEngine({ baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY, model: config.AI_MODEL }) : null;
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
