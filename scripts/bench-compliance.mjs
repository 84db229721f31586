// Compliance benchmarks for `npm run bench` (BENCH_ONLY=compliance), issue 18: verifying a 1,000,000-entry audit
// chain on demand (GET /api/audit/verify) and by the cron's resumable daily walk (GET /__scheduled), and the
// compliance health page and its APIs over 5,000 duties (p50/p99/min of a few sequential runs each, and sizes).
// It starts its own server on a fresh database: the cron runs on demand only with --test-scheduled, and a million
// audit rows would slow every other bench sharing the database.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
  ACTORS,
  AUDIT_COLUMNS,
  auditRowSql,
  complianceItemRows,
  insertStatements,
  isoDay,
  ITEM_COLUMNS,
  OWNER,
  q,
  sealedAuditEntries,
} from "./bench-compliance-data.mjs";
import { DEMO, migrate, npxBin, offlineEnv, readLocalD1, seed, startServer } from "./lib.mjs";

const AUDIT_ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 1_000_000);
const ITEMS = Number(process.env.BENCH_COMPLIANCE_ITEMS ?? 5_000);
/** Measured runs per request, after one warm-up. */
const RUNS = Number(process.env.BENCH_COMPLIANCE_RUNS ?? 5);
const PORT = 8796;
/** Rows per SQL file given to `wrangler d1 execute --file`. */
const ROWS_PER_FILE = 50_000;
/** wrangler.toml [triggers] crons: the expression the Worker's scheduled handler is run with. */
const CRON = "*/15 * * * *";
/** Cron runs tried before giving up on the walk finishing (4 are expected for a million entries at 250,000 a run). */
const MAX_CRON_RUNS = 12;
/** A run that has not moved the walk by then is taken as stuck. */
const STUCK_MS = 300_000;
/** Rows a walk reads per D1 query (chain.server.ts VERIFY_SLICE), and D1's queries per Worker invocation (Workers Paid). */
const VERIFY_SLICE = 1000;
const D1_QUERIES_PER_INVOCATION = 1000;
const DAY = 86_400_000;
const HOUR = 3_600_000;

const round = (ms) => Number(ms.toFixed(1));

// ---- Local D1 -----------------------------------------------------------------------------------------------------

/** Runs SQL through a file against local D1; returns the file's size in bytes. */
function executeSql(persistTo, statements) {
  const dir = mkdtempSync(join(tmpdir(), "bench-compliance-"));
  try {
    const file = join(dir, "compliance.sql");
    const text = statements.join("\n");
    writeFileSync(file, text);
    execFileSync(npxBin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file], { env: offlineEnv, stdio: "ignore" });
    return Buffer.byteLength(text);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function workspaceSql(workspaceId, name, now) {
  return [
    `INSERT INTO workspaces (id, name, jurisdiction, plan, trial_ends_at, created_by, created_at) VALUES (${q(workspaceId)}, ${q(name)}, 'California, USA', 'trial', ${now + 30 * DAY}, ${q(OWNER)}, ${now});`,
    ...ACTORS.map(
      (userId, i) =>
        `INSERT INTO memberships (id, workspace_id, user_id, role, created_at) VALUES (${q(randomUUID())}, ${q(workspaceId)}, ${q(userId)}, ${q(["owner", "co_trustee", "beneficiary", "legal_professional"][i])}, ${now + i});`,
    ),
  ];
}

/** The workspace and its sealed chain, ROWS_PER_FILE rows per SQL file; the server is not running yet. */
function seedAuditChain(persistTo, workspaceId) {
  const started = performance.now();
  const now = Date.now();
  executeSql(persistTo, workspaceSql(workspaceId, "Bench Audit Trust", now));
  const entries = sealedAuditEntries({ workspaceId, count: AUDIT_ENTRIES, startMs: now - 3 * 365 * DAY, endMs: now - HOUR });
  let bytes = 0;
  let head = null;
  for (let done = 0; done < AUDIT_ENTRIES;) {
    const rows = [];
    for (let n = 0; n < ROWS_PER_FILE && done < AUDIT_ENTRIES; n++, done++) {
      head = entries.next().value;
      rows.push(auditRowSql(head));
    }
    bytes += executeSql(persistTo, insertStatements("audit_log", AUDIT_COLUMNS, rows));
    console.log(
      `  audit_log: ${done.toLocaleString("en-US")} of ${AUDIT_ENTRIES.toLocaleString("en-US")} rows written (${Math.round((performance.now() - started) / 1000)} s)`,
    );
  }
  return { seconds: round((performance.now() - started) / 1000), sqlMB: Number((bytes / 1024 / 1024).toFixed(1)), head: { seq: head.seq, hash: head.hash } };
}

// ---- Requests -----------------------------------------------------------------------------------------------------

const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50ms: sorted.length ? round(percentile(sorted, 50)) : null,
    p99ms: sorted.length ? round(percentile(sorted, 99)) : null,
    minMs: sorted.length ? round(sorted[0]) : null,
  };
}

/** One warm-up, then RUNS timed requests; each must answer 200 (and the expected type). Keeps the last body. */
async function measure(server, cookie, failures, name, path, type) {
  const times = [];
  let bytes = null;
  let last = null;
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    let status;
    let body;
    let contentType = "";
    try {
      const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
      body = new Uint8Array(await response.arrayBuffer());
      status = response.status;
      contentType = response.headers.get("content-type") ?? "";
    } catch (error) {
      status = `fetch failed: ${error.cause?.message ?? error.message}`;
    }
    const ms = performance.now() - started;
    if (status !== 200 || (type && !contentType.startsWith(type))) {
      const text = body ? new TextDecoder().decode(body.slice(0, 500)) : "";
      failures.push({ scenario: name, run: i, status, type: contentType, ms: round(ms), body: text });
      console.error(`Compliance: ${name} run ${i}: ${status} ${contentType} after ${round(ms)} ms ${text}`);
      if (typeof status !== "number") break;
      continue;
    }
    bytes = body.length;
    last = body;
    if (i > 0) times.push(ms);
  }
  return { path, ...stats(times), bytes, last: last && type === "application/json" ? JSON.parse(new TextDecoder().decode(last)) : null };
}

/**
 * The cron's walk, run after run. GET /__scheduled answers as soon as the handler has queued its work (waitUntil),
 * so each run is timed until the chain's row in audit_chain_checks moves, and the next run starts only then.
 */
async function cronWalk(server, persistTo, chain, total) {
  const state = () =>
    readLocalD1(
      persistTo,
      `SELECT cursor_seq AS cursorSeq, checked_at AS checkedAt, ok, entries, head_seq AS headSeq, broken_seq AS brokenSeq FROM audit_chain_checks WHERE chain = ${q(chain)}`,
    )[0] ?? null;
  const key = (s) => (s ? `${s.cursorSeq}:${s.checkedAt}` : "none");
  const runs = [];
  let before = state();
  for (let run = 1; run <= MAX_CRON_RUNS; run++) {
    const started = performance.now();
    const response = await fetch(`${server.url}/__scheduled?cron=${encodeURIComponent(CRON)}`);
    await response.text();
    const answeredMs = performance.now() - started;
    let after = state();
    while (key(after) === key(before) && performance.now() - started < STUCK_MS) {
      await sleep(100);
      after = state();
    }
    const ms = performance.now() - started;
    const done = after?.checkedAt != null && after.cursorSeq == null;
    const reached = done ? after.headSeq : (after?.cursorSeq ?? 0);
    runs.push({ run, status: response.status, answeredMs: round(answeredMs), ms: round(ms), walked: reached - (before?.cursorSeq ?? 0), reached, done });
    if (key(after) === key(before)) {
      // Locally the work runs in the /__scheduled request's waitUntil, which the runtime may cut short.
      console.error(`Compliance: cron run ${run} did not move the walk in ${STUCK_MS / 1000} s (see the server's output)`);
      break;
    }
    before = after;
    if (done) break;
  }
  const final = before;
  const ms = runs.reduce((sum, r) => sum + r.ms, 0);
  return {
    runs,
    complete: final?.checkedAt != null && final.cursorSeq == null,
    ok: final?.ok === 1,
    entries: final?.entries ?? null,
    brokenSeq: final?.brokenSeq ?? null,
    totalMs: round(ms),
    msPerRun: runs.length ? round(ms / runs.length) : null,
    entriesPerSecond: final?.entries ? Math.round(final.entries / (ms / 1000)) : null,
    expectedEntries: total,
  };
}

export async function benchCompliance() {
  const persistTo = mkdtempSync(join(tmpdir(), "bench-compliance-"));
  const failures = [];
  const auditWorkspace = randomUUID();
  const itemsWorkspace = randomUUID();
  console.log(`Compliance: seeding ${AUDIT_ENTRIES.toLocaleString("en-US")} sealed audit entries (the server starts after)`);
  migrate(persistTo);
  seed(persistTo);
  const audit = seedAuditChain(persistTo, auditWorkspace);
  // The duties are written before the server starts too: wrangler writing to the local D1 under a running server
  // closed the server's connections.
  const now = Date.now();
  const { rows, expected } = complianceItemRows({ workspaceId: itemsWorkspace, count: ITEMS, now });
  executeSql(persistTo, [
    ...workspaceSql(itemsWorkspace, "Bench Compliance Trust", now),
    ...insertStatements("compliance_items", ITEM_COLUMNS, rows),
    `INSERT INTO trust_profiles (workspace_id, overrides, updated_by, updated_at, synced_at) VALUES (${q(itemsWorkspace)}, '{}', ${q(OWNER)}, ${now}, ${now}) ON CONFLICT(workspace_id) DO UPDATE SET synced_at = excluded.synced_at;`,
  ]);
  const server = await startServer({ port: PORT, persistTo, testScheduled: true });
  let serverLog = "";
  const keep = (d) => (serverLog = (serverLog + d).slice(-20_000));
  server.child.stdout?.on("data", keep);
  server.child.stderr?.on("data", keep);
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    });
    if (!login.ok) throw new Error(`POST /api/auth/login: ${login.status} ${await login.text()}`);
    const cookie = login.headers.getSetCookie()[0].split(";")[0];
    const switchTo = async (workspaceId) => {
      const response = await fetch(`${server.url}/api/workspaces/switch`, {
        method: "POST",
        headers: { cookie, Origin: server.url, "Content-Type": "application/json" },
        body: JSON.stringify({ workspaceId }),
      });
      if (!response.ok) throw new Error(`POST /api/workspaces/switch: ${response.status} ${await response.text()}`);
    };

    // a. The chain: on demand (one request walks what its budget allows), then the cron's walk to the end.
    // The switch is audited into this chain after the seeded head: the chain the walks see is a few entries longer.
    await switchTo(auditWorkspace);
    const verify = await measure(server, cookie, failures, "GET /api/audit/verify", "/api/audit/verify", "application/json");
    const answer = verify.last ?? {};
    delete verify.last;
    Object.assign(verify, {
      ok: answer.ok ?? null,
      complete: answer.complete ?? null,
      entries: answer.entries ?? null,
      headSeq: answer.head?.seq ?? null,
      entriesPerSecond: answer.entries && verify.p50ms ? Math.round(answer.entries / (verify.p50ms / 1000)) : null,
      d1Reads: answer.entries ? Math.ceil(answer.entries / VERIFY_SLICE) : null,
    });
    if (answer.ok !== true) failures.push({ scenario: "GET /api/audit/verify", status: "chain reported broken", body: JSON.stringify(answer).slice(0, 500) });
    console.log(`Compliance: GET /api/audit/verify p50 ${verify.p50ms} ms, walked ${verify.entries} (complete: ${verify.complete}, ok: ${verify.ok})`);
    const cron = await cronWalk(server, persistTo, auditWorkspace, AUDIT_ENTRIES);
    console.log(`Compliance: cron walk ${cron.complete ? "complete" : "NOT complete"} in ${cron.runs.length} run(s), ${cron.totalMs} ms`);
    if (!cron.complete || !cron.ok) failures.push({ scenario: "cron walk", status: cron.complete ? "broken" : "incomplete", body: JSON.stringify(cron.runs) });

    // b. 5,000 duties, seeded before the server started and synced then (ensureSynced recomputes nothing).
    await switchTo(itemsWorkspace);
    const syncedAt = () => readLocalD1(persistTo, `SELECT synced_at AS at FROM trust_profiles WHERE workspace_id = ${q(itemsWorkspace)}`)[0]?.at ?? null;
    const syncedBefore = syncedAt();
    const today = Date.parse(`${isoDay(now)}T00:00:00Z`);
    const year = `from=${isoDay(today - 182 * DAY)}&to=${isoDay(today + 183 * DAY)}`;
    const reads = {};
    for (const [name, path, type] of [
      ["/compliance-health page (HTML)", "/compliance-health", "text/html"],
      ["/compliance-health.data", "/compliance-health.data", null],
      ["GET /api/compliance/health", "/api/compliance/health", "application/json"],
      ["GET /api/compliance/items (a year)", `/api/compliance/items?${year}`, "application/json"],
    ]) {
      const r = await measure(server, cookie, failures, name, path, type);
      if (r.last?.items) r.items = r.last.items.length;
      if (r.last && "score" in r.last) {
        const h = r.last;
        r.health = { score: h.score, total: h.total, due: h.due, overdue: h.overdue, overdueListed: h.overdueItems?.length, calendar: h.calendar?.length };
        if (h.total !== expected.total) failures.push({ scenario: name, status: `total ${h.total}, ${expected.total} seeded` });
      }
      delete r.last;
      reads[name] = r;
    }
    const resynced = syncedAt() !== syncedBefore;
    if (resynced) console.warn("Compliance: the duties were recomputed during the runs (a new UTC day, or a document changed): the times include it");

    const size = (b) => (b === null ? "-" : b >= 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(2)} MB` : `${(b / 1024).toFixed(1)} KB`);
    const n = (x) => (x ?? "-").toLocaleString("en-US");
    console.log(
      `Compliance: ${n(AUDIT_ENTRIES)} sealed audit entries seeded in ${audit.seconds} s (${audit.sqlMB} MB of SQL); ${RUNS} run(s) each after a warm-up`,
    );
    console.log(
      `  GET /api/audit/verify: p50 ${verify.p50ms} ms, p99 ${verify.p99ms} ms, min ${verify.minMs} ms; walked ${n(verify.entries)} entries (complete: ${verify.complete}, ok: ${verify.ok}), ${n(verify.entriesPerSecond)} entries/s, ${n(verify.d1Reads)} D1 reads`,
    );
    if (verify.complete === false) {
      const fullMs = verify.p50ms * (AUDIT_ENTRIES / verify.entries);
      console.log(
        `  → on demand, one request stops at ${n(verify.entries)} of ${n(audit.head.seq)}+ entries (its budget); a full walk in one request would take about ${round(fullMs / 1000)} s here and ${n(Math.ceil(audit.head.seq / VERIFY_SLICE))} D1 reads (limit ${n(D1_QUERIES_PER_INVOCATION)} per invocation on Workers Paid, 50 on Free)`,
      );
    }
    for (const r of cron.runs)
      console.log(
        `  cron run ${r.run}: ${r.ms} ms (answered in ${r.answeredMs} ms), walked ${n(r.walked)} to seq ${n(r.reached)}${r.done ? ", walk complete" : ""}`,
      );
    console.log(
      `  cron walk: ${cron.complete ? "complete" : "NOT complete"} in ${cron.runs.length} run(s), ${cron.totalMs} ms in all, ok: ${cron.ok}, ${n(cron.entries)} entries, ${cron.msPerRun} ms a run, ${n(cron.entriesPerSecond)} entries/s`,
    );
    console.log(`Compliance health: ${n(ITEMS)} duties (${n(expected.due)} fallen due, ${n(expected.overdue)} open past due)`);
    console.log(`  ${"request".padEnd(36)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"min ms".padStart(8)} ${"size".padStart(10)}`);
    for (const [name, r] of Object.entries(reads))
      console.log(
        `  ${name.padEnd(36)} ${String(r.p50ms ?? "-").padStart(8)} ${String(r.p99ms ?? "-").padStart(8)} ${String(r.minMs ?? "-").padStart(8)} ${size(r.bytes).padStart(10)}${r.items === undefined ? "" : `  ${r.items} items`}`,
      );
    const h = reads["GET /api/compliance/health"]?.health;
    if (h) console.log(`  health: score ${h.score}, ${h.total} items, ${h.overdue} overdue (${h.overdueListed} listed), ${h.calendar} in the calendar`);
    if (failures.length) console.error(`Compliance: ${failures.length} failure(s). The server's last output:\n${serverLog.slice(-4000)}`);
    return { auditEntries: AUDIT_ENTRIES, items: ITEMS, runs: RUNS, seed: audit, verify, cron, reads, expected, resynced, failures };
  } catch (error) {
    console.error(`Compliance bench stopped: ${error.message}. The server's last output:\n${serverLog.slice(-4000)}`);
    throw error;
  } finally {
    server.child.stdout?.off("data", keep);
    server.child.stderr?.off("data", keep);
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
}
