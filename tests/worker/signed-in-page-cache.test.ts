// ADR 0043: the dashboard and the recent documents are kept rendered per session while the workspace's and the
// person's data_version stand still; D1 triggers raise them on every write, whoever makes it.
import { beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { Client } from "../helpers/client";
import { addMember, eventually, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);
type Owner = Awaited<ReturnType<typeof startWorkspace>>;
type Person = Awaited<ReturnType<typeof addMember>>;

const cspNonce = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
const noncesIn = (html: string) => new Set([...html.matchAll(/\snonce="([^"]+)"/g)].map((m) => m[1]));

function send(client: Client, method: string, path: string, body?: unknown) {
  return client.fetch(path, {
    method,
    headers: { Origin: client.origin, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function visit(client: Client, path: string) {
  const response = await client.fetch(path);
  return { response, cache: response.headers.get("X-Page-Cache"), body: await response.text() };
}

async function upload(client: Client, fileName: string) {
  const response = await client.fetch(`/api/documents?${new URLSearchParams({ fileName })}`, {
    method: "POST",
    headers: { "Content-Type": "application/octet-stream", Origin: client.origin },
    body: `Notes for ${fileName}`,
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

describe("signed-in pages kept rendered while nothing changed", () => {
  let owner: Owner;
  let trustee: Person;

  // A change's background work (an invitation's mail, a document's analysis, the notices of a new role) also writes
  // to the workspace, and a page is rightly rendered afresh after it: wait until the page is kept before the next change.
  const keptOnceSettled = (client: Client, path: string) => eventually(async () => (await visit(client, path)).cache === "hit");

  beforeAll(async () => {
    owner = await startWorkspace(baseUrl, "keptowner", "Kept Pages Trust");
    trustee = await addMember(baseUrl, owner.client, "trustee", "kepttrustee");
  });

  it("serves the dashboard again from the kept page, with a fresh nonce in the page and in its CSP", async () => {
    const [first, second] = await eventually(async () => {
      const pair = [await visit(owner.client, "/dashboard?view=nonce"), await visit(owner.client, "/dashboard?view=nonce")];
      return pair[1]!.cache === "hit" && pair;
    });
    expect(first!.response.status).toBe(200);
    const [a, b] = [cspNonce(first!.response), cspNonce(second!.response)];
    expect(a && b && a !== b).toBe(true);
    expect(noncesIn(first!.body)).toEqual(new Set([a]));
    expect(noncesIn(second!.body)).toEqual(new Set([b]));
    expect(second!.body.split(b!).join(a!)).toBe(first!.body);
    expect(second!.response.headers.get("Cache-Control")).toBe("private, no-store");
    // A client navigation's data is kept the same way.
    expect((await visit(owner.client, "/dashboard.data")).cache).toBe("miss");
    await keptOnceSettled(owner.client, "/dashboard.data");
  });

  it("renders afresh after any write to the workspace: through the API, and straight into D1", async () => {
    await keptOnceSettled(owner.client, "/api/legal/documents/recent");
    await upload(owner.client, "kept-pages-deed.txt");
    const afterUpload = await visit(owner.client, "/api/legal/documents/recent");
    expect(afterUpload.cache).toBe("miss");
    expect(afterUpload.body).toContain("kept-pages-deed");

    // A job, the cron or a room writes without a request of this person: the trigger sees it all the same.
    await keptOnceSettled(owner.client, "/api/legal/documents/recent");
    sql(`UPDATE documents SET title = 'Renamed by a job' WHERE workspace_id = '${owner.me.workspace.id}' AND title LIKE 'kept-pages-deed%'`);
    const afterJob = await visit(owner.client, "/api/legal/documents/recent");
    expect(afterJob.cache).toBe("miss");
    expect(afterJob.body).toContain("Renamed by a job");
  });

  it("never serves one person's kept page to another, nor to a session that ended", async () => {
    await keptOnceSettled(owner.client, "/dashboard?view=people");
    const trusteePage = await visit(trustee.client, "/dashboard?view=people");
    expect(trusteePage.cache).toBe("miss");
    expect(trusteePage.body).toContain(trustee.account.email);

    const laptop = new Client(baseUrl);
    expect((await laptop.postJson("/api/auth/login", { email: trustee.account.email, password: trustee.account.password })).status).toBe(200);
    expect((await visit(laptop, "/dashboard?view=people")).cache).toBe("miss");
    await keptOnceSettled(laptop, "/dashboard?view=people");
    const cookie = laptop.cookieHeader();
    expect((await laptop.postForm("/api/logout", {})).status).toBe(302);
    // The ended session's cookie, sent again, is led to sign in; the kept dashboard is never served to it.
    const stale = await fetch(`${baseUrl}/dashboard?view=people`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(stale.headers.get("X-Page-Cache")).toBeNull();
    expect(stale.status).toBe(302);
  });

  it("renders afresh when the person's role, a member's name or the workspace changes", async () => {
    const before = await visit(trustee.client, "/dashboard?view=role");
    await keptOnceSettled(trustee.client, "/dashboard?view=role");
    expect((await send(owner.client, "PATCH", `/api/workspaces/members/${trustee.me.id}`, { role: "beneficiary" })).status).toBe(200);
    const demoted = await visit(trustee.client, "/dashboard?view=role");
    expect(demoted.cache).toBe("miss");
    expect(demoted.body).not.toBe(before.body);

    // The owner's name, changed straight in D1: every page of their workspaces shows it anew.
    await visit(owner.client, "/dashboard?view=role");
    await keptOnceSettled(owner.client, "/dashboard?view=role");
    sql(`UPDATE users SET name = 'Renamed Owner' WHERE id = '${owner.me.id}'`);
    const renamed = await visit(owner.client, "/dashboard?view=role");
    expect(renamed.cache).toBe("miss");
    expect(renamed.body).toContain("Renamed Owner");
    // The trustee's page shows the owner too (members, activity): it is stale as well.
    expect((await visit(trustee.client, "/dashboard?view=role")).cache).toBe("miss");

    // The workspace renamed: its members' workspace menus (their person's version) and its pages change.
    const version = Number(sql(`SELECT data_version AS v FROM users WHERE id = '${trustee.me.id}'`)[0].v);
    await keptOnceSettled(owner.client, "/dashboard?view=role");
    sql(`UPDATE workspaces SET name = 'Kept Pages Trust (renamed)' WHERE id = '${owner.me.workspace.id}'`);
    expect(Number(sql(`SELECT data_version AS v FROM users WHERE id = '${trustee.me.id}'`)[0].v)).toBeGreaterThan(version);
    const menu = await visit(owner.client, "/dashboard?view=role");
    expect(menu.cache).toBe("miss");
    expect(menu.body).toContain("Kept Pages Trust (renamed)");
  });

  it("has the three version triggers on every table with a workspace_id (a new table needs them too)", () => {
    // D1 refuses pragma functions: a table's columns are read from its CREATE statement (ALTERs rewrite it too).
    const tables = sql(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name <> 'sessions'`)
      .filter((row) => /`workspace_id`/.test(String(row.sql)))
      .map((row) => String(row.name));
    expect(tables.length).toBeGreaterThan(60);
    const triggers = new Set(sql(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_dv_%'`).map((row) => String(row.name)));
    const missing = tables.flatMap((table) => ["insert", "update", "delete"].map((event) => `${table}_dv_${event}`)).filter((name) => !triggers.has(name));
    expect(missing).toEqual([]);
  });
});
