import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { Client } from "../helpers/client";
import { type ReceivedEnvelope, TEST_SENTRY_KEY } from "../helpers/fake-sentry";
import { eventually } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sentryUrl = testServer().sentryUrl;

const unique = () => randomBytes(4).toString("hex").replace(/\d/g, "x");

/** The events the Worker sent to the stand-in whose exception's message contains `word`. */
async function eventsWith(word: string) {
  const envelopes = (await (await fetch(`${sentryUrl}/__envelopes`)).json()) as ReceivedEnvelope[];
  return envelopes.flatMap((envelope) =>
    envelope.items
      .filter((item) => item.header.type === "event" && typeof item.payload === "object")
      .map((item) => ({ envelope, event: item.payload as Record<string, any> }))
      .filter(({ event }) => JSON.stringify(event.exception ?? {}).includes(word)),
  );
}

describe("forwarding to Sentry (SENTRY_DSN set: the worker tests point it at a stand-in)", () => {
  it("sends the Worker's error, scrubbed, with its source-mapped frames, to the DSN's project with its key", async () => {
    const word = unique();
    await new Client(baseUrl).postJson("/api/dev/health-faults", { faults: [], throwMessage: `${word} sentry bug for x@y.example` });
    const [{ envelope, event }] = await eventually(async () => {
      const found = await eventsWith(word);
      return found.length ? found : undefined;
    });
    expect(envelope.path).toBe("/api/42/envelope/");
    expect(envelope.auth).toContain(`sentry_key=${TEST_SENTRY_KEY}`);
    const exception = event.exception.values.at(-1);
    expect(exception.type).toBe("TypeError");
    expect(exception.value).toBe(`${word} sentry bug for [email]`);
    expect(JSON.stringify(event)).not.toContain("x@y.example");
    expect(event.tags).toMatchObject({ source: "worker", route: "POST /api/dev/health-faults" });
    // Frames, innermost last (Sentry's order): the throw, in our source, at its line.
    const file = "app/modules/ops/routes/api.dev-health-faults.ts";
    const line =
      readFileSync(file, "utf8")
        .split("\n")
        .findIndex((l) => l.includes("throw new TypeError(body.throwMessage)")) + 1;
    const frames = exception.stacktrace.frames as { filename: string; lineno: number }[];
    expect(frames.at(-1)).toMatchObject({ filename: file, lineno: line });
  });

  it("forwards a browser's report, scrubbed, as a javascript event", async () => {
    const word = unique();
    const response = await new Client(baseUrl).postJson(
      "/api/errors",
      { message: `${word} failed for eleanor@hartwell.example`, stack: "Error\n    at save (http://x/assets/root-AbC12345.js:1:2)" },
      { "X-Error-Session": randomBytes(12).toString("hex") },
    );
    expect(response.status).toBe(202);
    const [{ event }] = await eventually(async () => {
      const found = await eventsWith(word);
      return found.length ? found : undefined;
    });
    expect(event.platform).toBe("javascript");
    expect(event.exception.values.at(-1).value).toBe(`${word} failed for [email]`);
    expect(event.tags).toMatchObject({ source: "browser" });
  });
});
