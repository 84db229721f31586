// The optional peer of `npm run bench` (BENCH_PEER_DIR=<checkout of
// foxlau/react-router-v7-better-auth>). Installs it with its own lock file, builds it for production, serves the build
// with its own `wrangler dev` on loopback, and returns a signed-in session cookie for its test user.
//
// Meant to sit beside scripts/lib.mjs (hence "./lib.mjs"); see docs/peer-bench.md for where each fact comes from.
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { npxBin, offlineEnv, stopProcessTree } from "./lib.mjs";

/** Its package.json has no packageManager field; this is the pnpm of its CI (.github/workflows/pull-request-validation.yaml). */
export const PEER_PNPM = "9.15.5";

/** Its test user (created by sign-up; 8–32 characters is what its own form accepts). */
export const PEER_USER = { name: "Peer Bench", email: "peer-bench@example.com", password: "PeerBench@2026" };

/** app/lib/config.ts: cookiePrefix = "React Router x Better Auth" lower-cased, spaces to dashes. */
export const PEER_SESSION_COOKIE = "react-router-x-better-auth.session_token";

/** Its pages, as counterparts of ours (app/routes.ts). `/todos.data` needs no `?_routes=`: without it all loaders run. */
export const PEER_PATHS = {
  landing: "/", // routes/index.tsx (public)
  signIn: "/auth/sign-in", // routes/auth/sign-in.tsx (guest only: a signed-in request is redirected to /)
  dashboard: "/todos", // routes/todos.tsx (protected: the session and one D1 query)
  dashboardData: "/todos.data", // its single-fetch data; signed out it answers 202 (a redirect), not 401
};

/** Like lib.mjs's run, but throws instead of exiting, so that a failing peer does not lose our own results. */
function runIn(dir, command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: dir, stdio: "inherit", env: offlineEnv, ...options });
  if (result.status !== 0) throw new Error(`peer: ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
}

const bin = (dir, name) => join(dir, npxBin(name));

/** Its wrangler config is not committed (.gitignore); the README and its CI copy the example. */
function ensureWranglerConfig(dir) {
  if (!existsSync(join(dir, "wrangler.jsonc"))) {
    copyFileSync(join(dir, "wrangler.jsonc.example"), join(dir, "wrangler.jsonc"));
    console.log("peer: created wrangler.jsonc from wrangler.jsonc.example");
  }
  // The Cloudflare Vite plugin copies .dev.vars/.env into build/server/.dev.vars, which then overrides the vars.
  for (const file of [".dev.vars", ".env"]) {
    if (existsSync(join(dir, file))) console.warn(`peer: ${file} exists in ${dir}; its values end up in the served build`);
  }
}

/**
 * `pnpm install` runs its postinstall (`npm run cf-typegen` = `wrangler types`, which fails without wrangler.jsonc and
 * rewrites worker-configuration.d.ts) and the builds it allows (esbuild, lefthook, sharp, workerd). CI=true: pnpm's CI
 * mode (frozen lock file) and lefthook skips installing git hooks into the checkout.
 */
function install(dir) {
  if (existsSync(join(dir, "node_modules"))) return;
  // --yes: this machine's npmrc says yes=false, with which npx refuses to fetch pnpm without asking.
  runIn(dir, "npx", ["--yes", `pnpm@${PEER_PNPM}`, "install", "--frozen-lockfile", "--prefer-offline"], {
    env: { ...offlineEnv, CI: "true" },
  });
}

/** `pnpm build` = `react-router build`: build/client, build/server (with wrangler.json) and .wrangler/deploy/config.json. */
function build(dir) {
  runIn(dir, bin(dir, "react-router"), ["build"]);
}

/**
 * `wrangler dev` follows .wrangler/deploy/config.json to build/server/wrangler.json, while `wrangler d1` reads
 * wrangler.jsonc: both must name the same local database (preview_database_id, else database_id) or the served Worker
 * sees an empty one.
 */
function checkSameLocalDatabase(dir) {
  const builtPath = join(dir, "build/server/wrangler.json");
  if (!existsSync(builtPath)) throw new Error(`peer: ${builtPath} is missing; did the build run?`);
  const built = JSON.parse(readFileSync(builtPath, "utf8")).d1_databases?.find((d) => d.binding === "DB");
  const source = readFileSync(join(dir, "wrangler.jsonc"), "utf8");
  const sourceId = source.match(/"preview_database_id"\s*:\s*"([^"]+)"/)?.[1] ?? source.match(/"database_id"\s*:\s*"([^"]+)"/)?.[1];
  const builtId = built?.preview_database_id ?? built?.database_id;
  if (!built || (sourceId && builtId !== sourceId)) {
    throw new Error(`peer: the built config's D1 (${builtId}) is not wrangler.jsonc's (${sourceId})`);
  }
}

function wrangler(dir, args, options = {}) {
  runIn(dir, bin(dir, "wrangler"), args, options);
}

/** drizzle/migrations (migrations_dir of the D1 binding DB, database_name rr7-better-auth). */
function migrate(dir, persistTo) {
  wrangler(dir, ["d1", "migrations", "apply", "DB", "--local", "--config", "wrangler.jsonc", "--persist-to", persistTo], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

function executeSql(dir, persistTo, sql) {
  wrangler(dir, ["d1", "execute", "DB", "--local", "--config", "wrangler.jsonc", "--persist-to", persistTo, "--command", sql], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Starts its built Worker like lib.mjs's startServer, in a process group of its own, and waits for its sign-in page. */
async function startPeerServer({ dir, port, persistTo }) {
  const url = `http://127.0.0.1:${port}`;
  // APP_URL is better-auth's baseURL in a production build, so the origin its CSRF check trusts.
  // No --config: wrangler dev must follow the redirect to the built config.
  const args = ["dev", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", "0", "--show-interactive-dev-session=false"];
  args.push("--persist-to", persistTo, "--var", `APP_URL:${url}`);
  const child = spawn(bin(dir, "wrangler"), args, { cwd: dir, env: offlineEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const stop = () => stopProcessTree(child.pid, true);
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`peer: wrangler dev exited early:\n${output}`);
    try {
      const res = await fetch(`${url}${PEER_PATHS.signIn}`);
      await res.arrayBuffer();
      if (res.status === 200) return { url, stop, child };
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`peer: wrangler dev did not answer within 60 s:\n${output}`);
}

/**
 * better-auth's sign-in/sign-up run its form CSRF check: Node's fetch sends `Sec-Fetch-Mode: cors`, so the Origin must be
 * present and trusted (APP_URL, or its hard-coded http://localhost:4173).
 */
function authPost(url, path, body) {
  return fetch(`${url}/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify(body),
  });
}

async function signIn(url) {
  // At most 3 sign-ins per 10 s per IP (better-auth's rule for /sign-in*): one retry only.
  for (let attempt = 0; ; attempt++) {
    const res = await authPost(url, "/sign-in/email", { email: PEER_USER.email, password: PEER_USER.password });
    const text = await res.text();
    if (res.ok) {
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .find((c) => c.startsWith(`${PEER_SESSION_COOKIE}=`));
      if (!cookie) throw new Error(`peer: sign-in set no ${PEER_SESSION_COOKIE} cookie`);
      return cookie;
    }
    // 403 EMAIL_NOT_VERIFIED: the UPDATE was not seen yet (written by another process into the same SQLite file).
    if (attempt === 0 && res.status === 403) {
      await sleep(1000);
      continue;
    }
    throw new Error(`peer: sign-in answered ${res.status}: ${text}`);
  }
}

/** Todos through its own action (POST /todos, intent=create, a title of 10–255 characters), as a form without JS would. */
async function createTodos(url, cookie, count) {
  for (let i = 1; i <= count; i++) {
    // No Origin header: React Router 7.12 refuses an action whose Origin differs from the request's host; none is fine.
    const res = await fetch(`${url}${PEER_PATHS.dashboard}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "create", title: `Benchmark todo number ${i}` }),
      redirect: "manual",
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`peer: creating todo ${i} answered ${res.status}`);
  }
}

async function expectPage(url, path, headers, status, includes) {
  const res = await fetch(`${url}${path}`, { headers, redirect: "manual" });
  const text = await res.text();
  if (res.status !== status || (includes && !text.includes(includes))) {
    throw new Error(`peer: GET ${path} answered ${res.status} (expected ${status}${includes ? ` with "${includes}"` : ""})`);
  }
}

/**
 * Prepares and starts the peer. `dir` is its checkout; `todos` how many todos its user gets (GET /todos lists them all).
 * Returns { url, cookie, stop, persistTo, paths }; stop() ends wrangler and workerd and removes the local state.
 */
export async function startPeer({ dir, port, todos = 20, skipBuild = false }) {
  dir = resolve(dir);
  if (!existsSync(join(dir, "package.json"))) throw new Error(`peer: no package.json in ${dir}`);
  ensureWranglerConfig(dir);
  install(dir);
  if (!skipBuild) build(dir);
  checkSameLocalDatabase(dir);

  const persistTo = mkdtempSync(join(tmpdir(), "bench-peer-"));
  migrate(dir, persistTo);
  let server;
  try {
    server = await startPeerServer({ dir, port, persistTo });
    const { url } = server;

    const signUp = await authPost(url, "/sign-up/email", { name: PEER_USER.name, email: PEER_USER.email, password: PEER_USER.password });
    const signUpText = await signUp.text();
    if (!signUp.ok) throw new Error(`peer: sign-up answered ${signUp.status}: ${signUpText}`);

    // requireEmailVerification: true, and no mail is sent in a local run. better-auth stores the address lower-cased.
    executeSql(dir, persistTo, `UPDATE users SET email_verified = 1 WHERE email = '${PEER_USER.email.toLowerCase()}'`);
    const cookie = await signIn(url);

    await createTodos(url, cookie, todos);
    await expectPage(url, PEER_PATHS.dashboardData, { cookie }, 200, "Benchmark todo number 1");
    await expectPage(url, PEER_PATHS.dashboard, { cookie }, 200, "Benchmark todo number 1");
    await expectPage(url, PEER_PATHS.signIn, {}, 200);
    await expectPage(url, PEER_PATHS.landing, {}, 200);

    return {
      url,
      cookie,
      persistTo,
      paths: PEER_PATHS,
      stop: async () => {
        await server.stop();
        rmSync(persistTo, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (server) await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
    throw error;
  }
}
