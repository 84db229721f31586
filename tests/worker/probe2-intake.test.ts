// Issue 42, items 1 (the error intake) and 2 (banking rules): requests that used to hold the Worker's one thread.
import { randomBytes } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { Client } from "../helpers/client";

const baseUrl = inject("baseUrl");
const sessionKey = () => randomBytes(12).toString("hex");

/** A stack line the old frame regexes took seconds over (quadratic backtracking on `(.+?)\s+\(`). */
function hostileStack(origin: string): string {
  return `Error: x\n    at f (${origin}/assets/root.js:1:1)\n    at ${" (".repeat(120_000)}x`;
}

describe("POST /api/errors never holds the Worker", () => {
  it("a 256 KiB report of one hostile line is answered in milliseconds, and a request sent meanwhile is not delayed", async () => {
    const client = new Client(baseUrl);
    const body = JSON.stringify({ message: "hostile", stack: hostileStack(client.origin) });
    expect(body.length).toBeGreaterThan(240_000);
    const started = Date.now();
    const report = client.fetch("/api/errors", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", "X-Error-Session": sessionKey() },
    });
    // Sent while the report is being read: signed out, unrelated.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const otherStarted = Date.now();
    const other = await new Client(baseUrl).get("/api/auth/user");
    const otherTook = Date.now() - otherStarted;
    const answered = await report;
    const took = Date.now() - started;
    expect(answered.status).toBe(202);
    expect(other.status).toBe(401);
    // Before the mend this report took 20–30 s of the isolate's CPU; the bounds are for a loaded 2-core machine.
    expect(took).toBeLessThan(3000);
    expect(otherTook).toBeLessThan(3000);
  });

  it("the limits are counted before the body is read: over them, even a body that is not JSON gets 429 with Retry-After", async () => {
    const client = new Client(baseUrl);
    const key = sessionKey();
    const send = (body: string) =>
      client.fetch("/api/errors", { method: "POST", body, headers: { "Content-Type": "application/json", "X-Error-Session": key } });
    // 30 a minute per session, each refused one counted too.
    for (let i = 0; i < 30; i++) expect((await send("{not json")).status).toBe(400);
    const over = await send("{not json");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
    const hostile = await send(JSON.stringify({ message: "hostile", stack: hostileStack(client.origin) }));
    expect(hostile.status).toBe(429);
  });
});
