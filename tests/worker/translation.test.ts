import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { migrate, startServer } from "../../scripts/lib.mjs";
import { freePort } from "../helpers/ports";
import { addMember, eventually, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;

describe("translator without a provider", () => {
  it("the page says translation needs a provider and how to configure one; the API answers 503 with the reason, never a translation", async () => {
    const owner = await startWorkspace(baseUrl, "transown", "The Lingua Trust");
    const page = await owner.client.get("/translator");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Translation needs an AI provider");
    expect(html).toContain("AI_BASE_URL");
    expect(html).toContain("Workers AI binding");
    expect(html).toContain("The original is the authoritative text.");

    const status = await owner.client.get("/api/translate");
    expect(await status.json()).toEqual({ success: true, provider: null, error: expect.stringContaining("Translation needs an AI provider") });

    const refused = await owner.client.postJson("/api/translate", { text: "The trust is revocable.", source: "en", target: "ar" });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      success: false,
      error:
        "Translation needs an AI provider, and none is configured. Set AI_PROVIDER, AI_BASE_URL, AI_MODEL and AI_API_KEY in .dev.vars, or deploy with the Workers AI binding (AI).",
    });
    // In the caller's language.
    const spanish = await owner.client.postJson("/api/translate?lng=es", { text: "Hello", source: "en", target: "fr" });
    expect(spanish.status).toBe(503);
    expect(((await spanish.json()) as { error: string }).error).toMatch(/proveedor de IA/);
  });

  it("bad requests answer 400 with a sentence; signed out 401", async () => {
    const owner = await startWorkspace(baseUrl, "transbad", "The Careful Lingua Trust");
    const cases: [unknown, RegExp][] = [
      [{ text: "Hi", source: "en", target: "en" }, /differs from the original/],
      [{ text: "Hi", source: "en", target: "xx" }, /twelve supported languages/],
      [{ text: "   ", source: "en", target: "es" }, /no text to translate/],
      [{ text: "x".repeat(4001), source: "en", target: "es" }, /at most 4000 characters/],
      [{ text: "Hi", source: "en", target: "es", extra: true }, /Unknown field: extra/],
    ];
    for (const [body, message] of cases) {
      const response = await owner.client.postJson("/api/translate", body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const json = (await response.json()) as { success: boolean; error: string };
      expect(json.success).toBe(false);
      expect(json.error).toMatch(message);
    }
    const anonymous = await fetch(new URL("/api/translate", baseUrl), {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: new URL(baseUrl).origin },
      body: "{}",
    });
    expect(anonymous.status).toBe(401);
  });

  it("a document's text is offered to those who may read it, and to nobody else (404)", async () => {
    const owner = await startWorkspace(baseUrl, "transdoc", "The Polyglot Trust");
    const upload = await owner.client.fetch(`/api/documents?fileName=letter.txt`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", Origin: owner.client.origin },
      body: "Letter of wishes\n\nI wish the marigoldfield cottage to stay in the family.",
    });
    expect(upload.status).toBe(201);
    const { document } = (await upload.json()) as { document: { id: string } };
    await eventually(async () => ((await (await owner.client.get(`/api/documents/${document.id}`)).json()) as { text: unknown }).text);

    const page = await (await owner.client.get(`/translator?document=${document.id}`)).text();
    expect(page).toContain("marigoldfield cottage");

    const beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "transben");
    expect((await beneficiary.client.get(`/translator?document=${document.id}`)).status).toBe(404);
    const part = await beneficiary.client.postJson("/api/translate", { text: "Hello", source: "en", target: "de", documentId: document.id });
    // No provider comes first: nothing is read or translated either way.
    expect(part.status).toBe(503);
    expect(await (await beneficiary.client.get("/translator")).text()).not.toContain(document.id);
  });
});

describe("translator and drafting with a provider (a local fake OpenAI-compatible endpoint)", () => {
  let fake: Server;
  let worker: { url: string; stop: () => void };
  let persistTo = "";
  const requests: { model: string; messages: { role: string; content: string }[]; response_format?: unknown }[] = [];

  beforeAll(async () => {
    fake = createServer((req, res) => {
      let data = "";
      req.on("data", (chunk) => (data += chunk));
      req.on("end", () => {
        const body = JSON.parse(data) as (typeof requests)[number];
        requests.push(body);
        const system = body.messages[0].content;
        const user = body.messages[1].content;
        const content = system.startsWith("You translate")
          ? user
              .split("\n")
              .map((line) => (line ? `«${line}»` : line))
              .join("\n")
          : JSON.stringify({ beneficiaryName: "Sofia L. Chen", amount: "15000", distributionDate: "2026-05-03", invented: "x" });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ choices: [{ message: { content } }] }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    persistTo = mkdtempSync(join(tmpdir(), "worker-ai-"));
    migrate(persistTo);
    worker = await startServer({
      port: await freePort(),
      persistTo,
      vars: { AI_PROVIDER: "openai-compatible", AI_BASE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`, AI_MODEL: "fake-model" },
    });
  });
  afterAll(async () => {
    await worker?.stop();
    fake?.close();
    if (persistTo) rmSync(persistTo, { recursive: true, force: true });
  });

  it("translates part by part through the endpoint, counts each call, and fills a draft's fields with the answer checked", async () => {
    const owner = await startWorkspace(worker.url, "transfake", "The Provided Trust");
    expect(await (await owner.client.get("/translator")).text()).toContain("Translations are made by the OpenAI-compatible service (fake-model)");

    const part = await owner.client.postJson("/api/translate", { text: "ARTICLE ONE\n\nThe trust is revocable.", source: "en", target: "ar", part: 0 });
    expect(part.status, await part.clone().text()).toBe(200);
    expect(await part.json()).toEqual({
      success: true,
      translation: "«ARTICLE ONE»\n\n«The trust is revocable.»",
      engine: "openai-compatible",
      model: "fake-model",
    });
    const sent = requests.at(-1)!;
    expect(sent.model).toBe("fake-model");
    expect(sent.messages[0].content).toContain("from English to Arabic");
    expect(sent.messages[1]).toEqual({ role: "user", content: "ARTICLE ONE\n\nThe trust is revocable." });

    const draft = await owner.client.postJson("/api/drafting/ai", {
      template: "receipt",
      request: "Sofia received $15,000 for tuition on May 3",
      fields: { trustName: "The Provided Trust" },
    });
    expect(draft.status, await draft.clone().text()).toBe(200);
    expect(await draft.json()).toEqual({
      success: true,
      fields: { beneficiaryName: "Sofia L. Chen", amount: "15000", distributionDate: "2026-05-03" },
      ignored: ["invented"],
      engine: "openai-compatible",
      model: "fake-model",
    });
    expect(requests.at(-1)!.response_format).toEqual({ type: "json_object" });
    expect(requests.at(-1)!.messages[1].content).toContain('{"trustName":"The Provided Trust"}');

    const usage = runSql(persistTo, `SELECT feature, engine, calls FROM ai_usage WHERE user_id = '${owner.me.id}' ORDER BY feature`);
    expect(usage).toEqual([
      { feature: "drafting", engine: "openai-compatible", calls: 1 },
      { feature: "translation", engine: "openai-compatible", calls: 1 },
    ]);
  });
});
