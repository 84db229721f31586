// npm run bench: build, start the Worker on loopback with the demo data, and load it with autocannon.
// Prints requests/s, p50 and p99 per scenario and writes bench/results/latest.json.
import autocannon from "autocannon";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, DEMO, ensureDevVars, migrate, seed, startServer } from "./lib.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
ensureDevVars();
build();
const persistTo = mkdtempSync(join(tmpdir(), "bench-"));
migrate(persistTo);
seed(persistTo);
const server = await startServer({ port: 8795, persistTo });

try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  });
  const cookie = login.headers.getSetCookie()[0].split(";")[0];

  const userRequest = { path: "/api/auth/user", headers: { cookie } };
  const loginRequest = {
    path: "/api/auth/login",
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  };
  const scenarios = [
    { name: "GET / (landing, signed out)", path: "/", connections: 10 },
    { name: "GET /api/auth/user (signed in)", ...userRequest, connections: 10 },
    { name: "POST /api/auth/login", ...loginRequest, connections: 4 },
    // One connection each: the latency difference is the cost of one password hash.
    { name: "GET /api/auth/user, 1 connection", ...userRequest, connections: 1 },
    { name: "POST /api/auth/login, 1 connection", ...loginRequest, connections: 1 },
  ];

  const results = [];
  for (const s of scenarios) {
    const r = await autocannon({
      url: `${server.url}${s.path}`,
      method: s.method ?? "GET",
      headers: s.headers,
      body: s.body,
      connections: s.connections,
      duration: DURATION,
    });
    const row = {
      scenario: s.name,
      connections: s.connections,
      requestsPerSecond: Math.round(r.requests.average),
      p50ms: r.latency.p50,
      p99ms: r.latency.p99,
      meanMs: Number(r.latency.mean.toFixed(1)),
      non2xx: r.non2xx,
      errors: r.errors,
    };
    results.push(row);
    console.log(
      `${row.scenario.padEnd(40)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.p50ms} ms  p99 ${row.p99ms} ms  (non-2xx ${row.non2xx}, errors ${row.errors})`,
    );
  }
  const single = (name) => results.find((r) => r.scenario.startsWith(name) && r.connections === 1);
  const hashCostMs = Number((single("POST /api/auth/login").meanMs - single("GET /api/auth/user").meanMs).toFixed(1));
  console.log(`\nPassword hash cost (login minus user, one connection): about ${hashCostMs} ms`);
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(
    "bench/results/latest.json",
    JSON.stringify({ date: new Date().toISOString(), durationSeconds: DURATION, results, hashCostMs }, null, 2),
  );
  console.log("Written to bench/results/latest.json");
} finally {
  server.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
