// Fiduciary accounting benchmarks for `npm run bench` (BENCH_ONLY=finance): a trust with 50,000 categorised
// transactions over one calendar year and 100 other assets, and the reads that go over all of it: the accounting
// as JSON, PDF and CSV (zip), the overview, the /financial page and its data, and the K-1 worksheets
// (p50/p99/min of a few sequential runs each, the response sizes and the workerd processes' memory).
import { execFile, execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { PDFDocument } from "pdf-lib";
import { DEMO, npxBin, offlineEnv } from "./lib.mjs";

const TRANSACTIONS = 50_000;
const ASSETS = 100;
/** Measured runs per request, after one warm-up. */
const RUNS = Number(process.env.BENCH_FINANCE_RUNS ?? 5);
/** The year the books cover: by default the last complete one (the year a K-1 and an annual accounting are for). */
const YEAR = Number(process.env.BENCH_FINANCE_YEAR ?? new Date().getUTCFullYear() - 1);
const round = (ms) => Number(ms.toFixed(1));
const sql = (v) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

// The demo family (app/modules/workspaces/demo-family.ts, seeded by scripts/seed.ts), members of the bench's own
// workspace too, so that the banking bench's ledger in the demo workspace does not count here.
const MEMBERS = [
  { id: "a1f4c2e0-0001-4c6e-8d2a-5b7e9f100001", role: "owner", share: null },
  { id: "a1f4c2e0-0002-4c6e-8d2a-5b7e9f100002", role: "co_trustee", share: 4000 },
  { id: "a1f4c2e0-0003-4c6e-8d2a-5b7e9f100003", role: "beneficiary", share: 2000 },
  { id: "a1f4c2e0-0004-4c6e-8d2a-5b7e9f100004", role: "legal_professional", share: null },
  { id: "a1f4c2e0-0005-4c6e-8d2a-5b7e9f100005", role: "family_member", share: 4000 },
];
const OWNER = MEMBERS[0].id;
/** Who distributions are paid to: James, Sophie, Daniel, and one in four to nobody recorded. */
const DISTRIBUTEES = [MEMBERS[1].id, MEMBERS[2].id, MEMBERS[4].id, null];

/** The categories in use, each on its default side (app/modules/banking/categories.ts), with the money's direction and size. */
const CATEGORIES = [
  { category: "dividends", side: "income", sign: 1, base: 25_000, spread: 400_000, payees: ["VANGUARD TOTAL STOCK DIV", "BAYVIEW SECURITIES DIV"] },
  { category: "interest", side: "income", sign: 1, base: 500, spread: 60_000, payees: ["INTEREST PAID", "TREASURY BILL COUPON"] },
  { category: "rent", side: "income", sign: 1, base: 180_000, spread: 250_000, payees: ["RENT 12 HARBOR ST UNIT", "RENT 41 CEDAR CREST LN"] },
  { category: "taxes", side: "income", sign: -1, base: 20_000, spread: 300_000, payees: ["ALAMEDA COUNTY PROPERTY TAX", "FRANCHISE TAX BOARD"] },
  { category: "insurance", side: "income", sign: -1, base: 10_000, spread: 90_000, payees: ["STATE FARM PREMIUM", "CHUBB HOMEOWNERS"] },
  { category: "repairs", side: "income", sign: -1, base: 5_000, spread: 150_000, payees: ["BAY AREA ROOFING", "ACME PLUMBING SERVICE"] },
  { category: "utilities", side: "income", sign: -1, base: 3_000, spread: 40_000, payees: ["PG&E AUTOPAY", "EBMUD WATER"] },
  { category: "bank_fees", side: "income", sign: -1, base: 100, spread: 3_500, payees: ["WIRE FEE", "MONTHLY SERVICE FEE"] },
  { category: "professional_fees", side: "principal", sign: -1, base: 25_000, spread: 250_000, payees: ["CHEN LAW LLP", "HARBOR CPA GROUP"] },
  { category: "trustee_compensation", side: "principal", sign: -1, base: 50_000, spread: 150_000, payees: ["TRUSTEE FEE ELEANOR HARTWELL"] },
  { category: "distribution", side: "income", sign: -1, base: 20_000, spread: 300_000, payees: ["TRANSFER TO BENEFICIARY", "TUITION PAYMENT"] },
  { category: "transfer", side: "principal", sign: 0, base: 100_000, spread: 1_000_000, payees: ["ONLINE TRANSFER BROKERAGE", "SWEEP TO MONEY MARKET"] },
];
const AGENTS = { professional_fees: "Chen Law LLP", trustee_compensation: "Eleanor Hartwell" };
const KINDS = ["securities", "real_estate", "business_interest", "personal_property", "receivable", "liability"];

/** Runs a SQL file against local D1 (statements stay under D1's 100 KB). */
function executeSql(persistTo, statements) {
  const dir = mkdtempSync(join(tmpdir(), "bench-finance-"));
  try {
    const file = join(dir, "finance.sql");
    writeFileSync(file, statements.join("\n"));
    execFileSync(npxBin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file], { env: offlineEnv, stdio: "ignore" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A workspace of its own, with the demo family as its members (the demo owner owns it). */
function workspaceSql(workspaceId, now) {
  return [
    `INSERT INTO workspaces (id, name, jurisdiction, plan, trial_ends_at, created_by, created_at) VALUES (${sql(workspaceId)}, 'Bench Family Trust', 'California, USA', 'trial', ${now + 30 * 86_400_000}, ${sql(OWNER)}, ${now});`,
    ...MEMBERS.map(
      (m, i) =>
        `INSERT INTO memberships (id, workspace_id, user_id, role, beneficial_share_bp, created_at) VALUES (${sql(randomUUID())}, ${sql(workspaceId)}, ${sql(m.id)}, ${sql(m.role)}, ${sql(m.share)}, ${now + i});`,
    ),
  ];
}

/** The year's days the transactions fall on: all of a past year, this year up to today. */
function daysOfYear() {
  const start = Date.UTC(YEAR, 0, 1);
  const end = Math.min(Date.UTC(YEAR, 11, 31), Date.parse(new Date().toISOString().slice(0, 10)));
  return Math.max(1, Math.round((end - start) / 86_400_000) + 1);
}

/** 50,000 categorised transactions, oldest first, evenly over the year. */
function transactionsSql(workspaceId, accountId, now) {
  const days = daysOfYear();
  let distributions = 0;
  const rows = Array.from({ length: TRANSACTIONS }, (_, i) => {
    const c = CATEGORIES[(i * 7) % CATEGORIES.length];
    const day = new Date(Date.UTC(YEAR, 0, 1) + Math.floor((i * days) / TRANSACTIONS) * 86_400_000).toISOString().slice(0, 10);
    const sign = c.sign === 0 ? (i % 2 ? -1 : 1) : c.sign;
    const amount = sign * (c.base + ((i * 7919) % c.spread));
    const payee = c.payees[i % c.payees.length];
    const beneficiary = c.category === "distribution" ? DISTRIBUTEES[distributions++ % DISTRIBUTEES.length] : null;
    const party = AGENTS[c.category] ?? null;
    return `(${sql(randomUUID())}, ${sql(workspaceId)}, ${sql(accountId)}, ${sql(day)}, ${sql(`${payee} ${100_000 + i}`)}, ${sql(payee)}, ${amount}, 'USD', ${sql(c.category)}, ${sql(c.side)}, ${sql(beneficiary)}, ${sql(party)}, 'accounted', 1, ${now + i}, ${now + i})`;
  });
  const statements = [];
  for (let i = 0; i < rows.length; i += 200) {
    statements.push(
      `INSERT INTO bank_transactions (id, workspace_id, account_id, posted_on, description, payee, amount_minor, currency, category, principal_or_income, beneficiary_user_id, responsible_name, status, cleared, created_at, updated_at) VALUES ${rows.slice(i, i + 200).join(",\n")};`,
    );
  }
  return statements;
}

/** 100 assets of every kind but cash, each with two or three valuations; a few acquired or sold during the year. */
function assetsSql(workspaceId, now) {
  const statements = [];
  let valuations = 0;
  for (let n = 0; n < ASSETS; n++) {
    const kind = KINDS[n % KINDS.length];
    const id = randomUUID();
    const boughtInYear = n % 10 === 9;
    const acquiredOn = boughtInYear
      ? `${YEAR}-${String(1 + (n % 6)).padStart(2, "0")}-15`
      : `${YEAR - 2 - (n % 15)}-${String(1 + (n % 12)).padStart(2, "0")}-${String(1 + (n % 28)).padStart(2, "0")}`;
    const cost = 1_000_000 + ((n * 104_729) % 90_000_000);
    const sold = kind !== "liability" && n % 25 === 7;
    const name = `${kind.replace("_", " ")} ${n + 1}: ${["Harbor", "Cedar", "Bayview", "Oak Ridge", "Marina"][n % 5]} holding`;
    statements.push(
      `INSERT INTO finance_assets (id, workspace_id, name, kind, bank_account_id, description, currency, acquired_on, disposed_on, disposal_proceeds_minor, created_by, created_at) VALUES (${sql(id)}, ${sql(workspaceId)}, ${sql(name)}, ${sql(kind)}, NULL, ${sql(`Bench asset ${n + 1}`)}, 'USD', ${sql(acquiredOn)}, ${sql(sold ? `${YEAR}-08-20` : null)}, ${sold ? Math.round(cost * 1.3) : "NULL"}, ${sql(OWNER)}, ${now + n});`,
    );
    const growth = kind === "liability" ? 0.9 : 1 + (n % 7) / 10;
    const values = [[acquiredOn, cost, cost, "manual", "Purchase price"]];
    if (boughtInYear) values.push([`${YEAR}-12-31`, cost, Math.round(cost * growth), "statement", "Year-end statement"]);
    else {
      values.push([`${YEAR - 1}-12-31`, kind === "liability" ? Math.round(cost * growth) : cost, Math.round(cost * growth), "appraisal", "Annual appraisal"]);
      if (n % 2 === 0)
        values.push([
          `${YEAR}-09-30`,
          kind === "liability" ? Math.round(cost * growth * 0.95) : cost,
          Math.round(cost * growth * 1.05),
          "statement",
          "Quarterly statement",
        ]);
    }
    for (const [valuedOn, carrying, current, source, note] of values) {
      valuations += 1;
      statements.push(
        `INSERT INTO finance_valuations (id, asset_id, workspace_id, valued_on, carrying_minor, current_minor, source, note, created_by, created_at) VALUES (${sql(randomUUID())}, ${sql(id)}, ${sql(workspaceId)}, ${sql(valuedOn)}, ${carrying}, ${current}, ${sql(source)}, ${sql(note)}, ${sql(OWNER)}, ${now + valuations});`,
      );
    }
  }
  return { statements, valuations };
}

const run = promisify(execFile);
/** The resident memory of the local workerd processes, in MiB (the Worker's isolate lives in one of them); async, so sampling does not stall the client. */
async function workerdMemoryMiB() {
  try {
    const { stdout } = await run("ps", ["-C", "workerd", "-o", "rss="]);
    return Math.round(
      stdout
        .split("\n")
        .filter(Boolean)
        .reduce((sum, kb) => sum + Number(kb), 0) / 1024,
    );
  } catch {
    return null;
  }
}

/** Nearest-rank percentile of a sorted list (with a handful of runs, p99 is the slowest). */
const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];

export async function benchFinance({ server, persistTo }) {
  // The server's own output from here on, to show what happened if a request fails.
  let serverLog = "";
  const keep = (d) => (serverLog = (serverLog + d).slice(-20_000));
  server.child.stdout?.on("data", keep);
  server.child.stderr?.on("data", keep);

  // The workspace, then the owner's own session in it, then the account through the API, then the books straight into D1.
  const now = Date.now();
  const workspaceId = randomUUID();
  executeSql(persistTo, workspaceSql(workspaceId, now));
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  });
  if (!login.ok) throw new Error(`POST /api/auth/login: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie()[0].split(";")[0];
  const api = async (method, path, body) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { cookie, Origin: server.url, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  await api("POST", "/api/workspaces/switch", { workspaceId });
  const { id: accountId } = await api("POST", "/api/banking/accounts", {
    name: "Trust operating",
    institution: "Bench Bank",
    type: "checking",
    currency: "USD",
    lastFour: "4321",
    openingBalanceMinor: 250_000_000,
    openingOn: `${YEAR - 1}-01-01`,
  });
  const seedStarted = performance.now();
  const assets = assetsSql(workspaceId, now);
  executeSql(persistTo, [...transactionsSql(workspaceId, accountId, now), ...assets.statements]);
  const seedSeconds = round((performance.now() - seedStarted) / 1000);

  const period = `from=${YEAR}-01-01&to=${YEAR}-12-31`;
  const scenarios = [
    { name: "accounting JSON", path: `/api/finance/accounting?${period}`, type: "application/json" },
    { name: "accounting PDF", path: `/api/finance/accounting?${period}&format=pdf`, type: "application/pdf" },
    { name: "accounting CSV (zip)", path: `/api/finance/accounting?${period}&format=csv`, type: "application/zip" },
    { name: "overview API", path: "/api/finance/overview", type: "application/json" },
    { name: "/financial page (HTML)", path: "/financial", type: "text/html" },
    { name: "/financial.data", path: "/financial.data" },
    { name: "K-1 worksheets", path: `/api/tax/k1?year=${YEAR}`, type: "application/json" },
  ];
  const failures = [];
  const reads = {};
  const memoryBefore = await workerdMemoryMiB();
  let pdfBytes = null;
  for (const s of scenarios) {
    const times = [];
    let bytes = null;
    let peak = (await workerdMemoryMiB()) ?? 0;
    let sampling = false;
    const sampler = setInterval(async () => {
      if (sampling) return;
      sampling = true;
      peak = Math.max(peak, (await workerdMemoryMiB()) ?? 0);
      sampling = false;
    }, 100);
    // One warm-up, then the measured runs; every response must be a 200 of the expected type.
    for (let i = 0; i <= RUNS; i++) {
      const started = performance.now();
      let status;
      let body;
      let type = "";
      try {
        const response = await fetch(`${server.url}${s.path}`, { headers: { cookie } });
        body = new Uint8Array(await response.arrayBuffer());
        status = response.status;
        type = response.headers.get("content-type") ?? "";
      } catch (error) {
        status = `fetch failed: ${error.cause?.message ?? error.message}`;
      }
      const ms = performance.now() - started;
      if (status !== 200 || (s.type && !type.startsWith(s.type))) {
        const text = body ? new TextDecoder().decode(body.slice(0, 500)) : "";
        failures.push({ scenario: s.name, run: i, status, type, ms: round(ms), body: text });
        console.error(`Finance: ${s.name} run ${i}: ${status} ${type} after ${round(ms)} ms ${text}`);
        if (typeof status !== "number") break; // the Worker is gone: no point in asking again
        continue;
      }
      bytes = body.length;
      if (s.name === "accounting PDF") pdfBytes = body;
      if (i > 0) times.push(ms);
    }
    clearInterval(sampler);
    peak = Math.max(peak, (await workerdMemoryMiB()) ?? 0);
    const sorted = times.sort((a, b) => a - b);
    reads[s.name] = {
      path: s.path,
      runs: sorted.length,
      p50ms: sorted.length ? round(percentile(sorted, 50)) : null,
      p99ms: sorted.length ? round(percentile(sorted, 99)) : null,
      minMs: sorted.length ? round(sorted[0]) : null,
      bytes,
      workerdPeakMiB: peak || null,
    };
  }
  const memoryAfter = await workerdMemoryMiB();
  let pdfPages = null;
  if (pdfBytes) {
    try {
      pdfPages = (await PDFDocument.load(pdfBytes, { updateMetadata: false })).getPageCount();
    } catch (error) {
      failures.push({ scenario: "accounting PDF", status: "unreadable PDF", body: error.message });
    }
  }

  const size = (b) => (b === null ? "-" : b >= 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(2)} MB` : `${(b / 1024).toFixed(1)} KB`);
  console.log(
    `Finance: ${TRANSACTIONS.toLocaleString("en-US")} transactions in ${YEAR} and ${ASSETS} assets (${assets.valuations} valuations), seeded in ${seedSeconds} s; ${RUNS} run${RUNS === 1 ? "" : "s"} each after a warm-up`,
  );
  console.log(
    `  ${"request".padEnd(24)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"min ms".padStart(8)} ${"size".padStart(10)} ${"workerd peak".padStart(13)}`,
  );
  for (const [name, r] of Object.entries(reads)) {
    console.log(
      `  ${name.padEnd(24)} ${String(r.p50ms ?? "-").padStart(8)} ${String(r.p99ms ?? "-").padStart(8)} ${String(r.minMs ?? "-").padStart(8)} ${size(r.bytes).padStart(10)} ${`${r.workerdPeakMiB ?? "-"} MiB`.padStart(13)}`,
    );
  }
  console.log(`  PDF: ${size(pdfBytes?.length ?? null)}, ${pdfPages ?? "?"} pages; workerd memory ${memoryBefore} → ${memoryAfter} MiB`);
  if (failures.length) {
    console.error(`Finance: ${failures.length} request(s) failed. The server's last output:\n${serverLog.slice(-4000)}`);
  }
  server.child.stdout?.off("data", keep);
  server.child.stderr?.off("data", keep);
  return {
    year: YEAR,
    transactions: TRANSACTIONS,
    assets: ASSETS,
    valuations: assets.valuations,
    runs: RUNS,
    seedSeconds,
    reads,
    pdf: { bytes: pdfBytes?.length ?? null, pages: pdfPages },
    workerdMemory: { beforeMiB: memoryBefore, afterMiB: memoryAfter },
    failures,
  };
}
