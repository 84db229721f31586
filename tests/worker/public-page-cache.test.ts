// ADR 0042: the signed-out landing and sign-in pages are kept rendered for a minute, each answer with its own nonce.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;

const noncesIn = (html: string) => [...html.matchAll(/\snonce="([^"]+)"/g)].map((m) => m[1]);
const cspNonce = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, { headers, redirect: "manual" });
  return { response, html: await response.text() };
}

describe("signed-out pages kept rendered", () => {
  it("serves the second visit from the kept page, with a fresh nonce in the page and in its CSP", async () => {
    const path = `/?visit=${randomBytes(6).toString("hex")}`;
    const first = await page(path);
    const second = await page(path);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(second.response.headers.get("X-Page-Cache")).toBe("hit");
    const [a, b] = [cspNonce(first.response), cspNonce(second.response)];
    expect(a && b && a !== b).toBe(true);
    expect(new Set(noncesIn(first.html))).toEqual(new Set([a]));
    expect(new Set(noncesIn(second.html))).toEqual(new Set([b]));
    expect(second.html.split(b!).join(a!)).toBe(first.html);
    expect(second.response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("keeps one page per language: a German visitor never gets the English page", async () => {
    const path = `/auth?visit=${randomBytes(6).toString("hex")}`;
    await page(path);
    const english = await page(path);
    const german = await page(path, { Cookie: "preferred-language=de" });
    const byHeader = await page(path, { "Accept-Language": "de-DE,de;q=0.9" });
    expect(english.response.headers.get("X-Page-Cache")).toBe("hit");
    expect(english.html).toContain('lang="en"');
    expect(german.response.headers.get("X-Page-Cache")).toBe("miss");
    expect(german.html).toContain('lang="de"');
    expect(byHeader.html).toContain('lang="de"');
  });

  it("renders afresh for anyone with another cookie: a signed-in person gets their dashboard, never a kept page", async () => {
    await page("/");
    const { client } = await startWorkspace(baseUrl, "pagecache", "Page Cache Trust");
    const signedIn = await client.fetch("/");
    // Rendered for this session: a signed-in page of its own (ADR 0043), never the kept signed-out one.
    expect(signedIn.headers.get("X-Page-Cache")).toBe("miss");
    expect(await signedIn.text()).toContain("Page Cache Trust");
    const stranger = await page("/", { Cookie: "something-else=1" });
    expect(stranger.response.headers.get("X-Page-Cache")).toBeNull();
    // A data request for the same address is Remix's, not the page.
    expect((await page("/auth.data")).response.headers.get("X-Page-Cache")).toBeNull();
  });
});
