// "Export everything" benchmark (issue 19), opt-in in `npm run bench` with BENCH_EXPORT=1 (it takes minutes), or on
// its own: `node scripts/bench-export.mjs` after a build. Starts its own Worker on loopback with an empty database,
// signs up an owner, uploads BENCH_EXPORT_DOCS documents totalling about BENCH_EXPORT_MB megabytes through the app's
// upload API (PNG-looking bodies, so no analysis job runs meanwhile), then asks for the export and measures the time
// until it is ready, the workerd processes' peak resident memory sampled from /proc during the export (to show it stays
// flat whatever the size), and the download. Prints the numbers and returns them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { clientAddressHeaders, ensureDevVars, migrate, startServer, testClientAddressKey, workerdRssMb } from "./lib.mjs";

const DOCS = Number(process.env.BENCH_EXPORT_DOCS ?? 2000);
const MEGABYTES = Number(process.env.BENCH_EXPORT_MB ?? 1024);
const UPLOAD_CONCURRENCY = 4;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A fetch with a cookie jar. */
function client(baseUrl) {
  const cookies = new Map();
  return async (path, init = {}) => {
    const headers = { Origin: baseUrl, Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "), ...init.headers };
    const response = await fetch(new URL(path, baseUrl), { redirect: "manual", ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";")[0];
      cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
    return response;
  };
}

export async function benchExport({ docs = DOCS, megabytes = MEGABYTES } = {}) {
  ensureDevVars();
  const persistTo = mkdtempSync(join(tmpdir(), "bench-export-"));
  migrate(persistTo);
  // Each upload names a client address of its own (the limits are per address), vouched for with this run's key.
  testClientAddressKey();
  const server = await startServer({ port: 8797, persistTo });
  try {
    const call = client(server.url);
    const id = `benchexport${Date.now().toString(36)}`;
    const password = "Tr0ub4dor&Horse!";
    const signup = await call("/customer-signup", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        name: "Bench Owner",
        username: id,
        email: `${id}@example.com`,
        password,
        confirmPassword: password,
        trustName: "The Benchmark Trust",
        role: "owner",
        jurisdiction: "California, USA",
      }).toString(),
    });
    if (signup.status !== 302) throw new Error(`sign-up failed: ${signup.status}`);

    // Seeding: documents of equal size, each a distinct body (the first bytes carry its number).
    const size = Math.max(1024, Math.floor((megabytes * 1024 * 1024) / docs));
    const template = Buffer.alloc(size, 0x5a);
    PNG_SIGNATURE.copy(template, 0);
    const seedStarted = performance.now();
    let next = 0;
    const uploadOne = async () => {
      for (let n = next++; n < docs; n = next++) {
        const body = Buffer.from(template);
        body.write(`doc-${n}-`, 16);
        // wrangler's local proxy (not the Worker, absent on Cloudflare) sometimes answers 503 "Your worker restarted
        // mid-request" under a long stream of uploads; the upload did not happen, so it is sent again.
        let response;
        for (let attempt = 1; attempt <= 3; attempt++) {
          response = await call(`/api/documents?fileName=bench-${n}.png`, {
            method: "POST",
            headers: { "Content-Type": "application/octet-stream", ...clientAddressHeaders(`10.9.${n >> 8}.${n & 255}`) },
            body,
          });
          if (response.status !== 503) break;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
        if (response.status !== 201) throw new Error(`upload ${n} failed: ${response.status} ${await response.text()}`);
      }
    };
    await Promise.all(Array.from({ length: UPLOAD_CONCURRENCY }, uploadOne));
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(
      `Export: seeded ${docs} documents of ${(size / 1024).toFixed(0)} KB (${((docs * size) / 1024 ** 2).toFixed(0)} MB) in ${seedSeconds.toFixed(1)} s`,
    );

    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = workerdRssMb(server.child.pid);
    let peak = before ?? 0;
    const samples = [];
    const sampler = setInterval(() => {
      const now = workerdRssMb(server.child.pid);
      if (now !== null) {
        peak = Math.max(peak, now);
        samples.push(now);
      }
    }, 100);
    const started = performance.now();
    const requestedAt = Date.now();
    const requested = await call("/api/workspaces/export", { method: "POST" });
    if (requested.status !== 202) throw new Error(`export request failed: ${requested.status} ${await requested.text()}`);
    const { jobId } = await requested.json();
    let view;
    let lastPrinted = 0;
    let slowestPollMs = 0;
    for (;;) {
      // Locally, wrangler's simulated R2 can hold every request for a while as it assembles a large upload's parts
      // (Cloudflare's R2 does that on its own servers): a poll that waits too long is dropped and sent again.
      const pollStarted = performance.now();
      const answer = await call(`/api/workspaces/export/${jobId}`, { signal: AbortSignal.timeout(15_000) }).catch(() => null);
      slowestPollMs = Math.max(slowestPollMs, performance.now() - pollStarted);
      if (!answer) continue;
      view = (await answer.json()).export;
      if (view.status === "ready" || view.status === "failed") break;
      if (performance.now() - lastPrinted > 10_000) {
        lastPrinted = performance.now();
        console.log(`Export: ${view.status} ${view.filesDone}/${view.filesTotal} files, workerd ${Math.round(workerdRssMb(server.child.pid) ?? 0)} MB`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const exportSeconds = (performance.now() - started) / 1000;
    // The job's own time, from the server's clock: the link expires 7 days after the archive was finished.
    const jobSeconds = (Date.parse(view.expiresAt) - 7 * 86_400_000 - requestedAt) / 1000;
    clearInterval(sampler);
    if (view.status !== "ready") throw new Error(`export failed: ${view.error}`);

    // The download, streamed and counted (never held).
    const downloadStarted = performance.now();
    const download = await call(view.downloadUrl);
    let downloaded = 0;
    for await (const chunk of download.body) downloaded += chunk.byteLength;
    const downloadSeconds = (performance.now() - downloadStarted) / 1000;

    const median = samples.length ? [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] : null;
    const result = {
      documents: docs,
      dataMB: Math.round((docs * size) / 1024 ** 2),
      seedSeconds: Number(seedSeconds.toFixed(1)),
      exportSeconds: Number(exportSeconds.toFixed(1)),
      jobSeconds: Number(jobSeconds.toFixed(1)),
      slowestStatusPollSeconds: Number((slowestPollMs / 1000).toFixed(1)),
      exportMBps: Number((view.sizeBytes / 1024 ** 2 / exportSeconds).toFixed(1)),
      zipMB: Number((view.sizeBytes / 1024 ** 2).toFixed(1)),
      files: view.filesTotal,
      downloadSeconds: Number(downloadSeconds.toFixed(1)),
      downloadedBytesMatch: downloaded === view.sizeBytes,
      workerdRssBeforeMB: before === null ? null : Math.round(before),
      workerdRssMedianMB: median === null ? null : Math.round(median),
      workerdRssPeakMB: before === null ? null : Math.round(peak),
      workerdRssGrowthMB: before === null ? null : Math.round(peak - before),
    };
    console.log(
      `Export: ${result.documents} documents (${result.dataMB} MB) → ${result.zipMB} MB ZIP, ${result.files} files, job ${result.jobSeconds} s, ` +
        `ready seen after ${result.exportSeconds} s (slowest status poll ${result.slowestStatusPollSeconds} s) ` +
        `(${result.exportMBps} MB/s); workerd RSS ${result.workerdRssBeforeMB} MB before, median ${result.workerdRssMedianMB} MB, ` +
        `peak ${result.workerdRssPeakMB} MB (+${result.workerdRssGrowthMB} MB); download ${result.downloadSeconds} s`,
    );
    return result;
  } finally {
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchExport();
  console.log(JSON.stringify(result, null, 2));
}
