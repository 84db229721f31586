import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** The SFU app the test Worker is configured with (tests/worker/global-setup.ts). */
export const TEST_SFU_APP_ID = "test-sfu-app-0001";
export const TEST_SFU_APP_SECRET = "test-sfu-app-secret-0123456789";
/** The TURN key the test Worker mints relay credentials with; its calls are counted apart from the SFU's. */
export const TEST_TURN_KEY_ID = "test-turn-key-0001";
export const TEST_TURN_KEY_API_TOKEN = "test-turn-key-token-0123456789";
/** The STUN server the test Worker is configured with (MEETINGS_STUN_URLS): what someone knocking at a lobby gets. */
export const TEST_STUN_URL = "stun:stun.test.example:3478";

/** Meetings of this many people (host and invitees) or more go through the SFU in the worker tests. */
export const TEST_SFU_FROM = 4;

export interface RecordedCall {
  method: string;
  path: string;
  authorization: string | null;
  body: Record<string, any> | null;
}

interface FakeTrack {
  mid: string;
  trackName: string;
  location: "local" | "remote";
  status: "active" | "inactive";
}

/**
 * A stand-in for Cloudflare Realtime's SFU API on loopback, as its OpenAPI description answers: sessions, published
 * tracks, pulls of another session's tracks (an error for a track that session does not publish), renegotiation and
 * closing. It keeps what it was asked so a test can see exactly which calls the Worker made, and with which secret.
 * It negotiates no media: the SDP it returns is a placeholder, so this proves our authorisation and bookkeeping,
 * not the SFU's.
 */
export async function startFakeRealtime(): Promise<{ url: string; stop: () => Promise<void> }> {
  const sessions = new Map<string, FakeTrack[]>();
  const calls: RecordedCall[] = [];
  let nextMid = 100;
  let turnMinted = 0;
  /** A test can hold the next pull (tracks/new with remote tracks) until it releases it, to act while it is in flight. */
  let holdNextPull = false;
  let releaseHeld: (() => void) | null = null;

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (path === "/__calls") return reply(200, calls);
    if (path === "/__turn-minted") return reply(200, { count: turnMinted });
    if (path === "/__hold-next-pull") {
      holdNextPull = true;
      return reply(200, {});
    }
    if (path === "/__release") {
      releaseHeld?.();
      releaseHeld = null;
      return reply(200, {});
    }
    const inspected = /^\/__sessions\/([^/]+)$/.exec(path);
    if (inspected) return reply(200, { tracks: sessions.get(inspected[1]) ?? [] });
    let body: Record<string, any> | null = null;
    try {
      body = text ? (JSON.parse(text) as Record<string, any>) : null;
    } catch {
      return reply(400, { errorCode: "invalid_json" });
    }
    // TURN: relay credentials for the key's token, as Cloudflare Realtime mints them (counted, not in `calls`).
    const turn = /^\/v1\/turn\/keys\/([^/]+)\/credentials\/generate-ice-servers$/.exec(path);
    if (turn) {
      if (req.method !== "POST" || turn[1] !== TEST_TURN_KEY_ID || req.headers.authorization !== `Bearer ${TEST_TURN_KEY_API_TOKEN}`)
        return reply(401, { errorCode: "unauthorized" });
      turnMinted++;
      return reply(201, {
        iceServers: [
          {
            urls: ["stun:stun.cloudflare.com:3478", "turn:turn.cloudflare.com:3478?transport=udp"],
            username: `turn-user-${turnMinted}`,
            credential: `ttl-${body?.ttl}`,
          },
        ],
      });
    }
    calls.push({ method: req.method ?? "", path, authorization: req.headers.authorization ?? null, body });
    if (req.headers.authorization !== `Bearer ${TEST_SFU_APP_SECRET}`) return reply(401, { errorCode: "unauthorized" });
    const match = /^\/v1\/apps\/([^/]+)\/sessions\/([^/]+)(\/.*)?$/.exec(path);
    if (!match || match[1] !== TEST_SFU_APP_ID) return reply(404, { errorCode: "not_found" });
    const [, , sessionId, rest = ""] = match;
    if (sessionId === "new" && req.method === "POST") {
      const id = crypto.randomUUID().replaceAll("-", "");
      sessions.set(id, []);
      return reply(201, { sessionId: id });
    }
    const tracks = sessions.get(sessionId);
    if (!tracks) return reply(404, { errorCode: "session_not_found", errorDescription: "no such session" });
    if (req.method === "GET" && rest === "") return reply(200, { tracks });
    if (req.method === "POST" && rest === "/tracks/new") {
      const asked = (body?.tracks ?? []) as { location: string; mid?: string; trackName: string; sessionId?: string }[];
      if (holdNextPull && asked.some((t) => t.location === "remote")) {
        holdNextPull = false;
        await new Promise<void>((resolve) => (releaseHeld = resolve));
      }
      if (asked.some((t) => t.location === "local") && body?.sessionDescription?.type !== "offer") return reply(400, { errorCode: "offer_required" });
      const results = asked.map((t) => {
        if (t.location === "local") {
          tracks.push({ mid: t.mid!, trackName: t.trackName, location: "local", status: "active" });
          return { mid: t.mid, trackName: t.trackName };
        }
        const source = sessions.get(t.sessionId ?? "")?.find((s) => s.location === "local" && s.trackName === t.trackName && s.status === "active");
        if (!source) return { trackName: t.trackName, sessionId: t.sessionId, errorCode: "not_found", errorDescription: "track not found" };
        const mid = String(nextMid++);
        tracks.push({ mid, trackName: t.trackName, location: "remote", status: "active" });
        return { mid, trackName: t.trackName, sessionId: t.sessionId };
      });
      const pulling = asked.some((t) => t.location === "remote");
      return reply(200, {
        requiresImmediateRenegotiation: pulling,
        sessionDescription: { type: pulling ? "offer" : "answer", sdp: `v=0\r\ns=fake-${pulling ? "offer" : "answer"}\r\n` },
        tracks: results,
      });
    }
    if (req.method === "PUT" && rest === "/renegotiate") return reply(200, {});
    if (req.method === "PUT" && rest === "/tracks/close") {
      const mids = new Set(((body?.tracks ?? []) as { mid: string }[]).map((t) => t.mid));
      for (const track of tracks) if (mids.has(track.mid)) track.status = "inactive";
      return reply(200, {
        requiresImmediateRenegotiation: false,
        tracks: [...mids].map((mid) => ({ mid })),
        ...(body?.sessionDescription ? { sessionDescription: { type: "answer", sdp: "v=0\r\ns=fake-answer\r\n" } } : {}),
      });
    }
    return reply(404, { errorCode: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** How many relay credentials the fake minted so far. */
export async function turnMinted(url: string): Promise<number> {
  return ((await (await fetch(`${url}/__turn-minted`)).json()) as { count: number }).count;
}

/** What the fake was asked, in order. */
export async function realtimeCalls(url: string): Promise<RecordedCall[]> {
  return (await (await fetch(`${url}/__calls`)).json()) as RecordedCall[];
}

/** The next pull the fake receives waits until `releasePull` (it is recorded in `realtimeCalls` while it waits). */
export async function holdNextPull(url: string): Promise<void> {
  await fetch(`${url}/__hold-next-pull`);
}

export async function releasePull(url: string): Promise<void> {
  await fetch(`${url}/__release`);
}

/** A session's tracks as the fake holds them (active or inactive). */
export async function fakeSessionTracks(url: string, sessionId: string): Promise<{ mid: string; trackName: string; status: string }[]> {
  return ((await (await fetch(`${url}/__sessions/${sessionId}`)).json()) as { tracks: { mid: string; trackName: string; status: string }[] }).tracks;
}
