import { describe, expect, it } from "vitest";
import { KeptPages } from "./kept-pages.server";

const html = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });

describe("KeptPages", () => {
  it("keeps a 200 HTML answer and serves it with the new nonce until it is too old", async () => {
    const pages = new KeptPages({ ttlMs: 1000, maxEntries: 4, maxBytes: 10_000, types: ["text/html"] });
    const first = await pages.keep("k", html('<script nonce="AAA"></script>'), "AAA", 0);
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    const hit = pages.serve("k", "BBB", 500)!;
    expect(hit.headers.get("X-Page-Cache")).toBe("hit");
    expect(await hit.text()).toBe('<script nonce="BBB"></script>');
    expect(pages.serve("k", "CCC", 1000)).toBeNull();
  });

  it("never keeps an answer that sets a cookie, is not a 200, or is of another kind", async () => {
    const pages = new KeptPages({ ttlMs: 1000, maxEntries: 4, maxBytes: 10_000, types: ["text/html"] });
    await pages.keep("cookie", html("x", { "Set-Cookie": "a=1" }), "n", 0);
    await pages.keep("status", new Response("x", { status: 404, headers: { "Content-Type": "text/html" } }), "n", 0);
    await pages.keep("json", Response.json({ a: 1 }), "n", 0);
    expect(["cookie", "status", "json"].map((k) => pages.serve(k, "m", 1))).toEqual([null, null, null]);
  });

  it("lets the oldest go beyond the entry or byte limit, and leaves JSON bodies as they were", async () => {
    const pages = new KeptPages({ ttlMs: 1000, maxEntries: 2, maxBytes: 10, types: ["application/json"] });
    await pages.keep("a", Response.json("aa"), "aa", 0);
    await pages.keep("b", Response.json("bb"), "aa", 0);
    await pages.keep("c", Response.json("cc"), "aa", 0);
    expect(pages.serve("a", "zz", 1)).toBeNull();
    expect(await pages.serve("b", "zz", 1)!.text()).toBe('"bb"');
    await pages.keep("big", Response.json("x".repeat(20)), "n", 0);
    expect(pages.serve("b", "zz", 1)).toBeNull();
    expect(pages.serve("c", "zz", 1)).toBeNull();
  });
});
