// Trust banking benchmarks for `npm run bench` (issue 16): importing a 10,000-row CSV (preview and
// commit, with the Worker's memory), and the transactions API and reconciliation page over an account
// with 50,000 transactions (p50/p99).
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { npxBin, offlineEnv } from "./lib.mjs";

const WORKSPACE_ID = "8f0c2a64-6c1e-4d4e-9a51-3f1b2c7d9e01"; // the demo workspace (scripts/seed.ts)
const IMPORT_ROWS = 10_000;
const LEDGER_ROWS = 50_000;
const round = (ms) => Number(ms.toFixed(1));

async function api(server, cookie, method, path, body) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, Origin: server.url, ...(body && !(body instanceof FormData) ? { "Content-Type": "application/json" } : {}) },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The resident memory of the local workerd processes, in MiB (the Worker's isolate lives in one of them). */
function workerdMemoryMiB() {
  try {
    const out = execFileSync("ps", ["-C", "workerd", "-o", "rss="], { encoding: "utf8" });
    return Math.round(
      out
        .split("\n")
        .filter(Boolean)
        .reduce((sum, kb) => sum + Number(kb), 0) / 1024,
    );
  } catch {
    return null;
  }
}

function statementCsv() {
  const lines = ["Date,Description,Amount,Reference"];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const day = new Date(Date.UTC(2025, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10);
    const cents = (i % 2 ? -1 : 1) * (1000 + ((i * 7919) % 500_000));
    lines.push(`${day},BENCH PAYEE ${i % 300} INVOICE ${i},${(cents / 100).toFixed(2)},BENCH-${i}`);
  }
  return lines.join("\n");
}

/** 50,000 transactions written straight into an account (a SQL file, as the seed does; D1 statements stay under 100 KB). */
function fillLedger(persistTo, accountId) {
  const now = Date.now();
  const rows = Array.from({ length: LEDGER_ROWS }, (_, i) => {
    const day = new Date(Date.UTC(2020, 0, 1) + (i % 2400) * 86_400_000).toISOString().slice(0, 10);
    const status = i % 3 === 0 ? "'unreviewed'" : "'accounted'";
    return `('${randomUUID()}', '${WORKSPACE_ID}', '${accountId}', '${day}', 'LEDGER ENTRY ${i}', ${(i % 2 ? -1 : 1) * (500 + i)}, 'USD', ${status}, 1, ${now}, ${now})`;
  });
  const statements = [];
  for (let i = 0; i < rows.length; i += 300) {
    statements.push(
      `INSERT INTO bank_transactions (id, workspace_id, account_id, posted_on, description, amount_minor, currency, status, cleared, created_at, updated_at) VALUES ${rows.slice(i, i + 300).join(",\n")};`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), "bank-ledger-"));
  try {
    const file = join(dir, "ledger.sql");
    writeFileSync(file, statements.join("\n"));
    execFileSync(npxBin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file], { env: offlineEnv, stdio: "ignore" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const account = (server, cookie, name) =>
  api(server, cookie, "POST", "/api/banking/accounts", {
    name,
    institution: "Bench Bank",
    type: "checking",
    currency: "USD",
    lastFour: "1234",
    openingBalanceMinor: 100_000,
    openingOn: "2020-01-01",
  });

export async function benchBanking({ server, cookie, persistTo, duration }) {
  // A 10,000-row CSV: upload and preview, then the commit in one batch.
  const { id: importAccount } = await account(server, cookie, "Import bench");
  const csv = statementCsv();
  const form = new FormData();
  form.set("file", new Blob([csv], { type: "text/csv" }), "bench.csv");
  const memoryBefore = workerdMemoryMiB();
  let memoryPeak = memoryBefore ?? 0;
  const sampler = setInterval(() => (memoryPeak = Math.max(memoryPeak, workerdMemoryMiB() ?? 0)), 50);
  const started = performance.now();
  const preview = await api(server, cookie, "POST", `/api/banking/accounts/${importAccount}/imports`, form);
  const previewed = performance.now();
  const committed = await api(server, cookie, "POST", `/api/banking/imports/${preview.importId}/commit`, {});
  const done = performance.now();
  clearInterval(sampler);
  const importResult = {
    rows: IMPORT_ROWS,
    fileKB: Math.round(csv.length / 1024),
    previewMs: round(previewed - started),
    commitMs: round(done - previewed),
    totalMs: round(done - started),
    imported: committed.imported,
    workerdMemoryBeforeMiB: memoryBefore,
    workerdMemoryPeakMiB: memoryPeak || null,
  };
  console.log(
    `Banking: ${IMPORT_ROWS.toLocaleString("en-US")}-row CSV (${importResult.fileKB} KB) preview ${importResult.previewMs} ms + commit ${importResult.commitMs} ms = ${importResult.totalMs} ms, ${importResult.imported} imported; workerd memory ${memoryBefore} → peak ${memoryPeak} MiB`,
  );

  // An account with 50,000 transactions: its newest page through the API and the page people read.
  const { id: ledgerAccount } = await account(server, cookie, "Ledger bench");
  fillLedger(persistTo, ledgerAccount);
  const reads = {};
  for (const [name, path, connections] of [
    ["transactions API, 1 connection", `/api/banking/accounts/${ledgerAccount}/transactions`, 1],
    ["transactions API, 10 connections", `/api/banking/accounts/${ledgerAccount}/transactions`, 10],
    ["unaccounted only, 10 connections", `/api/banking/accounts/${ledgerAccount}/transactions?unaccounted=1`, 10],
    ["reconciliation page, 10 connections", `/transaction-reconciliation?account=${ledgerAccount}`, 10],
  ]) {
    const r = await autocannon({ url: `${server.url}${path}`, headers: { cookie }, connections, duration });
    reads[name] = { requestsPerSecond: Math.round(r.requests.average), p50ms: r.latency.p50, p99ms: r.latency.p99, non2xx: r.non2xx };
    console.log(
      `Banking: ${LEDGER_ROWS.toLocaleString("en-US")}-transaction account, ${name} ${reads[name].requestsPerSecond} req/s p50 ${reads[name].p50ms} ms p99 ${reads[name].p99ms} ms (non-2xx ${reads[name].non2xx})`,
    );
  }
  return { import: importResult, reads };
}
