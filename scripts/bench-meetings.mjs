// Video meetings benchmark (issue 20), part of `npm run bench` (BENCH_ONLY=meetings for it alone):
// 1. Signalling: six participants in one meeting's room (the MeetingRoom Durable Object); each sends an offer of a
//    realistic size to every other, who answers at once; the time from sending the offer to receiving the answer,
//    through the room both ways, as p50/p99 over every pair and round.
// 2. Recording upload: a recording of BENCH_RECORDING_MB megabytes (200 by default) sent as the browser does, in
//    ordered one-megabyte chunks, then completed (the last parts, the header with its duration, the SHA-256 read back);
//    the throughput and the workerd processes' peak resident memory while it runs.
import WebSocket from "ws";
import { workerdRssMb } from "./lib.mjs";

const PEERS = 6;
const ROUNDS = Number(process.env.BENCH_SIGNAL_ROUNDS ?? 10);
/** Between rounds: each connection sends 10 messages a round, and the room allows 200 in 10 s (MEETING_MESSAGE_RATE). */
const ROUND_PAUSE_MS = 600;
const OFFER_TIMEOUT_MS = 5000;
const RECORDING_MB = Number(process.env.BENCH_RECORDING_MB ?? 200);
const CHUNK_BYTES = 1024 * 1024;
const UNKNOWN = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
const el = (id, ...content) => [...id, 0x80 | content.flat().length, ...content.flat()];
const ascii = (s) => [...Buffer.from(s)];
/** The start of a WebM file as Chromium's MediaRecorder writes it. */
const WEBM_START = Buffer.from([
  ...el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], ascii("webm"))),
  ...[0x18, 0x53, 0x80, 0x67, ...UNKNOWN],
  ...el([0x15, 0x49, 0xa9, 0x66], el([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]), el([0x4d, 0x80], ascii("Chrome"))),
  ...el([0x16, 0x54, 0xae, 0x6b], el([0xae], el([0xd7], [1]), el([0x86], ascii("V_VP8")))),
  ...[0x1f, 0x43, 0xb6, 0x75, ...UNKNOWN],
]);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (ms) => Number(ms.toFixed(1));

async function openPeer(server, cookie, meetingId) {
  const url = `${server.url.replace(/^http/, "ws")}/meetings/${meetingId}/ws`;
  const ws = new WebSocket(url, { headers: { Origin: server.url, Cookie: cookie } });
  const handlers = new Set();
  ws.on("message", (data) => {
    const message = JSON.parse(String(data));
    for (const handler of handlers) handler(message);
  });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const welcome = new Promise((resolve) => {
    const handler = (m) => {
      if (m.type !== "welcome") return;
      handlers.delete(handler);
      resolve(m);
    };
    handlers.add(handler);
  });
  ws.send(JSON.stringify({ type: "join", e2ee: false }));
  const { you } = await welcome;
  return { ws, id: you, handlers, send: (m) => ws.send(JSON.stringify(m)) };
}

async function signalling(server, cookie, meetingId) {
  const peers = [];
  for (let i = 0; i < PEERS; i++) peers.push(await openPeer(server, cookie, meetingId));
  const sdp = `v=0\r\n${"a=candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host generation 0\r\n".repeat(40)}`;
  const pending = new Map();
  // Each peer answers every offer at once and resolves its own pending offers when their answers arrive.
  for (const peer of peers) {
    peer.handlers.add((m) => {
      if (m.type !== "signal" || !m.description) return;
      if (m.description.type === "offer") peer.send({ type: "signal", to: m.from, description: { type: "answer", sdp: m.description.sdp } });
      else pending.get(`${peer.id}>${m.from}`)?.();
    });
  }
  const samples = [];
  let lost = 0;
  for (let round = 0; round < ROUNDS; round++) {
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, ROUND_PAUSE_MS));
    await Promise.all(
      peers.flatMap((from) =>
        peers
          .filter((to) => to !== from)
          .map(
            (to) =>
              new Promise((resolve) => {
                const started = performance.now();
                const timer = setTimeout(() => {
                  lost++;
                  resolve();
                }, OFFER_TIMEOUT_MS);
                pending.set(`${from.id}>${to.id}`, () => {
                  clearTimeout(timer);
                  samples.push(performance.now() - started);
                  resolve();
                });
                from.send({ type: "signal", to: to.id, description: { type: "offer", sdp } });
              }),
          ),
      ),
    );
  }
  for (const peer of peers.slice(1)) peer.ws.close();
  samples.sort((a, b) => a - b);
  return {
    host: peers[0],
    result: {
      peers: PEERS,
      offers: samples.length,
      lost,
      p50ms: round(percentile(samples, 50)),
      p99ms: round(percentile(samples, 99)),
      maxMs: round(samples.at(-1)),
    },
  };
}

async function recordingUpload(server, cookie, meetingId) {
  const call = (path, init = {}) => fetch(new URL(path, server.url), { ...init, headers: { Origin: server.url, Cookie: cookie, ...init.headers } });
  const asked = await call(`/api/meetings/${meetingId}/recordings`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  if (asked.status !== 201) throw new Error(`recording request failed: ${asked.status} ${await asked.text()}`);
  const { recording } = await asked.json();
  const base = `/api/meetings/${meetingId}/recordings/${recording.id}`;
  const chunks = Math.ceil((RECORDING_MB * 1024 * 1024) / CHUNK_BYTES);
  const body = Buffer.alloc(CHUNK_BYTES);
  for (let i = 0; i < body.length; i++) body[i] = (i * 31 + 7) % 256;
  const before = workerdRssMb(server.child.pid) ?? 0;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, workerdRssMb(server.child.pid) ?? 0)), 250);
  const started = performance.now();
  try {
    for (let seq = 1; seq <= chunks; seq++) {
      const chunk = seq === 1 ? Buffer.concat([WEBM_START, body.subarray(WEBM_START.length)]) : body;
      const response = await call(`${base}/chunks/${seq}`, {
        method: "PUT",
        headers: { "Content-Type": "video/webm", "X-Recording-Elapsed-Ms": String(seq * 2000) },
        body: chunk,
      });
      if (!response.ok) throw new Error(`chunk ${seq}: ${response.status} ${await response.text()}`);
    }
    const uploaded = performance.now();
    const done = await call(`${base}/complete`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    if (!done.ok) throw new Error(`complete: ${done.status} ${await done.text()}`);
    const finished = performance.now();
    const seconds = (uploaded - started) / 1000;
    return {
      megabytes: RECORDING_MB,
      chunks,
      uploadSeconds: round(seconds),
      megabytesPerSecond: round(RECORDING_MB / seconds),
      msPerChunk: round((uploaded - started) / chunks),
      completeSeconds: round((finished - uploaded) / 1000),
      workerdBeforeMb: Math.round(before),
      workerdPeakMb: Math.round(peak),
    };
  } finally {
    clearInterval(sampler);
  }
}

export async function benchMeetings({ server, cookie }) {
  const started = await fetch(new URL("/api/meetings/now", server.url), {
    method: "POST",
    headers: { Origin: server.url, Cookie: cookie, "Content-Type": "application/json" },
    body: "{}",
  });
  if (started.status !== 201) throw new Error(`meeting not started: ${started.status}`);
  const { id } = await started.json();
  const { host, result: signal } = await signalling(server, cookie, id);
  console.log(
    `Meetings, ${signal.peers} peers: offer → answer through the room p50 ${signal.p50ms} ms p99 ${signal.p99ms} ms max ${signal.maxMs} ms (${signal.offers} offers, ${signal.lost} unanswered)`,
  );
  const recording = await recordingUpload(server, cookie, id);
  host.ws.close();
  console.log(
    `Meetings, a ${recording.megabytes} MB recording in ${recording.chunks} chunks: ${recording.megabytesPerSecond} MB/s (${recording.msPerChunk} ms a chunk), completed in ${recording.completeSeconds} s; workerd ${recording.workerdBeforeMb} → peak ${recording.workerdPeakMb} MB`,
  );
  return { signal, recording };
}
