// A stand-in for Cloudflare Realtime's SFU that really carries media, for the browser test of SFU meetings: its HTTP
// API (the shape of https://developers.cloudflare.com/realtime/sfu/api/) on loopback, and behind it a page of
// Debian's Chromium where each SFU session is an RTCPeerConnection. A published track is received there and sent on
// to every session that pulls it. Unlike the real SFU it decodes and re-encodes what it forwards, so it carries only
// frames it can read: the test's browsers join without end-to-end encryption.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";

export interface SimulatedCall {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

/** Runs in the simulator page: sessions as peer connections, answering as the SFU API does. */
function installSimulator() {
  type Session = {
    pc: RTCPeerConnection;
    published: Map<string, MediaStreamTrack>;
    tracks: { mid: string; trackName: string; location: string; status: string }[];
  };
  const sessions = new Map<string, Session>();
  let next = 0;
  // Non-trickle: the SFU's descriptions carry its candidates; the browser's are learnt from its checks (as with ICE-lite).
  const gathered = (pc: RTCPeerConnection) =>
    new Promise<void>((resolve) => {
      if (pc.iceGatheringState === "complete") return resolve();
      pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && resolve());
      setTimeout(resolve, 3000);
    });
  const sim = {
    newSession() {
      const id = `${(++next).toString(16).padStart(8, "0")}${"0".repeat(24)}`;
      sessions.set(id, { pc: new RTCPeerConnection({ bundlePolicy: "max-bundle" }), published: new Map(), tracks: [] });
      return { sessionId: id };
    },
    async addTracks(
      id: string,
      body: { sessionDescription?: RTCSessionDescriptionInit; tracks: { location: string; mid?: string; trackName: string; sessionId?: string }[] },
    ) {
      const session = sessions.get(id);
      if (!session) return { errorCode: "session_not_found" };
      const { pc } = session;
      if (body.sessionDescription) {
        await pc.setRemoteDescription(body.sessionDescription);
        await pc.setLocalDescription(await pc.createAnswer());
        await gathered(pc);
        for (const t of body.tracks) {
          const transceiver = pc.getTransceivers().find((x) => x.mid === t.mid);
          if (transceiver) session.published.set(t.trackName, transceiver.receiver.track);
          session.tracks.push({ mid: t.mid!, trackName: t.trackName, location: "local", status: "active" });
        }
        return {
          requiresImmediateRenegotiation: false,
          sessionDescription: pc.localDescription!.toJSON(),
          tracks: body.tracks.map(({ mid, trackName }) => ({ mid, trackName })),
        };
      }
      const made = body.tracks.map((t) => {
        const source = sessions.get(t.sessionId ?? "")?.published.get(t.trackName);
        return source ? { t, transceiver: pc.addTransceiver(source, { direction: "sendonly" }) } : { t, transceiver: null };
      });
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      const tracks = made.map(({ t, transceiver }) => {
        if (!transceiver) return { trackName: t.trackName, sessionId: t.sessionId, errorCode: "not_found" };
        session.tracks.push({ mid: transceiver.mid!, trackName: t.trackName, location: "remote", status: "active" });
        return { mid: transceiver.mid, trackName: t.trackName, sessionId: t.sessionId };
      });
      return { requiresImmediateRenegotiation: true, sessionDescription: pc.localDescription!.toJSON(), tracks };
    },
    async renegotiate(id: string, body: { sessionDescription: RTCSessionDescriptionInit }) {
      await sessions.get(id)?.pc.setRemoteDescription(body.sessionDescription);
      return {};
    },
    async close(id: string, body: { tracks: { mid: string }[]; sessionDescription?: RTCSessionDescriptionInit }) {
      const session = sessions.get(id);
      if (!session) return { errorCode: "session_not_found" };
      const mids = new Set(body.tracks.map((t) => t.mid));
      for (const track of session.tracks) if (mids.has(track.mid)) track.status = "inactive";
      if (!body.sessionDescription) return { tracks: body.tracks, requiresImmediateRenegotiation: false };
      await session.pc.setRemoteDescription(body.sessionDescription);
      await session.pc.setLocalDescription(await session.pc.createAnswer());
      return { tracks: body.tracks, requiresImmediateRenegotiation: false, sessionDescription: session.pc.localDescription!.toJSON() };
    },
    get(id: string) {
      return { tracks: sessions.get(id)?.tracks ?? [] };
    },
  };
  (window as unknown as { sim: typeof sim }).sim = sim;
}

/** The simulated SFU's API on a loopback port, answering from the page; `calls` keeps what it was asked. */
export async function startSimulatedSfu(page: Page, appId: string, secret: string) {
  await page.evaluate(installSimulator);
  const calls: SimulatedCall[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const path = new URL(req.url ?? "/", "http://sim").pathname;
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    calls.push({ method: req.method ?? "", path, body });
    const reply = (status: number, answer: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer));
    };
    if (req.headers.authorization !== `Bearer ${secret}`) return reply(401, { errorCode: "unauthorized" });
    const match = /^\/v1\/apps\/([^/]+)\/sessions\/([^/]+)(\/.*)?$/.exec(path);
    if (!match || match[1] !== appId) return reply(404, { errorCode: "not_found" });
    const [, , id, rest = ""] = match;
    type Sim = Record<string, (...args: unknown[]) => unknown>;
    const run = (op: string, ...args: unknown[]) =>
      page.evaluate(([name, values]) => ((window as unknown as { sim: Sim }).sim[name as string] as (...a: unknown[]) => unknown)(...(values as unknown[])), [
        op,
        args,
      ] as const);
    try {
      if (id === "new" && req.method === "POST") return reply(201, await run("newSession"));
      if (req.method === "POST" && rest === "/tracks/new") return reply(200, await run("addTracks", id, body));
      if (req.method === "PUT" && rest === "/renegotiate") return reply(200, await run("renegotiate", id, body));
      if (req.method === "PUT" && rest === "/tracks/close") return reply(200, await run("close", id, body));
      if (req.method === "GET" && rest === "") return reply(200, await run("get", id));
      return reply(404, { errorCode: "not_found" });
    } catch (error) {
      return reply(500, { errorCode: "simulator", errorDescription: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
