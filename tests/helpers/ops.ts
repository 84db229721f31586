import { expect } from "vitest";
import { Client, newAccount } from "./client";
import { sql } from "./workspace";

/** The platform operator of the worker tests (global-setup passes it as OPERATOR_EMAILS). */
export const TEST_OPERATOR_EMAIL = "operator@ops-tests.example";

/** Signs up the operator (once per test server) with a verified address, and returns them signed in. */
export async function signInOperator(baseUrl: string, sqlUrl: string): Promise<Client> {
  const client = new Client(baseUrl);
  const account = { ...newAccount("operator"), email: TEST_OPERATOR_EMAIL };
  const registered = await client.postJson("/api/auth/register", account);
  if (registered.status !== 201) {
    // Already signed up by an earlier file against the same server: sign in instead.
    const login = await client.postJson("/api/auth/login", { email: TEST_OPERATOR_EMAIL, password: account.password });
    expect(login.status).toBe(200);
  }
  sql(sqlUrl, `UPDATE users SET email_verified_at = ${Date.now()} WHERE email = '${TEST_OPERATOR_EMAIL}'`);
  return client;
}

export async function setFaults(baseUrl: string, faults: string[]) {
  const client = new Client(baseUrl);
  const response = await client.postJson("/api/dev/health-faults", { faults });
  expect(response.status).toBe(200);
}
