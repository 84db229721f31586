import { expect } from "vitest";
import type { Client } from "./client";

/** Opens the trust's checking account (…0932, $50,000 on 1 January of `year`) and imports one statement into it. */
export async function checkingWithStatement(client: Client, year: number, statement: string, fileName: string): Promise<string> {
  const created = await client.postJson("/api/banking/accounts", {
    name: "Checking",
    institution: "Pacific Coast Bank",
    type: "checking",
    currency: "USD",
    lastFour: "0932",
    openingBalanceMinor: 5_000_000,
    openingOn: `${year}-01-01`,
  });
  expect(created.status).toBe(201);
  const accountId = ((await created.json()) as { id: string }).id;
  const form = new FormData();
  form.set("file", new Blob([statement]), fileName);
  const preview = await client.fetch(`/api/banking/accounts/${accountId}/imports`, { method: "POST", body: form, headers: { Origin: client.origin } });
  expect(preview.status, await preview.clone().text()).toBe(200);
  const { importId } = (await preview.json()) as { importId: string };
  expect((await client.postJson(`/api/banking/imports/${importId}/commit`, {})).status).toBe(200);
  return accountId;
}
