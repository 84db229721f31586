// Issue 22: what an outside probe found, each with the test that failed before the mend.
import { request as httpRequest } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { migrate, startServer } from "../../scripts/lib.mjs";
import { Client, clientAddressHeaders, latestMail, newAccount, registerUser } from "../helpers/client";
import { freePort } from "../helpers/ports";
import { addMember, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);
const json = async <T = any>(response: Response): Promise<T> => (await response.json()) as T;

/** A raw HTTP request, so the Host header is exactly what an attacker sends (fetch would set its own). */
function rawRequest(url: string, { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest({ host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}

const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

describe("links in mail come from PUBLIC_ORIGIN, never from the request", () => {
  it("a reset link never takes its host from the request", async () => {
    const { account } = await registerUser(baseUrl, "hostreset");
    const body = JSON.stringify({ email: account.email });
    const response = await rawRequest(`${baseUrl}/api/auth/forgot-password`, {
      method: "POST",
      headers: {
        Host: "attacker.example",
        "Content-Type": "application/json",
        "Content-Length": String(Buffer.byteLength(body)),
        ...clientAddressHeaders(randomIp()),
      },
      body,
    });
    expect(response.status).toBe(200);
    const mail = await latestMail(baseUrl, account.email);
    expect(mail?.subject).toMatch(/reset/i);
    expect(new URL(mail!.link!).origin).toBe(new URL(baseUrl).origin);
    expect(mail!.link).not.toContain("attacker.example");
  });

  it("a verification link never takes its host from the request either", async () => {
    const account = newAccount("hostverify");
    const body = JSON.stringify(account);
    const response = await rawRequest(`${baseUrl}/api/auth/register`, {
      method: "POST",
      headers: {
        Host: "attacker.example:8443",
        "Content-Type": "application/json",
        "Content-Length": String(Buffer.byteLength(body)),
        ...clientAddressHeaders(randomIp()),
      },
      body,
    });
    expect(response.status).toBe(201);
    const mail = await latestMail(baseUrl, account.email);
    expect(new URL(mail!.link!).origin).toBe(new URL(baseUrl).origin);
  });
});

describe("after sign-in only our own paths", () => {
  it.each(["/%09/evil.example/phish", "/%0a/x", "/%5Cevil.example", "//evil.example", "https://evil.example/", "/%20/evil.example"])(
    "a signed-in visit to /auth?redirectTo=%s lands on /chat (never a 500)",
    async (target) => {
      const { client } = await registerUser(baseUrl, "redir");
      const response = await client.get(`/auth?redirectTo=${target}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/chat");
    },
  );

  it("the sign-in form's redirectTo is checked the same way", async () => {
    const { account } = await registerUser(baseUrl, "redirform");
    const client = new Client(baseUrl);
    const response = await client.postForm("/auth", {
      intent: "login",
      email: account.email,
      password: account.password,
      redirectTo: "/\t/evil.example/phish",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/chat");
    const fine = await new Client(baseUrl).postForm("/auth", {
      intent: "login",
      email: account.email,
      password: account.password,
      redirectTo: "/documents?x=1",
    });
    expect(fine.headers.get("Location")).toBe("/documents?x=1");
  });
});

describe("signing out", () => {
  const signedIn = async (client: Client) => (await client.get("/api/auth/user")).status === 200;

  it("a cross-site link does not sign anyone out: it asks, and only the posted button signs out", async () => {
    const { client } = await registerUser(baseUrl, "logoutx");
    const cases: Record<string, string>[] = [
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { "Sec-Fetch-Site": "none" },
      {},
      { Referer: "https://evil.example/page" },
    ];
    for (const headers of cases) {
      const response = await client.get("/api/logout", headers);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Sign out?");
      expect(html).toMatch(/<form[^>]*method="post"/i);
      expect(await signedIn(client)).toBe(true);
    }
    // A cross-site post of that button is refused before it runs.
    const forged = await client.fetch("/api/logout", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(forged.status).toBe(403);
    expect(await signedIn(client)).toBe(true);
    const posted = await client.fetch("/api/logout", {
      method: "POST",
      headers: { Origin: client.origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(posted.status).toBe(302);
    expect(await signedIn(client)).toBe(false);
  });

  it("the shell's link (same-origin, or a same-origin Referer) signs out at once", async () => {
    const first = await registerUser(baseUrl, "logoutsame");
    const response = await first.client.get("/api/logout", { "Sec-Fetch-Site": "same-origin" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await signedIn(first.client)).toBe(false);
    const second = await registerUser(baseUrl, "logoutref");
    expect((await second.client.get("/api/logout", { Referer: `${baseUrl}/dashboard` })).status).toBe(302);
    expect(await signedIn(second.client)).toBe(false);
  });
});

describe("sign-ups are limited", () => {
  it("six sign-ups in a row from one address: the sixth gets 429 with Retry-After, audited, and no mail", async () => {
    const client = new Client(baseUrl);
    for (let i = 0; i < 5; i++) expect((await client.postJson("/api/auth/register", newAccount("burst"))).status).toBe(201);
    const sixth = newAccount("burst");
    const refused = await client.postJson("/api/auth/register", sixth);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await json(refused)).error).toMatch(/^Too many accounts were created from this network/);
    expect(await latestMail(baseUrl, sixth.email)).toBeNull();
    const audited = sql(`SELECT outcome, metadata FROM audit_log WHERE action = 'auth.register' AND ip = '${client.ip}' ORDER BY created_at`);
    expect(audited.map((r) => r.outcome)).toEqual(["success", "success", "success", "success", "success", "denied"]);
    // Another address is not affected.
    expect((await new Client(baseUrl).postJson("/api/auth/register", newAccount("other"))).status).toBe(201);
  });

  it("verification mails to one recipient are limited, however they are asked for", async () => {
    const { client, userId } = await registerUser(baseUrl, "mailflood");
    for (let i = 0; i < 4; i++) expect((await client.postJson("/api/auth/resend-verification", {})).status).toBe(200);
    const refused = await client.postJson("/api/auth/resend-verification", {});
    expect(refused.status).toBe(429);
    const denied = sql(`SELECT outcome FROM audit_log WHERE action = 'auth.verification_mail' AND actor_user_id = '${userId}'`);
    expect(denied.map((r) => r.outcome)).toEqual(["denied"]);
  });
});

describe("topics: one rule for every field", () => {
  it("a member who did not start the topic or its channel cannot relabel, resolve or reopen it; the starter and trustees can", async () => {
    const owner = await startWorkspace(baseUrl, "topicrule", "The Topic Rule Trust");
    const family = await addMember(baseUrl, owner.client, "family_member", "topicrulefam");
    const starter = await addMember(baseUrl, owner.client, "beneficiary", "topicrulestart");
    const channels = (await json<{ channels: { id: string; isDefault: boolean }[] }>(await owner.client.get("/api/chat/channels"))).channels;
    const general = channels.find((c) => c.isDefault)!;
    const posted = await starter.client.postJson(`/api/chat/channels/${general.id}/messages`, { body: "About the cabin", topic: "Cabin" });
    const topicId = (await json<{ message: { topicId: string } }>(posted)).message.topicId;
    const patch = (client: Client, body: unknown) =>
      client.fetch(`/api/chat/topics/${topicId}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json", Origin: client.origin },
        body: JSON.stringify(body),
      });

    for (const body of [{ purpose: "Hijacked" }, { resolved: true }, { name: "Renamed" }]) {
      const refused = await patch(family.client, body);
      expect(refused.status).toBe(403);
      expect((await json(refused)).error).toBe("Only whoever started this topic or its channel, the owner and trustees can change it.");
    }
    const topic = sql(`SELECT purpose, resolved_at, name FROM chat_topics WHERE id = '${topicId}'`)[0];
    expect(topic).toMatchObject({ purpose: null, resolved_at: null, name: "Cabin" });
    expect(sql(`SELECT count(*) AS n FROM audit_log WHERE action = 'chat.topic.update' AND outcome = 'denied' AND target_id = '${topicId}'`)[0].n).toBe(3);

    expect((await patch(starter.client, { purpose: "Cabin roof" })).status).toBe(200);
    expect((await patch(owner.client, { resolved: true })).status).toBe(200);
    expect((await patch(starter.client, { resolved: false })).status).toBe(200);
  });
});

describe("small holes", () => {
  it("a method a JSON route does not take gets 405 with the house's sentence, never Remix's 'Unexpected Server Error'", async () => {
    const { client } = await registerUser(baseUrl, "methods");
    const id = "00000000-0000-4000-8000-000000000000";
    const cases: [string, string][] = [
      ["GET", `/api/chat/channels/${id}/members`],
      ["GET", `/api/chat/channels/${id}/read`],
      ["GET", `/api/chat/topics/${id}`],
      ["GET", `/api/chat/topics/${id}/phones`],
      ["POST", "/api/auth/user"],
      ["POST", "/api/chat/search"],
      ["POST", "/api/chat/topics"],
      ["POST", "/api/chat/documents"],
      ["POST", `/api/documents/${id}/file`],
      ["POST", `/api/documents/${id}/compare`],
      ["POST", `/api/polls/${id}`],
      ["POST", "/api/legal/documents/recent"],
    ];
    for (const [method, path] of cases) {
      const response = await client.fetch(path, {
        method,
        headers: { Origin: client.origin, "Content-Type": "application/json" },
        body: method === "GET" ? undefined : "{}",
      });
      const text = await response.text();
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("Allow"), `${method} ${path}`).toBeTruthy();
      expect(text).not.toContain("Unexpected Server Error");
      expect(JSON.parse(text)).toMatchObject({ success: false, error: expect.stringMatching(/^[A-Z].+\.$/) });
    }
  });

  it("an upload's answer does not carry where the file is stored", async () => {
    const owner = await startWorkspace(baseUrl, "nokey", "The Storage Key Trust");
    const response = await owner.client.fetch(`/api/documents?fileName=${encodeURIComponent("note.txt")}`, {
      method: "POST",
      headers: { Origin: owner.client.origin, "Content-Type": "text/plain" },
      body: "The trustee shall keep records.",
    });
    expect(response.status).toBe(201);
    const text = await response.text();
    expect(text).not.toMatch(/storageKey|storage_key|ws\//);
    expect(JSON.parse(text).document.id).toBeTruthy();
  });
});

describe("development tools are an explicit opt-in; production serves only its own host", () => {
  let off: Awaited<ReturnType<typeof startServer>>;
  let production: Awaited<ReturnType<typeof startServer>>;
  let state: string;

  beforeAll(async () => {
    state = mkdtempSync(join(tmpdir(), "devtools-"));
    migrate(state);
    off = await startServer({ port: await freePort(), persistTo: state, vars: { DEV_TOOLS: "off" } });
    production = await startServer({
      port: await freePort(),
      persistTo: state,
      vars: { APP_ENV: "production", PUBLIC_ORIGIN: "https://trust.example", DEV_TOOLS: "off" },
    });
  }, 90_000);

  afterAll(async () => {
    await Promise.all([off?.stop(), production?.stop()]);
    rmSync(state, { recursive: true, force: true });
  });

  it("without DEV_TOOLS=on the outbox, the phone and its API are not there", async () => {
    expect((await fetch(`${off.url}/dev/outbox`)).status).toBe(404);
    const { client } = await registerUser(off.url, "devoff");
    expect((await client.get("/dev/phone")).status).toBe(404);
    expect((await client.get("/api/dev/sms?phone=%2B14155550123")).status).toBe(404);
    expect((await client.postJson("/api/dev/sms", { from: "+14155550123", body: "hi" })).status).toBe(404);
  });

  it("with DEV_TOOLS=on, the tools still answer only on loopback", async () => {
    for (const host of ["trust.example", "192.168.1.20:8787", "attacker.example"]) {
      const response = await rawRequest(`${baseUrl}/dev/outbox`, { headers: { Host: host } });
      expect(response.status).toBe(404);
      expect(response.body).not.toContain("outbox-mail");
    }
    expect((await fetch(`${baseUrl}/dev/outbox`)).status).toBe(200);
  });

  it("the tests' SQL door opens only with this run's key, on loopback", async () => {
    const door = new URL(sqlUrl);
    const key = door.hash.slice(1);
    door.hash = "";
    const attempt = (headers: Record<string, string>) => fetch(door, { method: "POST", body: "DELETE FROM users", headers });
    for (const headers of [{} as Record<string, string>, { Authorization: "Bearer wrong" }, { Authorization: `Bearer ${key}x` }, { Authorization: key }]) {
      // Refused, it is any unknown address: 404, or 405 for a POST there.
      expect([404, 405]).toContain((await attempt(headers)).status);
    }
    const foreignHost = await rawRequest(door.href, {
      method: "POST",
      body: "SELECT 1 AS one",
      headers: { Host: "trust.example", Authorization: `Bearer ${key}` },
    });
    expect([404, 405]).toContain(foreignHost.status);
    expect(sql("SELECT count(*) AS n FROM users")[0].n).toBeGreaterThan(0);
    expect([404, 405]).toContain((await fetch(`${off.url}/__dev/sql`, { method: "POST", body: "SELECT 1" })).status);
  });

  it("in production a request for another Host is refused, and the development tools are off", async () => {
    const foreign = await rawRequest(`${production.url}/api/auth/user`, { headers: { Host: "attacker.example" } });
    expect(foreign.status).toBe(421);
    expect(JSON.parse(foreign.body)).toMatchObject({ success: false, error: "This address is not served here." });
    const ours = await rawRequest(`${production.url}/api/auth/user`, { headers: { Host: "trust.example" } });
    expect(ours.status).toBe(401);
    expect((await rawRequest(`${production.url}/dev/outbox`, { headers: { Host: "trust.example" } })).status).toBe(404);
  });
});
