// Document benchmarks for `npm run bench`: streaming upload throughput and the Worker's memory for
// 5 MB and 50 MB files, full-text search over 10,000 generated documents, the recent list, and versions
// (adding one to a long instrument, comparing two readings, listing the history).
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { npxBin, offlineEnv, workerdRssMb } from "./lib.mjs";

const WORKSPACE_ID = "8f0c2a64-6c1e-4d4e-9a51-3f1b2c7d9e01"; // the demo workspace (scripts/seed.ts)
const OWNER_ID = "a1f4c2e0-0001-4c6e-8d2a-5b7e9f100001";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * One upload through the whole path (sniff, hash, R2). The body starts like a PNG so that no
 * analysis job runs meanwhile (pictures wait for the browser's OCR): the memory measured is the
 * upload's alone. Uploads are spaced so one's aftermath does not count in the next.
 */
async function measureUpload(server, cookie, megabytes) {
  const body = Buffer.alloc(megabytes * 1024 * 1024, 0x5a);
  PNG_SIGNATURE.copy(body, 0);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const before = workerdRssMb(server.child.pid);
  let peak = before ?? 0;
  const sampler = setInterval(() => {
    const now = workerdRssMb(server.child.pid);
    if (now !== null) peak = Math.max(peak, now);
  }, 25);
  const started = performance.now();
  const response = await fetch(`${server.url}/api/documents?fileName=bench-${megabytes}mb.png`, {
    method: "POST",
    headers: { cookie, "Content-Type": "application/octet-stream", Origin: server.url },
    body,
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (response.status !== 201) throw new Error(`upload of ${megabytes} MB failed: ${response.status} ${await response.text()}`);
  return {
    sizeMB: megabytes,
    seconds: Number(seconds.toFixed(2)),
    throughputMBps: Number((megabytes / seconds).toFixed(1)),
    workerdRssBeforeMB: before === null ? null : Math.round(before),
    workerdRssPeakMB: before === null ? null : Math.round(peak),
    workerdRssGrowthMB: before === null ? null : Math.round(peak - before),
  };
}

/** A deterministic pseudo-random generator so every run searches the same corpus. */
function prng(seed) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32;
}

const WORDS = (
  "trust trustee settlor beneficiary distribution income principal estate property accounting notice successor " +
  "revocable irrevocable amendment article section provision spendthrift contest guardian executor testament will " +
  "attorney agent power health education maintenance support discretion fiduciary duty report annual quarterly tax " +
  "return residence account investment prudent insurance real personal schedule assets liabilities court probate " +
  "county state governing law signed witness notary family children grandchildren share equal per stirpes"
).split(" ");
const NAMES = ["Hartwell", "Okafor", "Lindqvist", "Chen", "Alvarez", "Nakamura", "Dubois", "Schmidt", "Rossi", "Novak", "Haddad", "Kowalski"];

/** 10,000 documents of about 4 KB of legal-sounding text each, written to local D1 in batches. */
/** The search row's indexed workspace token, as app/modules/documents/search.ts writes it. */
const SCOPE = `w${WORKSPACE_ID.replace(/-/g, "")}`;
/** Search rowids for the corpus, clear of the few the app hands out from 1 upwards. */
const ROWID_BASE = 1_000_000;

function seedSearchCorpus(persistTo, count) {
  const random = prng(2026);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const dir = mkdtempSync(join(tmpdir(), "bench-corpus-"));
  const q = (v) => `'${String(v).replace(/'/g, "''")}'`;
  const now = Date.now();
  const perFile = 1000;
  try {
    for (let start = 0; start < count; start += perFile) {
      const statements = [];
      for (let i = start; i < Math.min(count, start + perFile); i++) {
        const id = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
        const family = pick(NAMES);
        const title = `The ${family} Family Trust, amendment ${i}`;
        const sentences = [];
        for (let s = 0; s < 45; s++) {
          const words = Array.from({ length: 10 + Math.floor(random() * 12) }, () => pick(WORDS));
          if (s === 0) words.push(family.toLowerCase());
          sentences.push(`${words.join(" ")}.`);
        }
        const body = sentences.join(" ");
        statements.push(
          `INSERT INTO documents (id, workspace_id, title, type, status, file_name, mime_type, size_bytes, storage_key, uploaded_by, created_at, updated_at, analysis_attempts, search_rowid) VALUES (${q(id)}, ${q(WORKSPACE_ID)}, ${q(title)}, 'trust', 'completed', ${q(`amendment-${i}.txt`)}, 'text/plain; charset=utf-8', ${body.length}, ${q(`ws/${WORKSPACE_ID}/documents/${id}/bench.txt`)}, ${q(OWNER_ID)}, ${now - i * 1000}, ${now - i * 1000}, 1, ${ROWID_BASE + i}) ON CONFLICT(id) DO NOTHING;`,
          `INSERT INTO documents_fts (rowid, document_id, workspace_id, scope, title, body) VALUES (${ROWID_BASE + i}, ${q(id)}, ${q(WORKSPACE_ID)}, ${q(SCOPE)}, ${q(title)}, ${q(body)});`,
        );
      }
      const file = join(dir, `corpus-${start}.sql`);
      writeFileSync(file, statements.join("\n"));
      execFileSync(npxBin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file], { env: offlineEnv, stdio: "ignore" });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measureSearch(server, cookie, queries, rounds) {
  const timings = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/documents?q=${encodeURIComponent(q)}`, { headers: { cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`search failed: ${response.status}`);
      timings.push(performance.now() - started);
    }
  }
  timings.sort((a, b) => a - b);
  return {
    requests: timings.length,
    p50ms: Number(percentile(timings, 50).toFixed(1)),
    p95ms: Number(percentile(timings, 95).toFixed(1)),
    maxMs: Number(timings.at(-1).toFixed(1)),
  };
}

/** A long instrument (about 300 KB of text) and an amended reading of it with a few dozen clauses changed. */
function longInstrument() {
  const random = prng(11);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const clauses = [];
  for (let c = 0; c < 1500; c++) clauses.push(`Section ${c + 1}. ${Array.from({ length: 30 }, () => pick(WORDS)).join(" ")}.`);
  const amended = clauses.map((clause, c) => (c % 50 === 7 ? clause.replace(/trustee/g, `successor trustee ${pick(NAMES)}`) : clause));
  amended.splice(700, 0, "Section 700a. The Trustee shall keep a reserve for the Cedar Crest roof.");
  return { before: clauses.join("\n"), after: amended.join("\n") };
}

/** p50 and p95 of `rounds` sequential GETs of one path (each read to the end). */
async function timedGets(server, cookie, path, rounds) {
  const timings = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} failed: ${response.status}`);
    timings.push(performance.now() - t0);
  }
  timings.sort((a, b) => a - b);
  return { p50ms: Number(percentile(timings, 50).toFixed(1)), p95ms: Number(percentile(timings, 95).toFixed(1)) };
}

/** The demo's trust and first amendment read as one: the JSON view and the amendment's page (which shows it). */
async function measureAsAmended(server, cookie) {
  const list = await (await fetch(`${server.url}/api/documents?q=${encodeURIComponent("First Amendment")}`, { headers: { cookie } })).json();
  const amendment = list.rows.find((d) => d.title === "First Amendment to the Hartwell Family Trust");
  if (!amendment) throw new Error("the demo's first amendment was not found");
  return {
    json: await timedGets(server, cookie, `/api/documents/${amendment.id}/as-amended`, 50),
    page: await timedGets(server, cookie, `/documents/${amendment.id}`, 20),
  };
}

/**
 * Versions: the time to add a version of a 300 KB instrument (store, hash, and its reading and
 * analysis until "completed"), then comparing the two readings word by word and listing the history.
 */
async function measureVersions(server, cookie) {
  const { before, after } = longInstrument();
  const post = (path, body) =>
    fetch(`${server.url}${path}`, { method: "POST", headers: { cookie, "Content-Type": "application/octet-stream", Origin: server.url }, body });
  const waitCompleted = async (id) => {
    for (let i = 0; i < 400; i++) {
      const body = await (await fetch(`${server.url}/api/documents/${id}`, { headers: { cookie } })).json();
      if (body.document.status === "completed") return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("the version was not analysed in time");
  };
  const created = await post("/api/documents?fileName=long-instrument.txt", before);
  const { document } = await created.json();
  await waitCompleted(document.id);
  const started = performance.now();
  const added = await post(`/api/documents/${document.id}/versions?fileName=long-instrument-amended.txt&note=bench`, after);
  if (added.status !== 201) throw new Error(`version upload failed: ${added.status}`);
  const uploadMs = performance.now() - started;
  await waitCompleted(document.id);
  const readyMs = performance.now() - started;
  const versions = (await (await fetch(`${server.url}/api/documents/${document.id}/versions`, { headers: { cookie } })).json()).versions;
  const timed = (path, rounds) => timedGets(server, cookie, path, rounds);
  return {
    textKB: Math.round(after.length / 1024),
    uploadMs: Math.round(uploadMs),
    uploadToAnalysedMs: Math.round(readyMs),
    compare: await timed(`/api/documents/${document.id}/compare?from=${versions[1].id}&to=${versions[0].id}`, 20),
    history: await timed(`/api/documents/${document.id}/versions`, 50),
  };
}

export async function benchDocuments({ server, cookie, persistTo, duration }) {
  // The first large upload grows workerd's allocator and the local R2 store once; what stays is
  // whether memory grows with each further file, so that is what is reported.
  const warmUp = await measureUpload(server, cookie, 50);
  console.log(`Upload 50 MB (first, warms up): +${warmUp.workerdRssGrowthMB} MB`);
  const uploads = [await measureUpload(server, cookie, 5), await measureUpload(server, cookie, 50), await measureUpload(server, cookie, 50)];
  for (const u of uploads) {
    console.log(
      `Upload ${String(u.sizeMB).padStart(2)} MB: ${u.seconds} s (${u.throughputMBps} MB/s), workerd RSS ${u.workerdRssBeforeMB} → peak ${u.workerdRssPeakMB} MB (+${u.workerdRssGrowthMB} MB)`,
    );
  }

  const corpusSize = Number(process.env.BENCH_SEARCH_DOCUMENTS ?? 10_000);
  const seedStarted = performance.now();
  seedSearchCorpus(persistTo, corpusSize);
  console.log(`Search corpus: ${corpusSize} documents seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
  const search = await measureSearch(
    server,
    cookie,
    ["fiduciary duty", "spendthrift", "okafor", '"annual accounting"', "guardian children", "notary witness signed"],
    25,
  );
  console.log(
    `Search over ${corpusSize} documents, 1 connection: p50 ${search.p50ms} ms  p95 ${search.p95ms} ms  max ${search.maxMs} ms (${search.requests} requests)`,
  );

  const recent = await autocannon({ url: `${server.url}/api/legal/documents/recent`, headers: { cookie }, connections: 10, duration });
  const recentRow = { requestsPerSecond: Math.round(recent.requests.average), p50ms: recent.latency.p50, p99ms: recent.latency.p99, non2xx: recent.non2xx };
  console.log(
    `GET /api/legal/documents/recent (10 conns) ${recentRow.requestsPerSecond} req/s  p50 ${recentRow.p50ms} ms  p99 ${recentRow.p99ms} ms (non-2xx ${recentRow.non2xx})`,
  );
  const versions = await measureVersions(server, cookie);
  console.log(
    `Version of a ${versions.textKB} KB instrument: stored in ${versions.uploadMs} ms, read and analysed ${versions.uploadToAnalysedMs} ms after upload; compare (word diff) p50 ${versions.compare.p50ms} ms p95 ${versions.compare.p95ms} ms; history p50 ${versions.history.p50ms} ms`,
  );
  const asAmended = await measureAsAmended(server, cookie);
  console.log(
    `Trust as amended (demo family), 1 connection: JSON p50 ${asAmended.json.p50ms} ms p95 ${asAmended.json.p95ms} ms; the amendment's page p50 ${asAmended.page.p50ms} ms p95 ${asAmended.page.p95ms} ms`,
  );
  return { uploads, search: { documents: corpusSize, ...search }, recent: recentRow, versions, asAmended };
}
