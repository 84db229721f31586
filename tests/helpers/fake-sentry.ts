import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

/** The DSN's public key the test Worker is configured with (tests/worker/global-setup.ts). */
export const TEST_SENTRY_KEY = "testsentrykey0001";

export interface ReceivedEnvelope {
  /** The X-Sentry-Auth header, or the sentry_key of the query string (the SDK's way). */
  auth: string | null;
  path: string;
  header: Record<string, unknown>;
  items: { header: Record<string, unknown>; payload: Record<string, any> | string }[];
}

/**
 * A stand-in for Sentry's ingestion endpoint on loopback (`POST /api/<project>/envelope/`): it parses each envelope
 * (a JSON header line, then for each item a JSON header line and its payload) and keeps it, so a test can read
 * exactly what the Worker sent (`GET /__envelopes`). It answers as Sentry does, 200 with the event id.
 */
export async function startFakeSentry(): Promise<{ url: string; dsn: (project: number) => string; stop: () => Promise<void> }> {
  const envelopes: ReceivedEnvelope[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body = Buffer.concat(chunks);
    if (req.headers["content-encoding"] === "gzip") body = gunzipSync(body);
    const url = new URL(req.url ?? "/", "http://fake");
    const reply = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === "/__envelopes") return reply(200, envelopes);
    if (req.method !== "POST" || !/^\/api\/\d+\/envelope\/$/.test(url.pathname)) return reply(404, { detail: "not found" });
    const lines = body.toString("utf8").split("\n").filter(Boolean);
    const header = JSON.parse(lines[0] ?? "{}") as Record<string, unknown>;
    const items: ReceivedEnvelope["items"] = [];
    for (let i = 1; i + 1 < lines.length; i += 2) {
      const payload = lines[i + 1]!;
      let parsed: Record<string, any> | string = payload;
      try {
        parsed = JSON.parse(payload) as Record<string, any>;
      } catch {
        // an attachment or a non-JSON payload is kept as text
      }
      items.push({ header: JSON.parse(lines[i]!) as Record<string, unknown>, payload: parsed });
    }
    const key = url.searchParams.get("sentry_key");
    envelopes.push({ auth: (req.headers["x-sentry-auth"] as string | undefined) ?? (key ? `sentry_key=${key}` : null), path: url.pathname, header, items });
    return reply(200, { id: header.event_id ?? null });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dsn: (project) => `http://${TEST_SENTRY_KEY}@127.0.0.1:${port}/${project}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
