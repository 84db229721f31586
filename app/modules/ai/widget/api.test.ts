import { describe, expect, it, vi } from "vitest";
import { actionIcon, actionTarget, safeUrl } from "./actions";
import { CHAT_ENDPOINT, parseAssistantReply, requestAssistantReply } from "./api";
import type { ChatRequestBody } from "./types";

const now = new Date("2026-03-01T10:00:00.000Z");
const body: ChatRequestBody = {
  message: "Hello",
  capability: "feature_guidance",
  sessionId: "page__help",
  context: { sessionId: "page__help", currentPage: "/help", timestamp: now.toISOString() },
};
const served = {
  id: "srv-1",
  role: "assistant",
  content: "Article Six gives the trustee these powers.",
  timestamp: "2026-03-01T10:00:01.000Z",
  suggestedActions: [{ label: "Check Compliance", action: "compliance", icon: "compliance" }],
  relatedArticles: [{ title: "Analysis", url: "/help#analysis" }],
  citations: [{ documentId: "d1", documentTitle: "Hartwell Trust", excerpt: "The Trustee may", url: "/documents/d1?passage=p3" }],
  engine: "offline",
};

describe("reading the server's answer", () => {
  it("takes { success, message: {…} }", () => {
    expect(parseAssistantReply({ success: true, message: served }, { id: "x", now })).toEqual(served);
  });
  it("takes the same fields at the top level", () => {
    expect(parseAssistantReply({ success: true, ...served }, { id: "x", now })).toEqual(served);
  });
  it("fills a missing id and timestamp, drops malformed lists", () => {
    expect(parseAssistantReply({ message: { content: "Hi", suggestedActions: [{ label: 1 }], citations: "no" } }, { id: "x", now })).toEqual({
      id: "x",
      role: "assistant",
      content: "Hi",
      timestamp: now.toISOString(),
    });
  });
  it("no content or success: false is no answer", () => {
    expect(parseAssistantReply({ success: false, error: "Too many requests" }, { id: "x", now })).toBeNull();
    expect(parseAssistantReply({ success: true, message: { content: "  " } }, { id: "x", now })).toBeNull();
    expect(parseAssistantReply("text", { id: "x", now })).toBeNull();
    expect(parseAssistantReply(null, { id: "x", now })).toBeNull();
  });
});

describe("POST /api/ai/chat (spec section 7)", () => {
  it("sends message, context, capability and sessionId as JSON with credentials", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, message: served }), { status: 200 }));
    const reply = await requestAssistantReply(body, { fetch, id: "x", now: () => now });
    expect(reply?.content).toBe(served.content);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(CHAT_ENDPOINT);
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("include");
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    expect(JSON.parse(init.body as string)).toEqual(body);
  });

  it.each([
    ["a server error", async () => new Response("boom", { status: 500 })],
    ["a refusal", async () => new Response(JSON.stringify({ success: false, error: "Sign in" }), { status: 401 })],
    ["a non-JSON body", async () => new Response("<html>", { status: 200 })],
    [
      "a network failure",
      async () => {
        throw new TypeError("Failed to fetch");
      },
    ],
  ])("%s resolves to null (the canned reply follows)", async (_, impl) => {
    expect(await requestAssistantReply(body, { fetch: vi.fn(impl), id: "x", now: () => now })).toBeNull();
  });

  it("gives up after the timeout", async () => {
    const fetch = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_, reject) => init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))),
    );
    expect(await requestAssistantReply(body, { fetch: fetch as unknown as typeof globalThis.fetch, id: "x", now: () => now, timeoutMs: 10 })).toBeNull();
  });
});

describe("suggested actions and links", () => {
  it("upload, help and compliance navigate; others do not", () => {
    expect(actionTarget("upload")).toBe("/documents#upload");
    expect(actionTarget("help")).toBe("/help");
    expect(actionTarget("compliance")).toBe("/compliance");
    expect(actionTarget("highlight_terms")).toBeNull();
    expect(actionTarget("toString")).toBeNull();
  });
  it("icons by name, emoji kept, unknown names a bullet", () => {
    expect(actionIcon("upload")).toBe("📤");
    expect(actionIcon("🗂️")).toBe("🗂️");
    expect(actionIcon("mystery")).toBe("•");
    expect(actionIcon(undefined)).toBe("•");
  });
  it("only same-site paths and http(s) links", () => {
    expect(safeUrl("/documents/d1?passage=p1")).toBe("/documents/d1?passage=p1");
    expect(safeUrl("https://example.com/a")).toBe("https://example.com/a");
    expect(safeUrl("javascript:alert(1)")).toBeNull();
    expect(safeUrl("//evil.example/x")).toBeNull();
    expect(safeUrl("data:text/html,hi")).toBeNull();
  });
});
