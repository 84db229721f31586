// Lighthouse part of `npm run bench` (BENCH_ONLY=lighthouse): performance, accessibility and best practices of our
// main pages with Lighthouse's mobile profile (simulated slow 4G and a 4× slower CPU), in Debian's Chromium.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { offlineEnv, stopProcessTree } from "./lib.mjs";

/** The Chromium the browser tests use (playwright.config.ts); scripts/ensure-chromium.sh installs it. */
export const CHROMIUM = "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices"];
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

/** Pages as a visitor (signed out) or as the demo user (signed in) sees them. */
const PAGES = [
  { page: "/", signedIn: false },
  { page: "/auth", signedIn: false },
  { page: "/dashboard", signedIn: true },
  { page: "/documents", signedIn: true },
  { page: "/chat", signedIn: true },
];

/** Headless Chromium with a DevTools port of its own choosing; Lighthouse connects to it. */
async function launchChromium() {
  const run = spawnSync("bash", ["scripts/ensure-chromium.sh"], { stdio: "inherit", env: offlineEnv });
  if (run.status !== 0) throw new Error("scripts/ensure-chromium.sh failed");
  const userDataDir = mkdtempSync(join(tmpdir(), "bench-lighthouse-"));
  const args = [
    "--headless=new",
    "--remote-debugging-port=0",
    `--user-data-dir=${userDataDir}`,
    // As playwright.config.ts: no sandbox (containers), no GPU, no calls to Google's services.
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "about:blank",
  ];
  const child = spawn(CHROMIUM, args, { detached: true, stdio: ["ignore", "ignore", "pipe"] });
  let output = "";
  child.stderr.on("data", (d) => (output += d));
  const stop = async () => {
    await stopProcessTree(child.pid, true);
    rmSync(userDataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    const port = output.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//)?.[1];
    if (port) return { port: Number(port), stop };
    if (child.exitCode !== null) break;
    await sleep(100);
  }
  await stop();
  throw new Error(`Chromium did not open its DevTools port:\n${output}`);
}

/** Runs Lighthouse on each page of PAGES against `server`, signed in with `cookie` where the page needs it. */
export async function benchLighthouse({ server, cookie }) {
  // Imported here: a bench without this part does not load Lighthouse.
  const { default: lighthouse } = await import("lighthouse");
  const chromium = await launchChromium();
  const pages = [];
  let version = null;
  try {
    for (const { page, signedIn } of PAGES) {
      const flags = {
        port: chromium.port,
        output: "json",
        logLevel: "error",
        onlyCategories: CATEGORIES,
        // Lighthouse's default profile, said explicitly: a mobile screen with simulated throttling.
        formFactor: "mobile",
        extraHeaders: signedIn ? { cookie } : undefined,
      };
      const { lhr } = await lighthouse(`${server.url}${page}`, flags);
      version = lhr.lighthouseVersion;
      const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
      const row = {
        page,
        signedIn,
        finalUrl: lhr.finalDisplayedUrl,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        metrics: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? null])),
        runtimeError: lhr.runtimeError?.message ?? null,
      };
      pages.push(row);
      const redirected = new URL(row.finalUrl).pathname !== page ? ` (ended at ${new URL(row.finalUrl).pathname})` : "";
      console.log(
        `Lighthouse ${page.padEnd(11)} performance ${String(row.performance).padStart(3)}  accessibility ${String(row.accessibility).padStart(3)}  best practices ${String(row.bestPractices).padStart(3)}  LCP ${row.metrics["largest-contentful-paint"]}  TBT ${row.metrics["total-blocking-time"]}${redirected}${row.runtimeError ? `  error: ${row.runtimeError}` : ""}`,
      );
    }
  } finally {
    await chromium.stop();
  }
  return { profile: "mobile (Lighthouse default: simulated throttling)", version, pages };
}
