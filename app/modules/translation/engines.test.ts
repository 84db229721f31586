import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAiCompatibleTextModel, TextModelError } from "~/modules/ai/text-model";
import { chooseTranslator, M2M100_MODEL, m2m100Translator, textModelTranslator } from "./engines";

describe("Workers AI translation (m2m100)", () => {
  it("sends each line as { text, source_lang, target_lang } to @cf/meta/m2m100-1.2b and puts the lines back in place", async () => {
    const calls: { model: string; input: unknown }[] = [];
    const ai = {
      async run(model: string, input: unknown) {
        calls.push({ model, input });
        const { text } = input as { text: string };
        return { translated_text: `[es] ${text}` };
      },
    };
    const translator = m2m100Translator(ai);
    expect(translator).toMatchObject({ engine: "workers-ai", model: "@cf/meta/m2m100-1.2b" });
    const out = await translator.translate("ARTICLE ONE\n\n  1.1 The trust is revocable.\nGoverning law.", "en", "es");
    expect(out).toBe("[es] ARTICLE ONE\n\n  [es] 1.1 The trust is revocable.\n[es] Governing law.");
    expect(calls.map((c) => c.model)).toEqual([M2M100_MODEL, M2M100_MODEL, M2M100_MODEL]);
    expect(calls.map((c) => c.input)).toEqual([
      { text: "ARTICLE ONE", source_lang: "en", target_lang: "es" },
      { text: "1.1 The trust is revocable.", source_lang: "en", target_lang: "es" },
      { text: "Governing law.", source_lang: "en", target_lang: "es" },
    ]);
  });

  it("a missing translated_text or a failing binding is a TextModelError, never the original text", async () => {
    await expect(m2m100Translator({ run: async () => ({}) }).translate("Hello", "en", "fr")).rejects.toBeInstanceOf(TextModelError);
    await expect(
      m2m100Translator({
        run: async () => {
          throw new Error("3040: capacity");
        },
      }).translate("Hello", "en", "fr"),
    ).rejects.toThrow("Workers AI could not translate (3040: capacity).");
  });
});

describe("OpenAI-compatible translation", () => {
  let server: ReturnType<typeof createServer>;
  let baseUrl = "";
  const received: { url: string; headers: IncomingMessage["headers"]; body: Record<string, unknown> }[] = [];
  let reply: (body: Record<string, unknown>) => { status: number; json: unknown } = () => ({
    status: 200,
    json: { choices: [{ message: { content: "Le trust est révocable." } }] },
  });

  beforeAll(async () => {
    server = createServer((req, res) => {
      let data = "";
      req.on("data", (chunk) => (data += chunk));
      req.on("end", () => {
        const body = JSON.parse(data) as Record<string, unknown>;
        received.push({ url: req.url ?? "", headers: req.headers, body });
        const { status, json } = reply(body);
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(json));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("posts the exact chat request to {base}/chat/completions with the key and returns the model's text", async () => {
    const translator = textModelTranslator(openAiCompatibleTextModel({ baseUrl, apiKey: "sk-test", model: "local-translator" }));
    expect(translator).toMatchObject({ engine: "openai-compatible", model: "local-translator" });
    expect(await translator.translate("The trust is revocable.", "en", "fr")).toBe("Le trust est révocable.");
    const [call] = received.splice(0);
    expect(call.url).toBe("/v1/chat/completions");
    expect(call.headers.authorization).toBe("Bearer sk-test");
    expect(call.headers["content-type"]).toBe("application/json");
    expect(call.body).toEqual({
      model: "local-translator",
      messages: [
        {
          role: "system",
          content:
            "You translate legal and family-trust documents from English to French. Translate the user's text completely and faithfully. Keep every line break, heading, number, name, date and amount as it is. Do not add, omit, explain or summarise anything. Answer with the French translation only.",
        },
        { role: "user", content: "The trust is revocable." },
      ],
      temperature: 0,
      max_tokens: 291,
    });
  });

  it("a refusal from the endpoint is an error with its status", async () => {
    reply = () => ({ status: 429, json: { error: { message: "rate limited" } } });
    const translator = textModelTranslator(openAiCompatibleTextModel({ baseUrl, model: "m" }));
    await expect(translator.translate("Hello", "en", "ar")).rejects.toMatchObject({ name: "TextModelError", status: 429 });
    expect(received.splice(0)[0].headers.authorization).toBeUndefined();
  });
});

describe("choosing a translator", () => {
  const ai = { run: async () => ({ translated_text: "x" }) } as unknown as Ai;
  it("none offline or without configuration; m2m100 with the binding; the configured model with an endpoint", () => {
    expect(chooseTranslator({}, undefined)).toBeNull();
    expect(chooseTranslator({ AI_PROVIDER: "offline" }, ai)).toBeNull();
    expect(chooseTranslator({}, ai)).toMatchObject({ engine: "workers-ai", model: M2M100_MODEL });
    expect(chooseTranslator({ AI_PROVIDER: "workers-ai", AI_MODEL: "@cf/meta/llama-3.1-8b-instruct" }, ai)).toMatchObject({
      engine: "workers-ai",
      model: M2M100_MODEL,
    });
    expect(chooseTranslator({ AI_BASE_URL: "http://127.0.0.1:1/v1", AI_MODEL: "qwen" }, ai)).toMatchObject({ engine: "openai-compatible", model: "qwen" });
    expect(chooseTranslator({ AI_PROVIDER: "workers-ai" }, undefined)).toBeNull();
  });
});
