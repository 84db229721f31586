import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createSyncFn } from "synckit";
import { expect } from "vitest";
import { Client, latestMail, newAccount } from "./client";

/** Signs up a new person with a new family workspace through /customer-signup. */
export async function startWorkspace(baseUrl: string, prefix: string, trustName: string) {
  const client = new Client(baseUrl);
  const account = newAccount(prefix);
  const response = await client.postForm("/customer-signup", {
    ...account,
    trustName,
    role: "owner",
    jurisdiction: "California, USA",
  });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/dashboard");
  const me = (await (await client.get("/api/auth/user")).json()) as {
    id: string;
    workspace: { id: string; name: string; role: string };
  };
  return { client, account, me };
}

const runInSqlWorker = createSyncFn(fileURLToPath(new URL("./sql-worker.mjs", import.meta.url)), { timeout: 60_000 }) as (
  url: string,
  query: string,
) => Record<string, unknown>[];

/**
 * Runs SQL against the shared test server's local D1 through its /__dev/sql (app/platform/dev-sql.server.ts), or
 * against a test's own server's storage with `wrangler d1 execute`. The Worker may hold the database's write lock at that moment (a cron run
 * writes probes, sends messages): the query is then tried again.
 */
export function sql(sqlUrlOrPersistTo: string, query: string) {
  let last: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return sqlUrlOrPersistTo.startsWith("http") ? runInSqlWorker(sqlUrlOrPersistTo, query) : viaWrangler(sqlUrlOrPersistTo, query);
    } catch (error) {
      last = error;
      // The Worker may hold the write lock (SQLITE_BUSY); wrangler then prints its error instead of JSON.
      if (sqlUrlOrPersistTo.startsWith("http") && !/busy|locked/i.test(String(error))) break;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200 * (attempt + 1));
    }
  }
  throw new Error(`SQL failed: ${query}\n${String(last).slice(0, 2000)}`);
}

/** A test's own server's database (not the shared one): `wrangler d1 execute`, seconds a query. */
function viaWrangler(persistTo: string, query: string) {
  const args = ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", query];
  const result = spawnSync("node_modules/.bin/wrangler", args, { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
  try {
    return JSON.parse(result.stdout)[0].results as Record<string, unknown>[];
  } catch {
    throw new Error(`${result.stdout}\n${result.stderr}`.trim());
  }
}

/** Invites a new person with a role into the owner's workspace and returns them signed in there. */
export async function addMember(baseUrl: string, owner: Client, role: string, prefix = role) {
  const account = newAccount(prefix.replace(/_/g, ""));
  const sent = await owner.postForm("/admin", { email: account.email, role });
  expect(sent.status).toBe(200);
  const mail = await latestMail(baseUrl, account.email);
  const client = new Client(baseUrl);
  expect((await client.postForm(`/invite-signup?token=${mail!.token}`, account)).status).toBe(302);
  const me = (await (await client.get("/api/auth/user")).json()) as { id: string; workspace: { id: string; role: string } };
  return { client, account, me };
}

/** Polls until `check` returns a value (or the time is up). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, { timeoutMs = 20_000, intervalMs = 250 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Uploads a file as a document and waits until the queue has read and analysed it; returns its id. */
export async function uploadAnalysed(client: Client, body: Buffer, fileName: string): Promise<string> {
  const response = await client.fetch(`/api/documents?${new URLSearchParams({ fileName })}`, {
    method: "POST",
    headers: { "Content-Type": "application/octet-stream", Origin: client.origin },
    body: body as unknown as BodyInit,
  });
  expect(response.status).toBe(201);
  const { document } = (await response.json()) as { document: { id: string } };
  await eventually(
    async () => ((await (await client.get(`/api/documents/${document.id}`)).json()) as { document: { status: string } }).document.status === "completed",
  );
  return document.id;
}
