import type { AppConfig } from "~/platform/env.server";

export const DEFAULT_WORKERS_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";

/** One turn of a conversation with a model (OpenAI's chat format, which Workers AI also takes). */
export interface ModelMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface CompleteOptions {
  temperature?: number;
  maxTokens?: number;
  /** Ask for a JSON object answer (JSON mode where the provider has it). */
  json?: boolean;
  /** Ask for JSON that matches this schema (structured output); wins over `json`. */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
}

/**
 * A model that writes text: the assistant's answers, drafts and translations. There is no offline
 * model: when none is configured, `chooseTextModel` returns null and each feature says so honestly
 * (the assistant falls back to quoting passages; translation says it needs a provider).
 */
export interface TextModel {
  engine: "workers-ai" | "openai-compatible";
  model: string;
  complete(messages: ModelMessage[], options?: CompleteOptions): Promise<string>;
}

/** Why a model gave no answer: callers decide from it whether trying again may help. */
export type TextModelFailure = "unreachable" | "refused" | "declined" | "no_answer";

/** The model could not answer; `status` is the provider's HTTP status when it refused. */
export class TextModelError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly failure: TextModelFailure = status === undefined ? "no_answer" : "refused",
  ) {
    super(message);
    this.name = "TextModelError";
  }
}

const TIMEOUT_MS = 60_000;

export function workersAiTextModel(ai: Ai, model = DEFAULT_WORKERS_AI_MODEL): TextModel {
  // Workers AI takes the bare schema in json_schema.
  return {
    engine: "workers-ai",
    model,
    async complete(messages, options = {}) {
      let result: unknown;
      try {
        result = await (ai.run as (model: string, input: unknown) => Promise<unknown>)(model, {
          messages,
          temperature: options.temperature ?? 0.2,
          max_tokens: options.maxTokens ?? 1024,
          ...(options.jsonSchema
            ? { response_format: { type: "json_schema", json_schema: options.jsonSchema.schema } }
            : options.json
              ? { response_format: { type: "json_object" } }
              : {}),
        });
      } catch (error) {
        throw new TextModelError(`Workers AI could not answer (${error instanceof Error ? error.message : "unknown error"}).`, undefined, "unreachable");
      }
      const response = (result as { response?: unknown } | null)?.response;
      if (typeof response === "string") return response;
      if (response && typeof response === "object") return JSON.stringify(response);
      throw new TextModelError("Workers AI returned no answer.");
    },
  };
}

export interface OpenAiTextOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Injected so tests can point it at a local fake server. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Any endpoint that speaks OpenAI's `POST {base}/chat/completions`. */
export function openAiCompatibleTextModel(options: OpenAiTextOptions): TextModel {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    engine: "openai-compatible",
    model: options.model,
    async complete(messages, completeOptions = {}) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json", ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
          body: JSON.stringify({
            model: options.model,
            messages,
            temperature: completeOptions.temperature ?? 0.2,
            max_tokens: completeOptions.maxTokens ?? 1024,
            ...(completeOptions.jsonSchema
              ? {
                  response_format: {
                    type: "json_schema",
                    json_schema: { name: completeOptions.jsonSchema.name, strict: true, schema: completeOptions.jsonSchema.schema },
                  },
                }
              : completeOptions.json
                ? { response_format: { type: "json_object" } }
                : {}),
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
        });
      } catch {
        throw new TextModelError("The AI service could not be reached.", undefined, "unreachable");
      }
      if (!response.ok) throw new TextModelError(`The AI service refused the request (HTTP ${response.status}).`, response.status);
      const body = (await response.json().catch(() => null)) as { choices?: { message?: { content?: unknown; refusal?: unknown } }[] } | null;
      const message = body?.choices?.[0]?.message;
      if (message?.refusal) throw new TextModelError("The AI model declined to answer.", undefined, "declined");
      if (typeof message?.content !== "string") throw new TextModelError("The AI service returned no answer.");
      return message.content;
    },
  };
}

/** Same choice as the document analysis (AI_PROVIDER, else OpenAI-compatible, else Workers AI); null offline. */
export function chooseTextModel(config: Pick<AppConfig, "AI_PROVIDER" | "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL">, ai: Ai | undefined): TextModel | null {
  const openAi =
    config.AI_BASE_URL && config.AI_MODEL
      ? openAiCompatibleTextModel({ baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY, model: config.AI_MODEL })
      : null;
  switch (config.AI_PROVIDER) {
    case "offline":
      return null;
    case "openai-compatible":
      return openAi;
    case "workers-ai":
      return ai ? workersAiTextModel(ai, config.AI_MODEL) : null;
    default:
      return openAi ?? (ai ? workersAiTextModel(ai, config.AI_MODEL) : null);
  }
}
