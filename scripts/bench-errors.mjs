// Error intake benchmark for `npm run bench` (issue 21): POST /api/errors at 500 reports a second for 30 s must answer
// without errors, p99 under 100 ms, and the store must grow with the distinct errors, not with the traffic.
//
// The intake limits each browser session to 30 requests a minute and each address to 120 (ADR 0031), so the load is
// what many browsers send: BROWSERS simulated browsers, each with its own address and error session, each sending a
// batch of BATCH reports every BROWSERS * BATCH / RATE seconds, their sends spread evenly over that period (an open
// loop: a slow answer does not slow the sending down). The reports are drawn from KINDS distinct errors whose
// messages vary in their numbers and ids, as real ones do, so they group into at most KINDS groups.
import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { clientAddressHeaders, npxBin, offlineEnv } from "./lib.mjs";

const RATE = Number(process.env.BENCH_ERRORS_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_ERRORS_SECONDS ?? 30);
/** Seconds of the same load before the measured run, from browsers of their own (their limits are not the measured ones'). */
const WARMUP_SECONDS = Number(process.env.BENCH_ERRORS_WARMUP ?? 10);
const BROWSERS = 250;
const BATCH = 10;
const KINDS = 40;
const TABLES = ["error_groups", "error_events", "error_group_people", "error_group_releases", "rate_limits"];

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (ms) => Number(ms.toFixed(1));

function counts(persistTo) {
  const query = TABLES.map((t) => `(SELECT count(*) FROM ${t}) AS ${t}`).join(", ");
  const out = execFileSync(npxBin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", `SELECT ${query}`], {
    env: offlineEnv,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return JSON.parse(out)[0].results[0];
}

/** One report of kind `k`: its message's numbers and ids change, its stack's frames do not. */
function report(k, release) {
  const frames = [
    `at kind${k} (https://app.example/assets/route-k${k}-Ab12Cd34.js:1:${100 + k})`,
    `at render (https://app.example/assets/root-Zz98Yy76.js:2:${k})`,
  ];
  return k % 2 === 0
    ? {
        message: `Failed to load /api/items/${randomUUID()} after ${1 + (k % 5)} attempts`,
        type: `Kind${k}Error`,
        stack: `Kind${k}Error: x\n    ${frames.join("\n    ")}`,
        route: `/documents/${k}`,
        release,
      }
    : { message: `Kind ${k}: value ${Math.floor(Math.random() * 1e6)} is out of range`, type: "RangeError", route: `/finance/${k}?token=secret`, release };
}

function browsersAt(offset) {
  return Array.from({ length: BROWSERS }, (_, i) => ({
    session: randomBytes(12).toString("hex"),
    ip: `10.${offset + ((i >> 8) & 255)}.${i & 255}.${1 + (i % 250)}`,
  }));
}

/** RATE reports a second from BROWSERS browsers for `seconds`: the latencies, statuses and network failures seen. */
async function load(server, browsers, seconds) {
  const period = (BROWSERS * BATCH * 1000) / RATE; // each browser's interval between batches, ms
  const latencies = [];
  const statuses = {};
  let failures = 0;
  let sentReports = 0;
  const inFlight = new Set();
  const started = performance.now();
  const releases = ["bench-r1", "bench-r2"];

  async function send(browser, n) {
    const body = JSON.stringify({ reports: Array.from({ length: BATCH }, (_, j) => report((n * BATCH + j) % KINDS, releases[n % 2])) });
    const t0 = performance.now();
    try {
      const response = await fetch(`${server.url}/api/errors`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url, "X-Error-Session": browser.session, ...clientAddressHeaders(browser.ip) },
        body,
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    } catch {
      failures++;
    }
  }

  // Browser i sends its n-th batch at i * period / BROWSERS + n * period.
  const total = Math.floor((seconds * 1000) / period) * BROWSERS;
  for (let s = 0; s < total; s++) {
    const browser = browsers[s % BROWSERS];
    const n = Math.floor(s / BROWSERS);
    const due = started + n * period + ((s % BROWSERS) * period) / BROWSERS;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    sentReports += BATCH;
    const p = send(browser, n).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  return { latencies, statuses, failures, sentReports, elapsed: (performance.now() - started) / 1000 };
}

export async function benchErrors({ server, persistTo }) {
  if (WARMUP_SECONDS > 0) await load(server, browsersAt(100), WARMUP_SECONDS);
  const before = counts(persistTo);
  const { latencies, statuses, failures, sentReports, elapsed } = await load(server, browsersAt(0), SECONDS);
  const after = counts(persistTo);
  latencies.sort((a, b) => a - b);
  const result = {
    targetReportsPerSecond: RATE,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    browsers: BROWSERS,
    batch: BATCH,
    distinctErrors: KINDS,
    requests: latencies.length + failures,
    reports: sentReports,
    achievedReportsPerSecond: Math.round(sentReports / elapsed),
    p50ms: round(percentile(latencies, 50)),
    p99ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1)),
    statuses,
    networkErrors: failures,
    rowsBefore: before,
    rowsAfter: after,
  };
  const ok = failures === 0 && Object.keys(statuses).every((s) => s === "202") && result.p99ms < 100;
  console.log(
    `Errors: POST /api/errors ${result.achievedReportsPerSecond} reports/s for ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up (${result.requests} batches of ${BATCH} from ${BROWSERS} browsers): p50 ${result.p50ms} ms p99 ${result.p99ms} ms max ${result.maxMs} ms; statuses ${JSON.stringify(statuses)}, network errors ${failures}`,
  );
  for (const t of TABLES) console.log(`  ${t.padEnd(22)} ${String(before[t]).padStart(6)} → ${String(after[t]).padStart(6)} rows`);
  console.log(`  ${ok ? "within" : "NOT within"} the issue's target (no errors, p99 under 100 ms)`);
  return { ...result, withinTarget: ok };
}
