// The optional side-by-side part of `npm run bench` (issue 25): with BENCH_PEER_DIR set, our pages against their
// counterparts in foxlau/react-router-v7-better-auth (scripts/bench-peer.mjs starts it), in interleaved pairs.
import autocannon from "autocannon";
import { gzipSync } from "node:zlib";

/** Issue 25's targets: at least 1.5× the peer's requests/s, at most 0.7× its p99. */
export const PEER_TARGETS = { throughputRatio: 1.5, p99Ratio: 0.7 };
const CONNECTIONS = [10, 50];
const WARMUP_SECONDS = 2;

/** The JavaScript a page makes the browser download: module scripts, modulepreloads and inline scripts, gzipped. */
export async function javascriptWeight(base, path, headers = {}) {
  const html = await (await fetch(`${base}${path}`, { headers })).text();
  const urls = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map((m) => m[1]);
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
  let gzipBytes = gzipSync(inline).length;
  for (const url of new Set(urls)) gzipBytes += gzipSync(Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer())).length;
  return { page: path, files: new Set(urls).size, gzipKB: Number((gzipBytes / 1024).toFixed(1)) };
}

/** Ours and the peer's counterpart; `signedIn` sends each side's session cookie. */
function pairsOf(peerPaths) {
  return [
    { name: "dashboard", ours: "/dashboard", peer: peerPaths.dashboard, signedIn: true },
    { name: "dashboard data", ours: "/dashboard.data", peer: peerPaths.dashboardData, signedIn: true },
    { name: "sign-in page", ours: "/auth", peer: peerPaths.signIn, signedIn: false },
    { name: "landing", ours: "/", peer: peerPaths.landing, signedIn: false },
    // The issue's choice: our recent documents (JSON) against the peer's only signed-in JSON that is not rate-limited.
    { name: "recent documents", ours: "/api/legal/documents/recent", peer: peerPaths.dashboardData, signedIn: true },
  ];
}

/**
 * Every path must answer 200 before it is loaded: the peer's `.data` answers 202 (a redirect payload) when its session
 * is lost, which autocannon would count as 2xx.
 */
async function expectOk(base, path, headers) {
  const res = await fetch(`${base}${path}`, { headers, redirect: "manual" });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${base}${path} answered ${res.status}, not 200`);
}

async function load(base, path, headers, connections, duration) {
  const r = await autocannon({ url: `${base}${path}`, headers, connections, duration, warmup: { connections, duration: WARMUP_SECONDS } });
  return {
    path,
    requestsPerSecond: Math.round(r.requests.average),
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

const ratio = (a, b) => (b ? Number((a / b).toFixed(2)) : null);
const mark = (met) => (met === null ? "n/a" : met ? "met" : "not met");

/**
 * Runs each pair at 10 and 50 connections, ours then the peer's, and the JavaScript weight of both sides' pages.
 * `ours` and `peer` are { url, cookie }; `peer.paths` is PEER_PATHS. Prints the ratios and returns them.
 */
export async function comparePeer({ ours, peer, duration }) {
  const pairs = pairsOf(peer.paths);
  const side = (server, signedIn) => ({ url: server.url, headers: signedIn ? { cookie: server.cookie } : {} });
  for (const p of pairs) {
    await expectOk(ours.url, p.ours, side(ours, p.signedIn).headers);
    await expectOk(peer.url, p.peer, side(peer, p.signedIn).headers);
  }

  const javascript = { ours: [], peer: [] };
  for (const p of pairs.filter((p) => !p.ours.includes(".data") && !p.ours.startsWith("/api/"))) {
    javascript.ours.push({ pair: p.name, ...(await javascriptWeight(ours.url, p.ours, side(ours, p.signedIn).headers)) });
    javascript.peer.push({ pair: p.name, ...(await javascriptWeight(peer.url, p.peer, side(peer, p.signedIn).headers)) });
  }
  console.log("JavaScript gzipped, ours / peer:");
  for (const [i, j] of javascript.ours.entries()) {
    const k = javascript.peer[i];
    console.log(`  ${j.pair.padEnd(16)} ${`${j.page} ${j.gzipKB} KB (${j.files} files)`.padEnd(34)} ${k.page} ${k.gzipKB} KB (${k.files} files)`);
  }

  const rows = [];
  console.log(
    `\nOurs vs peer, interleaved (${WARMUP_SECONDS} s warm-up, ${duration} s each; targets: throughput ≥ ${PEER_TARGETS.throughputRatio}×, p99 ≤ ${PEER_TARGETS.p99Ratio}×)`,
  );
  console.log(`${"pair".padEnd(17)}${"c".padStart(3)}  ${"req/s ours/peer".padEnd(17)} ${"ratio".padEnd(14)} ${"p99 ms ours/peer".padEnd(17)} ratio`);
  for (const connections of CONNECTIONS) {
    for (const p of pairs) {
      const o = side(ours, p.signedIn);
      const q = side(peer, p.signedIn);
      const a = await load(o.url, p.ours, o.headers, connections, duration);
      const b = await load(q.url, p.peer, q.headers, connections, duration);
      const throughputRatio = ratio(a.requestsPerSecond, b.requestsPerSecond);
      const p99Ratio = ratio(a.p99ms, b.p99ms);
      const row = {
        pair: p.name,
        connections,
        ours: a,
        peer: b,
        throughputRatio,
        p99Ratio,
        throughputMet: throughputRatio === null ? null : throughputRatio >= PEER_TARGETS.throughputRatio,
        p99Met: p99Ratio === null ? null : p99Ratio <= PEER_TARGETS.p99Ratio,
      };
      rows.push(row);
      const failures = a.non2xx + a.errors + b.non2xx + b.errors;
      console.log(
        `${p.name.padEnd(17)}${String(connections).padStart(3)}  ${`${a.requestsPerSecond}/${b.requestsPerSecond}`.padEnd(17)} ${`${throughputRatio}× ${mark(row.throughputMet)}`.padEnd(14)} ${`${a.p99ms}/${b.p99ms}`.padEnd(17)} ${p99Ratio}× ${mark(row.p99Met)}${failures ? `  (non-2xx/errors: ours ${a.non2xx}/${a.errors}, peer ${b.non2xx}/${b.errors})` : ""}`,
      );
    }
  }
  const met = rows.filter((r) => r.throughputMet && r.p99Met).length;
  console.log(`Both targets met in ${met} of ${rows.length} rows`);
  return { targets: PEER_TARGETS, warmupSeconds: WARMUP_SECONDS, javascript, pairs: rows };
}
