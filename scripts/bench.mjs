// npm run bench: build, start the Worker on loopback with the demo data, and load it with autocannon.
// Prints requests/s, p50 and p99 per scenario and writes bench/results/latest.json.
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchBanking } from "./bench-banking.mjs";
import { benchChat } from "./bench-chat.mjs";
import { comparePeer, javascriptWeight } from "./bench-compare.mjs";
import { benchCompliance } from "./bench-compliance.mjs";
import { benchDocuments } from "./bench-documents.mjs";
import { benchErrors } from "./bench-errors.mjs";
import { benchExport } from "./bench-export.mjs";
import { benchFinance } from "./bench-finance.mjs";
import { benchLighthouse } from "./bench-lighthouse.mjs";
import { benchLoad } from "./bench-load.mjs";
import { benchMeetings } from "./bench-meetings.mjs";
import { startPeer } from "./bench-peer.mjs";
import { benchRealtime } from "./bench-realtime.mjs";
import { bundleReport, formatReport } from "./bundle-report.mjs";
import { build, DEMO, ensureDevVars, migrate, npxBin, seed, startServer, testClientAddressKey } from "./lib.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
/** BENCH_ONLY=realtime (or documents, chat, banking, finance, meetings, errors, compliance, export, load, http, lighthouse, analysis) runs one part. */
const ONLY = process.env.BENCH_ONLY;
/** A checkout of foxlau/react-router-v7-better-auth: the http part then also compares our pages with its (docs/peer-bench.md). */
const PEER_DIR = process.env.BENCH_PEER_DIR;
const runs = (part) => !ONLY || ONLY === part;
// The load test (issue 25) takes five minutes: opt-in with BENCH_LOAD=1 (or BENCH_ONLY=load), on a server of its own.
const runsLoad = process.env.BENCH_LOAD === "1" || ONLY === "load";

function writeResults(parts) {
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/latest.json", JSON.stringify({ date: new Date().toISOString(), durationSeconds: DURATION, ...parts }, null, 2));
  console.log("Written to bench/results/latest.json");
}

// The offline analyzer against the labelled corpus (tests/fixtures/analysis): precision and recall per field. It needs
// no server, so BENCH_ONLY=analysis skips the build.
function benchAnalysis() {
  const { fields } = JSON.parse(execFileSync(npxBin("tsx"), ["scripts/eval-analysis.ts", "--json"], { encoding: "utf8" }));
  const percent = (n) => (n === null ? "n/a" : `${(n * 100).toFixed(1)}%`);
  for (const [field, s] of Object.entries(fields)) {
    console.log(
      `Analysis ${field.padEnd(26)} precision ${percent(s.precision).padStart(6)}  recall ${percent(s.recall).padStart(6)}  (tp ${s.tp}, fp ${s.fp}, fn ${s.fn})`,
    );
  }
  return fields;
}
const analysis = runs("analysis") ? benchAnalysis() : null;
if (ONLY === "analysis") {
  writeResults({ analysis });
  process.exit(0);
}
console.log("");

ensureDevVars();
build();

/** One part of the bench: a part that throws is printed and recorded, and the other parts' results are still written. */
async function guarded(label, run) {
  try {
    return await run();
  } catch (error) {
    console.error(`${label} failed:`, error);
    process.exitCode = 1;
    return { error: String(error?.message ?? error) };
  }
}

// Compliance runs on a server of its own (the cron on demand, a million audit rows), after the shared one has stopped.
const compliancePart = () =>
  guarded("Compliance bench", async () => {
    const compliance = await benchCompliance();
    if (compliance.failures.length) {
      console.error(`Compliance: ${compliance.failures.length} check(s) failed (see above)`);
      process.exitCode = 1;
    }
    return compliance;
  });
if (ONLY === "export") {
  writeResults({ export: await benchExport() });
  process.exit();
}
if (ONLY === "compliance") {
  writeResults({ compliance: await compliancePart() });
  process.exit();
}
// The peer on a server of its own beside ours; a peer that fails to start or answer does not lose our results.
const peerPart = (ours) =>
  guarded("Peer comparison", async () => {
    const peer = await startPeer({ dir: PEER_DIR, port: 8796 });
    try {
      return await comparePeer({ ours, peer, duration: DURATION });
    } finally {
      await peer.stop();
    }
  });
const loadPart = () =>
  guarded("Load test", async () => {
    const load = await benchLoad();
    if (!load.pass) process.exitCode = 1;
    return load;
  });
if (ONLY === "load") {
  writeResults({ load: await loadPart() });
  process.exit();
}
const persistTo = mkdtempSync(join(tmpdir(), "bench-"));
migrate(persistTo);
seed(persistTo);
// The error intake's simulated browsers each name an address of their own (bench-errors.mjs), vouched for with this key.
testClientAddressKey();
const server = await startServer({ port: 8795, persistTo });
let parts;

try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  });
  const cookie = login.headers.getSetCookie()[0].split(";")[0];

  const userRequest = { path: "/api/auth/user", headers: { cookie } };
  const loginRequest = {
    path: "/api/auth/login",
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  };
  const scenarios = [
    { name: "GET / (landing, signed out)", path: "/", connections: 10 },
    { name: "GET /auth (sign-in page)", path: "/auth", connections: 10 },
    { name: "GET /dashboard (signed in)", path: "/dashboard", headers: { cookie }, connections: 10 },
    // A new address each request: never a kept page (ADR 0043), so this is what a render costs.
    { name: "GET /dashboard, rendered each time", path: "/dashboard", fresh: true, headers: { cookie }, connections: 10 },
    { name: "GET /dashboard.data (signed in)", path: "/dashboard.data", headers: { cookie }, connections: 10 },
    { name: "GET /api/legal/documents/recent", path: "/api/legal/documents/recent", headers: { cookie }, connections: 10 },
    { name: "GET /api/auth/user (signed in)", ...userRequest, connections: 10 },
    { name: "POST /api/auth/login", ...loginRequest, connections: 4 },
    // One connection each: the latency difference is the cost of one password hash.
    { name: "GET /api/auth/user, 1 connection", ...userRequest, connections: 1 },
    { name: "POST /api/auth/login, 1 connection", ...loginRequest, connections: 1 },
  ];

  // The JavaScript each page makes the browser download (module scripts, modulepreloads and inline scripts, gzipped).
  const weigh = (path, headers) => javascriptWeight(server.url, path, headers);
  const javascript = runs("http") ? [await weigh("/"), await weigh("/auth"), await weigh("/dashboard", { cookie })] : [];
  for (const j of javascript) console.log(`JavaScript shipped by ${j.page.padEnd(11)} ${j.gzipKB} KB gzipped in ${j.files} files (+ inline)`);
  // Per route, from the built manifest (scripts/bundle-report.mjs): the ten heaviest pages' up-front JavaScript.
  const bundles = runs("http") ? bundleReport() : [];
  if (bundles.length)
    console.log(
      `\nUp-front JavaScript per route (gzip, without inline scripts), heaviest ten:\n${formatReport(bundles.sort((a, b) => b.gzipKB - a.gzipKB).slice(0, 10))}\n`,
    );

  const results = [];
  let freshCount = 0;
  for (const s of runs("http") ? scenarios : []) {
    const r = await autocannon({
      url: `${server.url}${s.path}`,
      method: s.method ?? "GET",
      headers: s.headers,
      body: s.body,
      connections: s.connections,
      duration: DURATION,
      ...(s.fresh ? { requests: [{ setupRequest: (request) => ({ ...request, path: `${s.path}?fresh=${++freshCount}` }) }] } : {}),
    });
    const row = {
      scenario: s.name,
      connections: s.connections,
      requestsPerSecond: Math.round(r.requests.average),
      p50ms: r.latency.p50,
      p99ms: r.latency.p99,
      meanMs: Number(r.latency.mean.toFixed(1)),
      non2xx: r.non2xx,
      errors: r.errors,
    };
    results.push(row);
    console.log(
      `${row.scenario.padEnd(40)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.p50ms} ms  p99 ${row.p99ms} ms  (non-2xx ${row.non2xx}, errors ${row.errors})`,
    );
  }
  console.log("");
  const peerComparison = PEER_DIR && runs("http") ? await peerPart({ url: server.url, cookie }) : null;
  console.log("");
  const lighthouse = runs("lighthouse") ? await benchLighthouse({ server, cookie }) : null;
  console.log("");
  const documents = runs("documents") ? await benchDocuments({ server, cookie, persistTo, duration: DURATION }) : null;
  console.log("");
  const realtime = runs("realtime") ? await benchRealtime({ server, cookie, persistTo }) : null;
  console.log("");
  const chat = runs("chat") ? await benchChat({ server, cookie, persistTo, duration: DURATION }) : null;
  console.log("");
  const banking = runs("banking") ? await benchBanking({ server, cookie, persistTo, duration: DURATION }) : null;
  console.log("");
  const finance = runs("finance") ? await benchFinance({ server, persistTo }) : null;
  console.log("");
  const meetings = runs("meetings") ? await benchMeetings({ server, cookie }) : null;
  console.log("");
  // POST /api/errors at 500 reports a second for 30 s (BENCH_ERRORS_RATE, BENCH_ERRORS_SECONDS change it).
  const errors = runs("errors") ? await benchErrors({ server, persistTo }) : null;

  const single = (name) => results.find((r) => r.scenario.startsWith(name) && r.connections === 1);
  // Issue 25's internal ratios, comparable between runs without the peer: what a page costs beyond the session lookup.
  const at10 = (name) => results.find((r) => r.scenario.startsWith(name) && r.connections === 10)?.requestsPerSecond;
  const ratio = (a, b) => (at10(a) && at10(b) ? Number((at10(a) / at10(b)).toFixed(2)) : null);
  const ratios = runs("http")
    ? {
        dashboardOverSessionLookup: ratio("GET /dashboard (", "GET /api/auth/user"),
        renderedDashboardOverSessionLookup: ratio("GET /dashboard, rendered", "GET /api/auth/user"),
        dashboardDataOverSessionLookup: ratio("GET /dashboard.data", "GET /api/auth/user"),
        recentDocumentsOverSessionLookup: ratio("GET /api/legal/documents/recent", "GET /api/auth/user"),
      }
    : null;
  if (ratios) {
    console.log(
      `\nThroughput as a fraction of GET /api/auth/user's (10 connections; target for the dashboard ≥ 0.7): dashboard ${ratios.dashboardOverSessionLookup} (rendered each time ${ratios.renderedDashboardOverSessionLookup}), dashboard.data ${ratios.dashboardDataOverSessionLookup}, recent documents ${ratios.recentDocumentsOverSessionLookup}`,
    );
  }
  const hashCostMs = runs("http") ? Number((single("POST /api/auth/login").meanMs - single("GET /api/auth/user").meanMs).toFixed(1)) : null;
  if (hashCostMs !== null) console.log(`\nPassword hash cost (login minus user, one connection): about ${hashCostMs} ms`);
  const routeJavascript = Object.fromEntries(bundles.map((b) => [b.route, b.gzipKB]));
  parts = {
    results,
    ratios,
    hashCostMs,
    javascript,
    routeJavascript,
    peerComparison,
    lighthouse,
    documents,
    realtime,
    chat,
    banking,
    finance,
    meetings,
    errors,
    analysis,
  };
  if (finance?.failures.length) {
    console.error(`Finance: ${finance.failures.length} request(s) did not answer 200 (see above)`);
    process.exitCode = 1;
  }
  if (errors && !errors.withinTarget) {
    console.error("Errors: the intake was not within its target (see above)");
    process.exitCode = 1;
  }
} finally {
  await server.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
const compliance = runs("compliance") ? await compliancePart() : null;
// "Export everything" of 2,000 documents (1 GB; BENCH_EXPORT_DOCS and BENCH_EXPORT_MB change it) takes minutes: opt-in
// with BENCH_EXPORT=1 (or BENCH_ONLY=export), on a server of its own.
const exportPart =
  process.env.BENCH_EXPORT === "1" || ONLY === "export" ? await benchExport().catch((error) => ({ error: String(error?.message ?? error) })) : null;
const load = runsLoad ? await loadPart() : null;
writeResults({ ...parts, compliance, export: exportPart, load });
