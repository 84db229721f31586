/**
 * The network engines, checked for their wire format only: what they send to a provider and how
 * they read its answers and failures. A local node:http server stands in for the provider; no real
 * AI service is called, so these tests say nothing about the quality of a real model's analysis.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeOffline } from "./offline";
import { MODEL_MAX_CHARS } from "./prompt";
import { AnalysisError, chooseAnalysisEngine, openAiCompatibleEngine, workersAiEngine } from "./providers";

const findings = (() => {
  const {
    engine: _engine,
    truncated: _truncated,
    ...rest
  } = analyzeOffline("THE GREEN TRUST\n\nDated May 1, 2020.\n\n1. Governing Law. This trust is governed by the laws of the State of Oregon.");
  return rest;
})();

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingMessage["headers"];
  body: Record<string, any>;
}

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let reply: { status: number; body: string } = { status: 200, body: "" };

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", () => {
      seen.push({ method: request.method, url: request.url, headers: request.headers, body: raw ? JSON.parse(raw) : {} });
      response.writeHead(reply.status, { "content-type": "application/json" });
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const answer = (content: unknown) =>
  JSON.stringify({ id: "x", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] });

async function failure(promise: Promise<unknown>): Promise<AnalysisError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AnalysisError);
  return error as AnalysisError;
}

describe("OpenAI-compatible engine (wire format against a local fake server)", () => {
  const engine = () => openAiCompatibleEngine({ baseUrl, apiKey: "sk-test", model: "test-model" });

  it("posts /chat/completions with the bearer key, the model, the fenced document and a strict JSON schema", async () => {
    seen = [];
    reply = { status: 200, body: answer(JSON.stringify(findings)) };
    const analysis = await engine().analyze("The trust text.", { title: "Green Trust", fileName: "green.pdf" });

    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/v1/chat/completions");
    expect(request.headers.authorization).toBe("Bearer sk-test");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.body.model).toBe("test-model");
    expect(request.body.temperature).toBe(0);
    expect(request.body.messages.map((m: { role: string }) => m.role)).toEqual(["system", "user"]);
    expect(request.body.messages[1].content).toContain("<<<DOCUMENT\nThe trust text.\nDOCUMENT>>>");
    expect(request.body.messages[1].content).toContain("Title: Green Trust");
    const format = request.body.response_format;
    expect(format.type).toBe("json_schema");
    expect(format.json_schema.name).toBe("document_analysis");
    expect(format.json_schema.strict).toBe(true);
    expect(format.json_schema.schema.required).toEqual(
      expect.arrayContaining([
        "documentType",
        "summary",
        "governingLaw",
        "instrumentDate",
        "keyProvisions",
        "complianceRequirements",
        "importantDates",
        "parties",
      ]),
    );
    expect(format.json_schema.schema.additionalProperties).toBe(false);

    expect(analysis.engine).toEqual({ id: "openai-compatible", model: "test-model", version: "1" });
    expect(analysis.governingLaw).toBe("Oregon");
    expect(analysis.truncated).toBe(false);
  });

  it("sends at most the model's share of a long text and says the analysis is truncated", async () => {
    seen = [];
    reply = { status: 200, body: answer(JSON.stringify(findings)) };
    const analysis = await engine().analyze("x".repeat(MODEL_MAX_CHARS + 10), {});
    expect(seen[0].body.messages[1].content.length).toBeLessThan(MODEL_MAX_CHARS + 400);
    expect(analysis.truncated).toBe(true);
  });

  it("accepts JSON wrapped in a Markdown fence", async () => {
    reply = { status: 200, body: answer("```json\n" + JSON.stringify(findings) + "\n```") };
    expect((await engine().analyze("text", {})).documentType).toBe(findings.documentType);
  });

  it("rejects an answer that is not JSON or does not match the schema, as retryable", async () => {
    reply = { status: 200, body: answer("Sure! Here is the analysis: it is a trust.") };
    expect((await failure(engine().analyze("text", {}))).retryable).toBe(true);
    reply = { status: 200, body: answer(JSON.stringify({ ...findings, documentType: "lease" })) };
    const error = await failure(engine().analyze("text", {}));
    expect(error.message).toMatch(/did not match/);
    expect(error.retryable).toBe(true);
  });

  it("retries on 429 and 5xx, not on 401 or 404, and never on a refusal", async () => {
    for (const [status, retryable] of [
      [429, true],
      [503, true],
      [401, false],
      [404, false],
    ] as const) {
      reply = { status, body: JSON.stringify({ error: { message: "nope" } }) };
      const error = await failure(engine().analyze("text", {}));
      expect(error.message).toContain(`HTTP ${status}`);
      expect(error.retryable).toBe(retryable);
    }
    reply = { status: 200, body: JSON.stringify({ choices: [{ message: { role: "assistant", content: null, refusal: "I can't help with that." } }] }) };
    expect((await failure(engine().analyze("text", {}))).retryable).toBe(false);
  });

  it("reports an unreachable service as retryable", async () => {
    const offline = openAiCompatibleEngine({ baseUrl: "http://127.0.0.1:9/v1", model: "m", timeoutMs: 2000 });
    const error = await failure(offline.analyze("text", {}));
    expect(error.message).toBe("The AI service could not be reached.");
    expect(error.retryable).toBe(true);
  });
});

describe("Workers AI engine (the binding's call shape, with a recording stand-in)", () => {
  it("runs the model with the messages and JSON mode and accepts an object or a string answer", async () => {
    const calls: { model: string; input: any }[] = [];
    const ai = {
      run: async (model: string, input: unknown) => {
        calls.push({ model, input });
        return { response: calls.length === 1 ? findings : JSON.stringify(findings) };
      },
    } as unknown as Ai;
    const engine = workersAiEngine(ai);
    const first = await engine.analyze("text", {});
    const second = await engine.analyze("text", {});
    expect(calls[0].model).toBe("@cf/meta/llama-3.3-70b-instruct-fp8-fast");
    expect(calls[0].input.response_format.type).toBe("json_schema");
    expect(calls[0].input.response_format.json_schema.properties.parties.type).toBe("array");
    expect(calls[0].input.messages[0].role).toBe("system");
    expect(first.engine.id).toBe("workers-ai");
    expect(second.governingLaw).toBe("Oregon");
  });

  it("turns a binding failure into a retryable analysis error", async () => {
    const ai = { run: async () => Promise.reject(new Error("3040: capacity")) } as unknown as Ai;
    const error = await failure(workersAiEngine(ai).analyze("text", {}));
    expect(error.message).toContain("3040: capacity");
    expect(error.retryable).toBe(true);
  });
});

describe("choosing the engine", () => {
  const ai = { run: async () => ({}) } as unknown as Ai;
  it("uses the offline analyzer unless a provider is configured", () => {
    expect(chooseAnalysisEngine({}, undefined).id).toBe("offline");
    expect(chooseAnalysisEngine({ AI_PROVIDER: "offline", AI_BASE_URL: "https://x.test/v1", AI_MODEL: "m" }, ai).id).toBe("offline");
    expect(chooseAnalysisEngine({ AI_BASE_URL: "https://x.test/v1", AI_MODEL: "m" }, undefined).id).toBe("openai-compatible");
    expect(chooseAnalysisEngine({}, ai).id).toBe("workers-ai");
    expect(chooseAnalysisEngine({ AI_PROVIDER: "workers-ai", AI_MODEL: "@cf/x" }, ai).model).toBe("@cf/x");
    expect(chooseAnalysisEngine({ AI_PROVIDER: "workers-ai" }, undefined).id).toBe("offline");
  });
});
