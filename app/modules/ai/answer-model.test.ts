/**
 * The model path, checked for its wire format only: what is sent to an OpenAI-compatible provider
 * (a local node:http server stands in for it) or to Workers AI (a fake binding), and how the answer's
 * [n] markers become citations. No real model is called.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerWithModel, buildAnswerMessages, collectCitations, uncitedFallback } from "./answer-model";
import type { Passage } from "./passages";
import { chooseTextModel, openAiCompatibleTextModel, TextModelError, workersAiTextModel } from "./text-model";

const passages: Passage[] = [
  { documentId: "d1", documentTitle: "Trust", start: 0, end: 20, text: "1.3 Successor Trustees. Margaret serves." },
  { documentId: "d1", documentTitle: "Trust", start: 30, end: 60, text: "5.4 Tax Returns. File by April 15." },
  { documentId: "d2", documentTitle: "Amendment", start: 5, end: 40, text: "Daniel R. Hartwell shall serve as successor trustee." },
];

let server: Server;
let baseUrl: string;
let seen: { url?: string; headers: IncomingMessage["headers"]; body: Record<string, any> }[] = [];
let reply = { status: 200, body: "" };

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", () => {
      seen.push({ url: request.url, headers: request.headers, body: raw ? JSON.parse(raw) : {} });
      response.writeHead(reply.status, { "content-type": "application/json" });
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const completion = (content: string) =>
  JSON.stringify({ id: "x", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] });

describe("answers written by a model", () => {
  it("posts the rules, the numbered passages and the question to /chat/completions, and keeps only what it cited", async () => {
    seen = [];
    reply = { status: 200, body: completion("Daniel R. Hartwell now serves as successor trustee [3], replacing Margaret [1].") };
    const model = openAiCompatibleTextModel({ baseUrl, apiKey: "sk-test", model: "test-model" });
    const answer = await answerWithModel(model, "Who is the successor trustee?", passages, "fr");

    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request.url).toBe("/v1/chat/completions");
    expect(request.headers.authorization).toBe("Bearer sk-test");
    expect(request.body.model).toBe("test-model");
    expect(request.body.temperature).toBe(0.1);
    expect(request.body.messages.map((m: { role: string }) => m.role)).toEqual(["system", "user"]);
    const system = request.body.messages[0].content as string;
    expect(system).toContain("Answer ONLY from the numbered passages");
    expect(system).toContain("like [1] or [2]");
    expect(system).toContain("do not contain the answer, say plainly");
    expect(system).toContain("Answer in French.");
    const user = request.body.messages[1].content as string;
    expect(user).toContain("<<<PASSAGES\n[1] (Trust)\n1.3 Successor Trustees. Margaret serves.\n\n[2] (Trust)");
    expect(user).toContain("[3] (Amendment)\nDaniel R. Hartwell shall serve as successor trustee.\nPASSAGES>>>");
    expect(user.endsWith("Question: Who is the successor trustee?")).toBe(true);

    // Cited [3] then [1]: renumbered [1], [2] in that order; the uncited passage is dropped.
    expect(answer.content).toBe("Daniel R. Hartwell now serves as successor trustee [1], replacing Margaret [2].");
    expect(answer.citations).toEqual([passages[2], passages[0]]);
  });

  it("turns a refusal or an unreachable service into a TextModelError (the caller falls back to quoting)", async () => {
    reply = { status: 503, body: "{}" };
    const model = openAiCompatibleTextModel({ baseUrl, model: "m" });
    const error = await answerWithModel(model, "q", passages, "en").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TextModelError);
    expect((error as TextModelError).status).toBe(503);
    const unreachable = openAiCompatibleTextModel({ baseUrl: "http://127.0.0.1:1/v1", model: "m", timeoutMs: 2000 });
    expect(await answerWithModel(unreachable, "q", passages, "en").catch((e: unknown) => e)).toBeInstanceOf(TextModelError);
  });

  it("speaks the same messages to Workers AI through its binding", async () => {
    const calls: { model: string; input: any }[] = [];
    const ai = {
      run: async (model: string, input: unknown) => (calls.push({ model, input }), { response: "Nothing in the passages answers that." }),
    } as unknown as Ai;
    const answer = await answerWithModel(workersAiTextModel(ai, "@cf/test/model"), "What is the weather?", passages.slice(0, 1), "en");
    expect(calls[0].model).toBe("@cf/test/model");
    expect(calls[0].input.messages).toEqual(buildAnswerMessages("What is the weather?", passages.slice(0, 1), "en"));
    expect(answer).toEqual({ content: "Nothing in the passages answers that.", citations: [] });
  });

  it("reads grouped and ranged markers, and drops markers that point at no passage", () => {
    expect(collectCitations("A [2, 3] and B [1-2] and C [9].", passages)).toEqual({
      content: "A [1][2] and B [1][3] and C .",
      citations: [passages[1], passages[2], passages[0]],
    });
  });

  it("is offline unless a provider is configured", () => {
    expect(chooseTextModel({}, undefined)).toBeNull();
    expect(chooseTextModel({ AI_PROVIDER: "offline", AI_BASE_URL: "https://x.test/v1", AI_MODEL: "m" }, undefined)).toBeNull();
    expect(chooseTextModel({ AI_BASE_URL: "https://x.test/v1", AI_MODEL: "m" }, undefined)?.engine).toBe("openai-compatible");
  });
});

describe("an uncited model answer", () => {
  const draft = { body: "Offline engine: “1.3 Successor Trustees.” [1]", citations: [passages[0]] };
  it("falls back to the offline engine's cited quotes, after the note", () => {
    const written = collectCitations("Margaret serves as successor trustee.", passages);
    expect(written.citations).toEqual([]);
    expect(uncitedFallback(written, draft, "The AI model could not answer just now.")).toEqual({
      content: `The AI model could not answer just now.\n\n${draft.body}`,
      citations: [passages[0]],
    });
    expect(uncitedFallback({ content: "", citations: [] }, draft, "Note.")?.citations).toEqual([passages[0]]);
  });
  it("stands when it cites a passage", () => {
    expect(uncitedFallback(collectCitations("Margaret serves [1].", passages), draft, "Note.")).toBeNull();
  });
});
