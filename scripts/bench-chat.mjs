// Team chat benchmarks for `npm run bench` (issue 8): a message posted → its delivery to 50 connected
// members' sockets (p50/p99 over every delivery), and reading a channel with 10,000 messages (p99).
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { insertMembers } from "./direct-members.mjs";
import { npxBin, offlineEnv } from "./lib.mjs";

const WORKSPACE_ID = "8f0c2a64-6c1e-4d4e-9a51-3f1b2c7d9e01"; // the demo workspace (scripts/seed.ts)
const OWNER_ID = "a1f4c2e0-0001-4c6e-8d2a-5b7e9f100001";
const MEMBERS = 50;
const MESSAGES = 40;
const HISTORY = 10_000;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (ms) => Number(ms.toFixed(1));

async function api(server, cookie, method, path, body) {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { cookie, "Content-Type": "application/json", Origin: server.url },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (response.ok) return response.json();
    // wrangler's local proxy now and then answers 503 under load; a real client retries.
    if (response.status !== 503 || attempt === 3) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  }
}

function connect(server, member) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}/ws`, { headers: { Origin: server.url, Cookie: `session=${member.token}` } });
    const socket = { ws, waiting: new Map() };
    ws.on("message", (data) => {
      const message = JSON.parse(String(data));
      const at = performance.now();
      if (message.type === "pending_notifications") ws.send(JSON.stringify({ type: "subscribe_thread", threadId: `chat:${WORKSPACE_ID}` }));
      else if (message.type === "subscribed") resolve(socket);
      else if (message.type === "thread_event" && message.event.kind === "message.created") socket.waiting.get(message.event.message.body)?.(at);
    });
    ws.on("open", () => ws.send(JSON.stringify({ type: "authenticate", userId: member.id })));
    ws.on("error", reject);
  });
}

/** 10,000 messages written straight into a channel (through a SQL file, as the seed does; D1 takes statements up to 100 KB). */
function fillChannel(persistTo, channelId, topicId) {
  const now = Date.now() - HISTORY * 1000;
  const rows = Array.from(
    { length: HISTORY },
    (_, i) =>
      `('${randomUUID()}', '${WORKSPACE_ID}', '${channelId}', '${topicId}', ${i + 1}, '${OWNER_ID}', 'History message ${i + 1}: the quarterly trust statement and the roof invoices', '[]', ${now + i * 1000})`,
  );
  const statements = [];
  for (let i = 0; i < rows.length; i += 200) {
    statements.push(
      `INSERT INTO chat_messages (id, workspace_id, channel_id, topic_id, seq, author_id, body, mentions, created_at) VALUES ${rows.slice(i, i + 200).join(",\n")};`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), "chat-history-"));
  try {
    const file = join(dir, "history.sql");
    writeFileSync(file, statements.join("\n"));
    execFileSync(npxBin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file], { env: offlineEnv, stdio: "ignore" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchChat({ server, cookie, persistTo, duration }) {
  const members = insertMembers(persistTo, WORKSPACE_ID, MEMBERS, { role: "family_member", tag: "Chat bench" });
  const { channel } = await api(server, cookie, "POST", "/api/chat/channels", {
    name: `Bench ${Date.now().toString(36)}`,
    kind: "private",
    memberIds: members.map((m) => m.id),
  });
  const sockets = await Promise.all(members.map((m) => connect(server, m)));

  const deliveries = [];
  const responses = [];
  for (let i = 0; i < MESSAGES; i++) {
    const body = `Bench message ${i} ${randomUUID()}`;
    const arrived = Promise.all(sockets.map((s) => new Promise((resolve) => s.waiting.set(body, resolve))));
    const started = performance.now();
    await api(server, cookie, "POST", `/api/chat/channels/${channel.id}/messages`, { body, topic: "bench" });
    responses.push(performance.now() - started);
    for (const at of await arrived) deliveries.push(at - started);
  }
  for (const s of sockets) s.ws.close();
  deliveries.sort((a, b) => a - b);
  responses.sort((a, b) => a - b);
  const delivery = {
    sockets: MEMBERS,
    messages: MESSAGES,
    p50ms: round(percentile(deliveries, 50)),
    p99ms: round(percentile(deliveries, 99)),
    maxMs: round(deliveries.at(-1)),
    responseP50ms: round(percentile(responses, 50)),
  };
  console.log(
    `Chat: message posted → delivered to each of ${MEMBERS} members' sockets p50 ${delivery.p50ms} ms p99 ${delivery.p99ms} ms max ${delivery.maxMs} ms (the post's own response p50 ${delivery.responseP50ms} ms)`,
  );

  // A channel with 10,000 messages: its newest page and a page from the middle of its history.
  const { message } = await api(server, cookie, "POST", `/api/chat/channels/${channel.id}/messages`, { body: "topic for history", topic: "history" });
  const { channel: big } = await api(server, cookie, "POST", "/api/chat/channels", { name: `History ${Date.now().toString(36)}`, kind: "open" });
  fillChannel(persistTo, big.id, message.topicId);
  const history = {};
  for (const [name, path, connections] of [
    ["newest, 1 connection", `/api/chat/channels/${big.id}/messages`, 1],
    ["newest, 10 connections", `/api/chat/channels/${big.id}/messages`, 10],
    ["older, 10 connections", `/api/chat/channels/${big.id}/messages?before=5000`, 10],
  ]) {
    const r = await autocannon({ url: `${server.url}${path}`, headers: { cookie }, connections, duration });
    history[name] = { requestsPerSecond: Math.round(r.requests.average), p50ms: r.latency.p50, p99ms: r.latency.p99, non2xx: r.non2xx };
    console.log(
      `Chat: history page of a ${HISTORY.toLocaleString("en-US")}-message channel (${name}) ${history[name].requestsPerSecond} req/s p50 ${history[name].p50ms} ms p99 ${history[name].p99ms} ms (non-2xx ${history[name].non2xx})`,
    );
  }
  return { delivery, history };
}
