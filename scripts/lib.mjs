// Shared by start, dev, test and bench: local configuration, wrangler calls, server lifecycle.
import { createWriteStream } from "node:fs";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

// The project brings its own Node (the npm package `node`, ADR 0047); npm scripts put it first on PATH. Run
// directly with the machine's older Node, a script would fail later in a less clear way (wrangler needs 22.12+).
const NODE_MAJOR = Number(process.versions.node.split(".")[0]);
if (NODE_MAJOR < 26) {
  console.error(`This project runs on Node 26 (this is ${process.version}). Start it through npm (npm start, npm test, npm run …),
which uses the Node that npm install put in node_modules/.bin, or run node_modules/.bin/node yourself.`);
  process.exit(1);
}

/** Wrangler must never wait on the network: no metrics, no cf fetch, no banner. */
export const offlineEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
  NO_UPDATE_NOTIFIER: "1",
};

/** Creates .dev.vars from the example with a fresh random pepper when it is missing. */
export function ensureDevVars() {
  if (existsSync(".dev.vars")) return;
  const example = readFileSync(".dev.vars.example", "utf8");
  const pepper = randomBytes(32).toString("base64url");
  writeFileSync(".dev.vars", example.replace(/^PASSWORD_PEPPER=.*$/m, `PASSWORD_PEPPER=${pepper}`));
  console.log("Created .dev.vars with a new random PASSWORD_PEPPER.");
}

export function readDevVar(name) {
  const line = readFileSync(".dev.vars", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${name}=`));
  return line?.slice(name.length + 1).trim();
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: offlineEnv, ...options });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(" ")} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}

export const npxBin = (name) => `node_modules/.bin/${name}`;

export function build() {
  generateBuildInputs();
  run(...BUNDLE_COMMAND);
}

/** The files the bundle is made from that are generated, not committed; quick, and unchanged files are not rewritten. */
export function generateBuildInputs() {
  // The Worker bundles every translation file through this generated index.
  run(process.execPath, ["scripts/locales-index.mjs"]);
  // In-browser OCR files are served from our own static assets (copied from node_modules).
  run(process.execPath, ["scripts/vendor-ocr.mjs"]);
}

/** The bundling itself (client, server and Worker), after generateBuildInputs: the slow part of build(). */
export const BUNDLE_COMMAND = [npxBin("remix"), ["vite:build"]];

export function migrate(persistTo) {
  run(npxBin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...(persistTo ? ["--persist-to", persistTo] : [])], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

export function seed(persistTo) {
  run(npxBin("tsx"), ["scripts/seed.ts", ...(persistTo ? ["--persist-to", persistTo] : [])]);
}

/**
 * Starts `wrangler dev` on the built Worker in its own process group (so that stopping it also stops
 * workerd) and resolves once it answers. Returns a stop function.
 */
/**
 * The test run's key with which its clients name their own address (X-Dev-Client-Address-Key with CF-Connecting-IP),
 * so that the limits of one test never touch another: outside production the Worker otherwise ignores the header and
 * gives every request the loopback address (app/platform/request-context.server.ts `clientIp`). Fresh and random per
 * run, kept in the environment so the run's test processes and the servers they start share it; `npm start` and
 * `npm run dev` never have one.
 */
export function testClientAddressKey() {
  process.env.DEV_CLIENT_ADDRESS_KEY ??= randomBytes(32).toString("base64url");
  return process.env.DEV_CLIENT_ADDRESS_KEY;
}

/** CF-Connecting-IP `ip`, vouched for with the run's key (testClientAddressKey): a simulated client of its own address. */
export function clientAddressHeaders(ip) {
  const key = process.env.DEV_CLIENT_ADDRESS_KEY;
  return { "CF-Connecting-IP": ip, ...(key ? { "X-Dev-Client-Address-Key": key } : {}) };
}

export async function startServer({ port, persistTo, inherit = false, vars = {}, detached = true, testScheduled = false }) {
  // Links in mails start at the address this server is reached on; the development tools are opted into. A test
  // run's servers take its client address key (refused in production, where Cloudflare's own header is the address).
  const clientAddressKey = vars.APP_ENV === "production" ? undefined : process.env.DEV_CLIENT_ADDRESS_KEY;
  vars = { PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, DEV_TOOLS: "on", ...(clientAddressKey ? { DEV_CLIENT_ADDRESS_KEY: clientAddressKey } : {}), ...vars };
  const args = ["dev", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", "0", "--show-interactive-dev-session=false"];
  if (persistTo) args.push("--persist-to", persistTo);
  // Tests run the cron on demand (GET /__scheduled); never in the app people use.
  if (testScheduled) args.push("--test-scheduled");
  for (const [key, value] of Object.entries(vars)) args.push("--var", `${key}:${value}`);
  // Each server has a dev registry of its own. wrangler 4.164 registers every dev session by default, under its
  // Worker's name, with the queues it consumes, for other sessions to route to: two servers of this Worker at once
  // (a test's own beside the shared one) would share one entry, and could take each other's jobs.
  const registry = mkdtempSync(join(tmpdir(), "wrangler-registry-"));
  const child = spawn(npxBin("wrangler"), args, {
    env: { ...offlineEnv, WRANGLER_REGISTRY_PATH: registry },
    detached,
    stdio: inherit ? "inherit" : ["ignore", "pipe", "pipe"],
  });
  let output = "";
  if (!inherit) {
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    // WRANGLER_LOG_FILE=path keeps the server's output for debugging a test run.
    if (process.env.WRANGLER_LOG_FILE) {
      // Appended: the worker tests' shared server and the files with servers of their own write to one log.
      const log = createWriteStream(process.env.WRANGLER_LOG_FILE, { flags: "a" });
      log.write(`\n--- wrangler dev on port ${port}, ${new Date().toISOString()} ---\n`);
      child.stdout.pipe(log);
      child.stderr.pipe(log);
    }
  }
  const stop = async () => {
    await stopProcessTree(child.pid, detached);
    rmSync(registry, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/auth/user`);
      // 401: signed out, as expected; 421: a production-like server reached on a host that is not its own.
      if (res.status === 401 || res.status === 421) return { url, stop, child };
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  stop();
  throw new Error(`wrangler dev did not start within 30 s:\n${output}`);
}

/** The pids under `pid` (children, grandchildren…), read from /proc; none where there is no /proc. */
function descendantsOf(pid) {
  let stats = [];
  try {
    stats = readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map((name) => {
        try {
          // "pid (comm) state ppid …": comm may hold spaces, so read after its closing parenthesis.
          const text = readFileSync(`/proc/${name}/stat`, "utf8");
          return [Number(name), Number(text.slice(text.lastIndexOf(")") + 2).split(" ")[1])];
        } catch {
          return null;
        }
      })
      .filter(Boolean);
  } catch {
    return [];
  }
  const found = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift();
    for (const [child, ppid] of stats) {
      if (ppid === parent) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops wrangler and everything it started. workerd has outlived a SIGTERM to wrangler's process group (found still
 * running, at 75% of a core, minutes after its tests ended), so what is left after 3 s is killed.
 */
export async function stopProcessTree(pid, group = true) {
  const pids = [pid, ...descendantsOf(pid)];
  try {
    if (group) process.kill(-pid, "SIGTERM");
  } catch {
    // the group is gone already
  }
  for (const p of pids) {
    try {
      process.kill(p, "SIGTERM");
    } catch {
      // already gone
    }
  }
  for (let waited = 0; waited < 3000 && pids.some(alive); waited += 100) await sleep(100);
  for (const p of pids.filter(alive)) {
    try {
      process.kill(p, "SIGKILL");
    } catch {
      // gone in the meantime
    }
  }
}

export const DEMO = {
  email: "eleanor@hartwell.example",
  password: "Hartwell@Demo2026",
};

/** Keeps the command alive with the server; Ctrl-C stops the server's whole process group (and `also`). */
export function stopOnSignals(child, also = () => {}) {
  const stop = () => {
    also();
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  child.on("exit", (code) => process.exit(code ?? 0));
}

/** Resident memory of the workerd processes of this server, in MB (Linux /proc). */
export function workerdRssMb(groupId) {
  let pids = [];
  try {
    pids = execFileSync("pgrep", ["-g", String(groupId), "workerd"], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean);
  } catch {
    return null;
  }
  let kb = 0;
  for (const pid of pids) {
    try {
      const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/);
      if (match) kb += Number(match[1]);
    } catch {
      // the process ended meanwhile
    }
  }
  return kb / 1024;
}

/** The local D1's SQLite file (the largest one besides miniflare's metadata). */
function localD1File(persistTo) {
  const dir = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  return files.map((f) => join(dir, f)).sort((a, b) => statSync(b).size - statSync(a).size)[0] ?? null;
}

/**
 * Rows of a read from a persisted local D1 (the benches' counts): through the sqlite3 CLI, read-only and in
 * milliseconds, when it is installed and the read succeeds; else through `wrangler d1 execute` (a second or two).
 */
export function readLocalD1(persistTo, query) {
  const file = localD1File(persistTo);
  if (file) {
    try {
      const out = execFileSync("sqlite3", ["-readonly", "-json", file, query], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], maxBuffer: 1 << 28 });
      return out.trim() ? JSON.parse(out) : [];
    } catch {
      // no sqlite3 here, or the file busy: wrangler below
    }
  }
  const args = ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", query];
  return JSON.parse(execFileSync(npxBin("wrangler"), args, { env: offlineEnv, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], maxBuffer: 1 << 28 }))[0]
    .results;
}
