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

/**
 * Pages as a visitor (signed out) or as the demo user (signed in) sees them. Signed-in pages are loaded as a
 * returning member sees them: the onboarding tour done (its local-storage marker set; spec section 4), the browser's
 * cache empty. A first visit opens the tour one second after load (spec section 9),
 * so its text is that visit's largest paint: the dashboard is measured that way too.
 */
const PAGES = [
  { page: "/", signedIn: false },
  { page: "/auth", signedIn: false },
  { page: "/dashboard", signedIn: true, returning: true },
  { page: "/dashboard", signedIn: true, returning: false },
  { page: "/documents", signedIn: true, returning: true },
  { page: "/chat", signedIn: true, returning: true },
];

/** Marks the tour done for the server's origin and empties the HTTP cache, through a tab of the same Chromium. */
async function prepareReturningVisit(port, origin) {
  const { default: puppeteer } = await import("puppeteer-core");
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const tab = await browser.newPage();
    await tab.goto(`${origin}/favicon.svg`);
    await tab.evaluate(() => window.localStorage.setItem("onboarding-completed", "true"));
    const cdp = await tab.createCDPSession();
    await cdp.send("Network.clearBrowserCache");
    await tab.close();
  } finally {
    await browser.disconnect();
  }
}

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

/** The LCP element's HTML as Lighthouse quotes it (its report nests it in a table inside a list). */
function lcpSnippet(lhr) {
  for (const table of lhr.audits["largest-contentful-paint-element"]?.details?.items ?? []) {
    const node = table.items?.[0]?.node;
    if (node?.snippet) return node.snippet.slice(0, 160);
  }
  return null;
}

/** Runs Lighthouse on each page of PAGES against `server`, signed in with `cookie` where the page needs it. */
export async function benchLighthouse({ server, cookie }) {
  // Imported here: a bench without this part does not load Lighthouse.
  const { default: lighthouse } = await import("lighthouse");
  const chromium = await launchChromium();
  const pages = [];
  let version = null;
  try {
    // BENCH_LIGHTHOUSE_PAGES=/dashboard,/auth looks at some pages only (while working on them).
    const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(",").filter(Boolean);
    for (const { page, signedIn, returning = false } of only ? PAGES.filter((p) => only.includes(p.page)) : PAGES) {
      if (returning) await prepareReturningVisit(chromium.port, server.url);
      const flags = {
        // Lighthouse would clear the origin's storage (and the tour's marker with it); the cache is cleared above.
        disableStorageReset: returning,
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
        visit: signedIn ? (returning ? "returning" : "first") : "signed out",
        finalUrl: lhr.finalDisplayedUrl,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        metrics: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? null])),
        runtimeError: lhr.runtimeError?.message ?? null,
        // Where to look next: the element painted last, and the scripts that kept the main thread longest.
        lcpElement: lcpSnippet(lhr),
        busiestScripts: (lhr.audits["bootup-time"]?.details?.items ?? [])
          .slice(0, 4)
          .map((item) => ({ url: new URL(item.url, server.url).pathname, ms: Math.round(item.total) })),
        mainThread: Object.fromEntries((lhr.audits["mainthread-work-breakdown"]?.details?.items ?? []).map((item) => [item.group, Math.round(item.duration)])),
        domElements: lhr.audits["dom-size"]?.numericValue ?? null,
      };
      pages.push(row);
      const redirected = new URL(row.finalUrl).pathname !== page ? ` (ended at ${new URL(row.finalUrl).pathname})` : "";
      const label = signedIn && !returning ? `${page} (first visit)` : page;
      console.log(
        `Lighthouse ${label.padEnd(11)} performance ${String(row.performance).padStart(3)}  accessibility ${String(row.accessibility).padStart(3)}  best practices ${String(row.bestPractices).padStart(3)}  LCP ${row.metrics["largest-contentful-paint"]}  TBT ${row.metrics["total-blocking-time"]}${redirected}${row.runtimeError ? `  error: ${row.runtimeError}` : ""}`,
      );
      console.log(`  largest paint: ${row.lcpElement ?? "?"}`);
      console.log(`  busiest scripts: ${row.busiestScripts.map((s) => `${s.url} ${s.ms} ms`).join(", ")}`);
      console.log(`  main thread (ms): ${JSON.stringify(row.mainThread)}; ${row.domElements} elements`);
    }
  } finally {
    await chromium.stop();
  }
  return { profile: "mobile (Lighthouse default: simulated throttling)", version, pages };
}
