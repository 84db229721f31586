import { spawnSync } from "node:child_process";
import { expect } from "vitest";
import { Client, newAccount } from "./client";

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

/** Runs SQL against the test server's local D1. */
export function sql(persistTo: string, query: string) {
  const result = spawnSync(
    "node_modules/.bin/wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", query],
    { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
  return JSON.parse(result.stdout)[0].results as Record<string, unknown>[];
}
