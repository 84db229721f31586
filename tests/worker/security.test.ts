import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { Client, newAccount, registerUser } from "../helpers/client";

const baseUrl = testServer().baseUrl;

const endpoints = {
  "/api/auth/login": { email: "someone@example.com", password: "12345678" },
  "/api/auth/register": newAccount("bad"),
  "/api/auth/forgot-password": { email: "someone@example.com" },
  "/api/auth/reset-password": { token: "x".repeat(43), password: "Str0ng&Secure!", confirmPassword: "Str0ng&Secure!" },
} as const;

type Case = [string, (valid: Record<string, unknown>) => { body: string; type?: string }, number];
const cases: Case[] = [
  ["malformed JSON", () => ({ body: '{"email": ' }), 400],
  ["an array", () => ({ body: "[1,2]" }), 400],
  ["a bare string", () => ({ body: '"hello"' }), 400],
  ["an empty body", () => ({ body: "" }), 400],
  ["wrong types", (v) => ({ body: JSON.stringify(Object.fromEntries(Object.keys(v).map((k) => [k, 12345]))) }), 400],
  ["missing fields", () => ({ body: "{}" }), 400],
  ["an unknown field", (v) => ({ body: JSON.stringify({ ...v, isAdmin: true }) }), 400],
  ["a form-encoded body", () => ({ body: "email=a@b.co", type: "application/x-www-form-urlencoded" }), 400],
  ["a body over 64 KiB", (v) => ({ body: JSON.stringify({ ...v, padding: "x".repeat(70 * 1024) }) }), 413],
];

describe("bad input gets a clear 4xx, never a 500", () => {
  for (const [path, valid] of Object.entries(endpoints)) {
    for (const [label, make, status] of cases) {
      it(`${path} with ${label} → ${status}`, async () => {
        const { body, type } = make(valid as Record<string, unknown>);
        const client = new Client(baseUrl);
        const response = await client.postJson(path, body, type ? { "Content-Type": type } : {});
        expect(response.status).toBe(status);
        const json = (await response.json()) as { success: boolean; error: string };
        expect(json.success).toBe(false);
        expect(json.error).toMatch(/^[A-Z].+[.a-z0-9]$/);
        expect(JSON.stringify(json)).not.toMatch(/at \w+ \(|stack/i);
      });
    }
    it(`${path} answers GET with 405`, async () => {
      const response = await new Client(baseUrl).get(path);
      expect(response.status).toBe(405);
      expect(((await response.json()) as { success: boolean }).success).toBe(false);
    });
  }

  it("names the first broken rule in the error and every rule in fieldErrors", async () => {
    const response = await new Client(baseUrl).postJson("/api/auth/register", {
      ...newAccount("rules"),
      username: "a-",
      password: "weak",
      confirmPassword: "other",
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors.username).toContain("Username can only contain letters, numbers, and underscores");
    expect(body.fieldErrors.password).toContain("Password must be at least 12 characters");
    expect(body.fieldErrors.confirmPassword).toContain("Passwords don't match");
  });

  it("a failed registration saves nothing: the address stays free", async () => {
    const account = newAccount("nothing");
    await new Client(baseUrl).postJson("/api/auth/register", { ...account, confirmPassword: "Mismatch&123456" });
    expect((await new Client(baseUrl).postJson("/api/auth/register", account)).status).toBe(201);
  });
});

describe("origin and headers", () => {
  it.each(["/api/auth/login", "/api/auth/register", "/api/auth/forgot-password", "/api/workspaces/switch", "/auth"])(
    "a write to %s from a foreign Origin gets 403",
    async (path) => {
      const response = await new Client(baseUrl).postJson(path, {}, { Origin: "https://evil.example" });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { success: boolean }).success).toBe(false);
    },
  );

  it("a signed-in write from a foreign Origin is refused before it runs", async () => {
    const { client } = await registerUser(baseUrl, "csrf");
    const response = await client.postJson("/api/auth/resend-verification", {}, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });

  it("HTML carries the CSP with a fresh nonce, frame-ancestors 'none', nosniff, a referrer policy and no-store", async () => {
    const first = await new Client(baseUrl).get("/auth");
    const second = await new Client(baseUrl).get("/auth");
    const csp = first.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toBe(second.headers.get("Content-Security-Policy"));
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    expect(await first.text()).toContain(`nonce="${nonce}"`);
    expect(first.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(first.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("Cache-Control")).toContain("no-store");
  });

  it("signed-in pages are no-store", async () => {
    const { client } = await registerUser(baseUrl, "nostore");
    const page = await client.get("/dashboard");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
  });
});

describe("route sets (spec section 2)", () => {
  it("signed out: an unknown path shows the sales page", async () => {
    const response = await new Client(baseUrl).get("/definitely-not-a-page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Start Free Trial");
    expect(html).not.toContain("Page not found");
  });

  it.each(["/", "/sales", "/landing"])("signed out: %s is the sales page", async (path) => {
    const response = await new Client(baseUrl).get(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Start Free Trial");
  });

  it.each(["/auth", "/login", "/register", "/forgot-password", "/customer-signup", "/invite-signup"])("signed out: %s is served", async (path) =>
    expect((await new Client(baseUrl).get(path)).status).toBe(200),
  );

  it.each(["/dashboard", "/documents", "/chat", "/channel/general", "/admin", "/documents/123"])(
    "signed out: %s redirects to /auth on the server",
    async (path) => {
      const response = await new Client(baseUrl).get(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    },
  );

  it("signed in: an unknown path is a not-found page with 404, a known one is served", async () => {
    const { client } = await registerUser(baseUrl, "routes");
    const missing = await client.get("/definitely-not-a-page");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Page not found");
    expect((await client.get("/chat")).status).toBe(200);
    expect((await client.get("/")).status).toBe(200);
  });

  it("signed in: the authentication screen sends you on to /chat", async () => {
    const { client } = await registerUser(baseUrl, "authscreen");
    const response = await client.get("/login");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/chat");
  });
});
