// Realtime benchmarks for `npm run bench` (issue 7): 100 and 1,000 connected sockets (one signed-in
// member each), the time from an HTTP request to every socket's message (poll created → vote_required
// to every eligible voter; a ballot → vote_cast to every watcher), and how many messages one room
// delivers per second to its connections.
import WebSocket from "ws";
import { insertMembers } from "./direct-members.mjs";

const WORKSPACE_ID = "8f0c2a64-6c1e-4d4e-9a51-3f1b2c7d9e01"; // the demo workspace (scripts/seed.ts)
const OWNER_ID = "a1f4c2e0-0001-4c6e-8d2a-5b7e9f100001"; // Eleanor, whose session the bench uses

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const round = (ms) => Number(ms.toFixed(1));

/** Members written straight into local D1, each with a session (scripts/direct-members.mjs). */
function addMembers(persistTo, count, tag) {
  return insertMembers(persistTo, WORKSPACE_ID, count, { role: "family_member", tag: `Bench ${tag}` }).map((p) => ({ ...p, cookie: `session=${p.token}` }));
}

/** Opens and authenticates one socket per member; resolves when all have received pending_notifications. */
async function connectAll(server, members) {
  const wsUrl = `${server.url.replace(/^http/, "ws")}/ws`;
  const sockets = [];
  // In batches, as browsers arriving over a few seconds would.
  for (let i = 0; i < members.length; i += 50) {
    sockets.push(
      ...(await Promise.all(
        members.slice(i, i + 50).map(
          (member) =>
            new Promise((resolve, reject) => {
              const ws = new WebSocket(wsUrl, { headers: { Origin: server.url, Cookie: member.cookie } });
              const socket = { ws, member, waiters: [] };
              ws.on("message", (data) => {
                const message = JSON.parse(String(data));
                const at = performance.now();
                if (message.type === "pending_notifications") return resolve(socket);
                for (const waiter of socket.waiters.filter((w) => w.type === message.type)) waiter.resolve(at);
                socket.waiters = socket.waiters.filter((w) => w.type !== message.type);
              });
              ws.on("open", () => ws.send(JSON.stringify({ type: "authenticate", userId: member.id })));
              ws.on("error", reject);
            }),
        ),
      )),
    );
  }
  return sockets;
}

const nextMessage = (socket, type) => new Promise((resolve) => socket.waiters.push({ type, resolve }));

async function post(server, cookie, path, body) {
  // wrangler's local dev proxy sometimes drops a POST among hundreds at once ("worker restarted
  // mid-request", 503); a real client retries it, and every command here is idempotent.
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { cookie, "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify(body),
    });
    if (response.ok) return response.json();
    const text = await response.text();
    if (response.status !== 503 || attempt === 3) throw new Error(`${path} failed: ${response.status} ${text}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Latencies from one request's start to each socket's message, as p50/p99/max, and the request's own time. */
async function fanOut(sockets, type, act) {
  const waits = sockets.map((s) => nextMessage(s, type));
  const started = performance.now();
  await act();
  const responseMs = performance.now() - started;
  const arrivals = (await Promise.all(waits)).map((at) => at - started).sort((a, b) => a - b);
  return {
    sockets: sockets.length,
    responseMs: round(responseMs),
    p50ms: round(percentile(arrivals, 50)),
    p99ms: round(percentile(arrivals, 99)),
    maxMs: round(arrivals.at(-1)),
  };
}

async function scenario(server, persistTo, ownerCookie, count) {
  const members = addMembers(persistTo, count, count);
  const sockets = await connectAll(server, members);
  const closesAt = new Date(Date.now() + 3600_000).toISOString();
  // Poll created → vote_required on every eligible voter's socket (only these members may vote).
  let pollId;
  const created = await fanOut(sockets, "vote_required", async () => {
    pollId = (
      await post(server, ownerCookie, "/api/polls", {
        title: `Bench ${count}`,
        type: "yes_no",
        closesAt,
        eligibility: "people",
        eligibleUserIds: members.map((m) => m.id),
      })
    ).poll.id;
  });
  await new Promise((r) => setTimeout(r, 500)); // poll_created toasts arrive too; let them pass.
  // Everyone watches; one ballot → vote_cast on every other socket.
  for (let i = 0; i < sockets.length; i += 20)
    await Promise.all(sockets.slice(i, i + 20).map((s) => post(server, s.member.cookie, `/api/polls/${pollId}/watch`, { watching: true })));
  const detail = await (await fetch(`${server.url}/api/polls/${pollId}`, { headers: { cookie: members[0].cookie } })).json();
  const voter = sockets[0];
  const vote = await fanOut(sockets.slice(1), "vote_cast", () =>
    post(server, voter.member.cookie, `/api/polls/${pollId}/ballot`, { choices: [detail.options[0].id] }),
  );
  for (const s of sockets) s.ws.close();
  return { created, vote };
}

/** The poll's creator with 20 open tabs; ballots by others arrive as vote_cast; how many messages per second reach the tabs. */
async function roomThroughput(server, persistTo, ownerCookie) {
  const owner = { id: OWNER_ID, cookie: ownerCookie };
  const voters = addMembers(persistTo, 60, "voters");
  const tabs = await connectAll(
    server,
    Array.from({ length: 20 }, () => owner),
  );
  const closesAt = new Date(Date.now() + 3600_000).toISOString();
  const { poll } = await post(server, ownerCookie, "/api/polls", {
    title: "Bench throughput",
    type: "yes_no",
    closesAt,
    eligibility: "people",
    eligibleUserIds: voters.map((v) => v.id),
  });
  const detail = await (await fetch(`${server.url}/api/polls/${poll.id}`, { headers: { cookie: ownerCookie } })).json();
  let received = 0;
  for (const tab of tabs) tab.ws.on("message", (data) => (JSON.parse(String(data)).type === "vote_cast" ? received++ : 0));
  const started = performance.now();
  // Each voter votes, changes, and votes again: 180 ballots, each a vote_cast to 20 tabs.
  for (let round = 0; round < 3; round++) {
    await Promise.all(voters.map((v, i) => post(server, v.cookie, `/api/polls/${poll.id}/ballot`, { choices: [detail.options[(i + round) % 2].id] })));
  }
  const expected = voters.length * 3 * tabs.length;
  const deadline = Date.now() + 30_000;
  while (received < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const seconds = (performance.now() - started) / 1000;
  for (const tab of tabs) tab.ws.close();
  return {
    tabs: tabs.length,
    ballots: voters.length * 3,
    messages: received,
    expected,
    seconds: round(seconds),
    messagesPerSecond: Math.round(received / seconds),
  };
}

export async function benchRealtime({ server, cookie, persistTo }) {
  const results = {};
  for (const count of (process.env.BENCH_SOCKETS ?? "100,1000").split(",").map(Number)) {
    const r = await scenario(server, persistTo, cookie, count);
    results[`sockets${count}`] = r;
    console.log(
      `Realtime, ${count} sockets: poll created → vote_required on every socket p50 ${r.created.p50ms} ms p99 ${r.created.p99ms} ms max ${r.created.maxMs} ms (the request's own response ${r.created.responseMs} ms)`,
    );
    console.log(
      `Realtime, ${count} sockets: ballot → vote_cast on every watcher's socket p50 ${r.vote.p50ms} ms p99 ${r.vote.p99ms} ms max ${r.vote.maxMs} ms (the ballot's own response ${r.vote.responseMs} ms)`,
    );
  }
  const room = await roomThroughput(server, persistTo, cookie);
  results.room = room;
  console.log(
    `Realtime, one room with ${room.tabs} tabs: ${room.messages}/${room.expected} vote_cast messages in ${room.seconds} s (${room.messagesPerSecond} messages/s)`,
  );
  return results;
}
