import { chooseTextModel, type TextModel, TextModelError } from "~/modules/ai/text-model";
import { findLanguage, type LanguageCode } from "~/modules/preferences/languages";
import type { AppConfig } from "~/platform/env.server";

/** Workers AI's translation model: input `{ text, source_lang, target_lang }`, output `{ translated_text }`. */
export const M2M100_MODEL = "@cf/meta/m2m100-1.2b";

/** How many lines of one part Workers AI translates at once. */
const M2M100_CONCURRENCY = 4;

/**
 * Something that translates a part of a text between two of the interface's twelve languages.
 * There is no offline translator: without a provider `chooseTranslator` returns null and the page
 * and the API say so instead of pretending.
 */
export interface Translator {
  engine: "workers-ai" | "openai-compatible";
  model: string;
  translate(text: string, source: LanguageCode, target: LanguageCode): Promise<string>;
}

/** The subset of the AI binding this adapter uses, so tests can pass a stub. */
export interface AiRunner {
  run(model: string, input: unknown): Promise<unknown>;
}

/**
 * m2m100 translates sentences, not layouts: each non-empty line goes on its own, and the lines are
 * put back in place, so numbering, headings and paragraph breaks survive.
 */
export function m2m100Translator(ai: AiRunner, model = M2M100_MODEL): Translator {
  const one = async (text: string, source: LanguageCode, target: LanguageCode) => {
    let result: unknown;
    try {
      result = await ai.run(model, { text, source_lang: source, target_lang: target });
    } catch (error) {
      throw new TextModelError(`Workers AI could not translate (${error instanceof Error ? error.message : "unknown error"}).`);
    }
    const translated = (result as { translated_text?: unknown } | null)?.translated_text;
    if (typeof translated !== "string") throw new TextModelError("Workers AI returned no translation.");
    return translated;
  };
  return {
    engine: "workers-ai",
    model,
    async translate(text, source, target) {
      const lines = text.split("\n");
      const out = [...lines];
      const todo = lines.map((line, i) => ({ line, i })).filter(({ line }) => line.trim() !== "");
      for (let start = 0; start < todo.length; start += M2M100_CONCURRENCY) {
        const batch = todo.slice(start, start + M2M100_CONCURRENCY);
        const done = await Promise.all(batch.map(({ line }) => one(line.trim(), source, target)));
        batch.forEach(({ i, line }, k) => {
          const indent = /^\s*/.exec(line)?.[0] ?? "";
          out[i] = indent + done[k].trim();
        });
      }
      return out.join("\n");
    },
  };
}

/** The instructions a chat model translates under: faithful, complete, nothing added. */
export function translationMessages(text: string, source: LanguageCode, target: LanguageCode) {
  const from = findLanguage(source).englishName;
  const to = findLanguage(target).englishName;
  return [
    {
      role: "system" as const,
      content: `You translate legal and family-trust documents from ${from} to ${to}. Translate the user's text completely and faithfully. Keep every line break, heading, number, name, date and amount as it is. Do not add, omit, explain or summarise anything. Answer with the ${to} translation only.`,
    },
    { role: "user" as const, content: text },
  ];
}

/** Any OpenAI-compatible chat model, through the shared TextModel. */
export function textModelTranslator(model: TextModel): Translator {
  return {
    engine: model.engine,
    model: model.model,
    async translate(text, source, target) {
      const answer = await model.complete(translationMessages(text, source, target), {
        temperature: 0,
        maxTokens: Math.min(4096, Math.ceil(text.length * 1.5) + 256),
      });
      return answer.replace(/^```[a-z]*\n?|\n?```$/g, "").trim();
    },
  };
}

/**
 * The translator for this configuration: the same choice of provider as every AI feature
 * (AI_PROVIDER, else an OpenAI-compatible endpoint, else the Workers AI binding). With Workers AI it
 * is the dedicated translation model m2m100; with an OpenAI-compatible endpoint, the configured model.
 */
export function chooseTranslator(config: Pick<AppConfig, "AI_PROVIDER" | "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL">, ai: Ai | undefined): Translator | null {
  const model = chooseTextModel(config, ai);
  if (!model) return null;
  if (model.engine === "workers-ai" && ai) return m2m100Translator(ai as unknown as AiRunner);
  return textModelTranslator(model);
}
