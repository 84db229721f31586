// The second probe's findings in accounts, sign-in and invitations, against the real Worker: limits counted before the
// check (5), invitations bound to their address (8), form posts that are not forms (11), and the client address outside
// production (12).
import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { clientIp, DEV_CLIENT_ADDRESS_KEY_HEADER, LOCAL_CLIENT_ADDRESS } from "../../app/platform/request-context.server";
import { Client, latestMail, newAccount, registerUser, STRONG_PASSWORD } from "../helpers/client";
import { codeAt, enrolTotp } from "../helpers/second-factor";
import { sql as runSql, startWorkspace as startWorkspaceAt } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);
const startWorkspace = (prefix: string, trustName: string) => startWorkspaceAt(baseUrl, prefix, trustName);

/** `n` six-digit codes that the app shows at no moment near now: certainly wrong. */
function wrongCodes(secret: string, n: number): string[] {
  const near = new Set([-60, -30, 0, 30, 60].map((offset) => codeAt(secret, offset)));
  const codes: string[] = [];
  while (codes.length < n) {
    const code = String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");
    if (!near.has(code) && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

/** The password step of a fresh browser (its own address): it owes the second factor. */
async function passwordStep(email: string) {
  const client = new Client(baseUrl);
  const response = await client.postJson("/api/auth/login", { email, password: STRONG_PASSWORD });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ secondFactorRequired: true });
  return client;
}

const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe("finding 5: limits are counted before the check, in the statement that refuses", () => {
  it("8 parallel sign-ins × 5 wrong codes: at most 10 are checked, the rest 429; the right code is then refused too", async () => {
    const { client, account, userId } = await registerUser(baseUrl, "race2fa");
    const { secret } = await enrolTotp(client);
    // Eight browsers past the password (one after another: right passwords in flight count against the account's
    // failure limit until they are known to be right), then 40 codes at once.
    const steps: Client[] = [];
    for (let i = 0; i < 8; i++) steps.push(await passwordStep(account.email));

    const codes = wrongCodes(secret, 40);
    const answers = await Promise.all(
      steps.flatMap((step, i) => codes.slice(i * 5, i * 5 + 5).map((code) => step.postJson("/api/auth/second-factor", { code }))),
    );
    const statuses = answers.map((r) => r.status);
    // 401: the code was checked (and wrong); 429: refused before any check.
    expect(countOf(statuses, 401)).toBeLessThanOrEqual(10);
    expect(countOf(statuses, 401) + countOf(statuses, 429)).toBe(40);
    expect(countOf(statuses, 429)).toBeGreaterThanOrEqual(30);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Too many wrong codes|too many/i);
    const checked = sql(`SELECT count(*) AS n FROM audit_log WHERE action = 'auth.second_factor' AND outcome = 'failure' AND actor_user_id = '${userId}'`)[0]
      .n as number;
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked).toBe(countOf(statuses, 401));

    // A new password step, and the right code: the account's limit is reached, so it is refused unchecked.
    const last = await passwordStep(account.email);
    const right = await last.postJson("/api/auth/second-factor", { code: codeAt(secret) });
    expect(right.status).toBe(429);
    expect(last.cookies.has("session")).toBe(false);
  });

  it("right passwords of an account with a second factor are limited too: the 11th within 15 minutes is refused and audited", async () => {
    const { client, account, userId } = await registerUser(baseUrl, "passed2fa");
    await enrolTotp(client);
    for (let i = 0; i < 10; i++) await passwordStep(account.email);
    const eleventh = await new Client(baseUrl).postJson("/api/auth/login", { email: account.email, password: STRONG_PASSWORD });
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await eleventh.json()) as { error: string }).error).toMatch(/^Too many sign-ins to this account/);
    const denied = sql(`SELECT metadata FROM audit_log WHERE action = 'auth.login' AND outcome = 'denied' AND actor_user_id = '${userId}'`);
    expect(denied.map((r) => JSON.parse(String(r.metadata)))).toContainEqual({ reason: "too_many_sign_ins" });
  });

  it("parallel wrong passwords for one account: at most 5 are checked, the rest 429, and the right password is refused after", async () => {
    const { account } = await registerUser(baseUrl, "racepw");
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => new Client(baseUrl).postJson("/api/auth/login", { email: account.email, password: `Wrong&Pass${i}x` })),
    );
    const statuses = answers.map((r) => r.status);
    expect(countOf(statuses, 401)).toBeLessThanOrEqual(5);
    expect(countOf(statuses, 401) + countOf(statuses, 429)).toBe(16);
    expect((await new Client(baseUrl).postJson("/api/auth/login", { email: account.email, password: account.password })).status).toBe(429);
  });

  it("a right password gives its count back: signing in again and again from one address is not a failure", async () => {
    const { account } = await registerUser(baseUrl, "regular");
    const home = new Client(baseUrl);
    for (let i = 0; i < 3; i++) expect((await home.postJson("/api/auth/login", { email: account.email, password: account.password })).status).toBe(200);
    const row = sql(`SELECT count FROM rate_limits WHERE key = 'login:ip:${home.ip}'`);
    expect(row.length === 0 || row[0].count === 0).toBe(true);
  });

  it("parallel wrong passwords while setting up the app, and for a password change: at most 5 checked each", async () => {
    const { client } = await registerUser(baseUrl, "racemanage");
    expect((await client.postJson("/api/auth/factors/totp-setup", {})).status).toBe(200);
    const confirms = await Promise.all(
      Array.from({ length: 12 }, (_, i) => client.postJson("/api/auth/factors/totp-confirm", { code: "123456", password: `Wrong&Pass${i}x` })),
    );
    const confirmStatuses = confirms.map((r) => r.status);
    expect(countOf(confirmStatuses, 400)).toBeLessThanOrEqual(5);
    expect(countOf(confirmStatuses, 400) + countOf(confirmStatuses, 429)).toBe(12);

    const { client: other } = await registerUser(baseUrl, "racechange");
    const changes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        other.postForm("/profile", {
          intent: "password",
          currentPassword: `Wrong&Pass${i}x`,
          password: "N3w&Better!Horse",
          confirmPassword: "N3w&Better!Horse",
        }),
      ),
    );
    const changeStatuses = changes.map((r) => r.status);
    expect(countOf(changeStatuses, 400)).toBeLessThanOrEqual(5);
    expect(countOf(changeStatuses, 400) + countOf(changeStatuses, 429)).toBe(12);
  });
});

describe("finding 8: an invitation is accepted only under the address it was sent to", () => {
  async function invite(prefix: string, role = "co_trustee") {
    const owner = await startWorkspace(prefix, `The ${prefix} Trust`);
    const invitee = newAccount(`${prefix}inv`);
    expect((await owner.client.postForm("/admin", { email: invitee.email, role })).status).toBe(200);
    const mail = await latestMail(baseUrl, invitee.email);
    return { owner, invitee, token: mail!.token!, workspaceId: owner.me.workspace.id };
  }

  const members = (workspaceId: string) =>
    sql(`SELECT u.email, m.role FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = '${workspaceId}' ORDER BY u.email`);

  it("the form shows the invited address filled in and fixed", async () => {
    const { invitee, token } = await invite("fixedaddr");
    const html = await (await new Client(baseUrl).get(`/invite-signup?token=${token}`)).text();
    const input = html.match(/<input[^>]*name="email"[^>]*>/)?.[0] ?? "";
    expect(input).toContain(`value="${invitee.email}"`);
    expect(input).toMatch(/readonly/i);
  });

  it("joining under another address is refused with a sentence and audited; no account, no member; the invited address still can", async () => {
    const { invitee, token, workspaceId } = await invite("otheraddr");
    const stranger = newAccount("stranger");
    const refused = await new Client(baseUrl).postForm(`/invite-signup?token=${token}`, { ...invitee, email: stranger.email });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(`This invitation was sent to ${invitee.email} and can only be accepted with that address.`);
    expect(sql(`SELECT id FROM users WHERE email = '${stranger.email}'`)).toHaveLength(0);
    expect(members(workspaceId).map((m) => m.email)).not.toContain(stranger.email);
    const audit = sql(
      `SELECT outcome, metadata FROM audit_log WHERE action = 'workspace.invitation_accepted' AND workspace_id = '${workspaceId}' ORDER BY created_at`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0].outcome).toBe("denied");
    expect(JSON.parse(String(audit[0].metadata))).toMatchObject({ reason: "email_mismatch", via: "new_account" });

    // An address left out is the invitation's.
    const joined = new Client(baseUrl);
    const { email: _email, ...withoutEmail } = invitee;
    expect((await joined.postForm(`/invite-signup?token=${token}`, withoutEmail)).status).toBe(302);
    const me = (await (await joined.get("/api/auth/user")).json()) as { email: string; emailVerified: boolean; workspace: { id: string; role: string } };
    expect(me).toMatchObject({ email: invitee.email, emailVerified: true, workspace: { id: workspaceId, role: "co_trustee" } });
  });

  it("the invited address in other letters is the same address", async () => {
    const { invitee, token, workspaceId } = await invite("caseaddr", "beneficiary");
    const joined = await new Client(baseUrl).postForm(`/invite-signup?token=${token}`, { ...invitee, email: ` ${invitee.email.toUpperCase()} ` });
    expect(joined.status).toBe(302);
    expect(members(workspaceId)).toContainEqual({ email: invitee.email, role: "beneficiary" });
  });

  it("a signed-in account of another address cannot accept: told so on the page, refused with a sentence and audited", async () => {
    const { invitee, token, workspaceId } = await invite("signedother");
    const other = await registerUser(baseUrl, "elsewhere");
    const page = await (await other.client.get(`/invite-signup?token=${token}`)).text();
    expect(page).toContain('data-testid="invite-wrong-account"');
    expect(page).not.toContain(">Accept invitation<");

    const refused = await other.client.postForm(`/invite-signup?token=${token}`, {});
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(`This invitation was sent to ${invitee.email}`);
    expect(members(workspaceId).map((m) => m.email)).not.toContain(other.account.email);
    const audit = sql(
      `SELECT actor_user_id, outcome, metadata FROM audit_log WHERE action = 'workspace.invitation_accepted' AND workspace_id = '${workspaceId}'`,
    );
    expect(audit).toEqual([{ actor_user_id: other.userId, outcome: "denied", metadata: expect.stringContaining('"via":"signed_in"') }]);

    // The invited address's own account, signed in, accepts it.
    const invited = await registerUser(baseUrl, "invitedacct");
    sql(`UPDATE users SET email = '${invitee.email}' WHERE id = '${invited.userId}'`);
    expect((await invited.client.postForm(`/invite-signup?token=${token}`, {})).status).toBe(302);
    expect(members(workspaceId)).toContainEqual({ email: invitee.email, role: "co_trustee" });
  });
});

describe("finding 11: a form post without a form answers 400 with the house's sentence, never 500", () => {
  const SENTENCE = "This form arrived empty or not as a form. Reload the page and send it again.";
  const bodies: [string, (origin: string) => RequestInit & { headers: Record<string, string> }][] = [
    ["no body", (origin) => ({ method: "POST", headers: { Origin: origin } })],
    ["a JSON body", (origin) => ({ method: "POST", headers: { Origin: origin, "Content-Type": "application/json" }, body: '{"email":"a@example.com"}' })],
    ["text", (origin) => ({ method: "POST", headers: { Origin: origin, "Content-Type": "text/plain" }, body: "\u0000\u00ff garbage" })],
    [
      "a broken multipart body",
      (origin) => ({ method: "POST", headers: { Origin: origin, "Content-Type": "multipart/form-data; boundary=x" }, body: "garbage" }),
    ],
    ["multipart without a boundary", (origin) => ({ method: "POST", headers: { Origin: origin, "Content-Type": "multipart/form-data" }, body: "--x\r\n" })],
  ];

  async function expectRefused(client: Client, path: string) {
    for (const [label, init] of bodies) {
      const response = await client.fetch(path, init(client.origin));
      expect(response.status, `${path} with ${label}`).toBe(400);
      expect(await response.text(), `${path} with ${label}`).toContain(SENTENCE);
    }
  }

  it.each(["/auth", "/login", "/customer-signup", "/invite-signup?token=x", "/reset-password?token=x"])("signed out: POST %s", async (path) => {
    await expectRefused(new Client(baseUrl), path);
  });

  it("signed in: the profile, the admin page, notifications, polls, compliance reminders, banking, a sign-up and an invitation", async () => {
    const { client } = await startWorkspace("formless", "The Formless Trust");
    for (const path of [
      "/profile",
      "/admin",
      "/notifications",
      "/polling",
      "/compliance-notifications",
      "/trust-banking",
      "/customer-signup",
      "/invite-signup?token=x",
    ]) {
      await expectRefused(client, path);
    }
  });

  it("a form of garbage is a form: its fields are refused with a 4xx, never a 500", async () => {
    for (const path of ["/auth", "/customer-signup", "/invite-signup?token=x"]) {
      const response = await new Client(baseUrl).fetch(path, {
        method: "POST",
        headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
        body: "%%%&&==\u00ff=\u0000&intent=%zz",
      });
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
    }
  });

  it("a data request (client navigation) gets the same 400 and sentence", async () => {
    const response = await new Client(baseUrl).fetch("/auth.data", { method: "POST", headers: { Origin: baseUrl } });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(SENTENCE);
  });
});

describe("finding 12: outside production the client address is the connection's, not a header a client sets", () => {
  const FORGED = "203.0.113.9";

  it("a sign-in with a forged CF-Connecting-IP puts the connection's address in the audit log, the session and the limits", async () => {
    const { account, userId } = await registerUser(baseUrl, "forged");
    const forger = new Client(baseUrl, FORGED, { vouch: false });
    expect((await forger.postJson("/api/auth/login", { email: account.email, password: "Wrong&Guess123" })).status).toBe(401);
    expect((await forger.postJson("/api/auth/login", { email: account.email, password: account.password })).status).toBe(200);
    const audit = sql(`SELECT ip, outcome FROM audit_log WHERE action = 'auth.login' AND actor_user_id = '${userId}' ORDER BY created_at`);
    expect(audit.map((r) => r.outcome)).toEqual(["failure", "success"]);
    expect(audit.every((r) => r.ip === LOCAL_CLIENT_ADDRESS)).toBe(true);
    expect(sql(`SELECT ip FROM sessions WHERE user_id = '${userId}' AND ip = '${FORGED}'`)).toHaveLength(0);
    expect(sql(`SELECT count(*) AS n FROM audit_log WHERE ip = '${FORGED}'`)[0].n).toBe(0);
    expect(sql(`SELECT key FROM rate_limits WHERE key LIKE '%${FORGED}%'`)).toHaveLength(0);
  });

  it("rotating the header does not dodge the per-address limit", async () => {
    sql(`DELETE FROM rate_limits WHERE key = 'login:ip:${LOCAL_CLIENT_ADDRESS}'`);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const rotating = new Client(baseUrl, `198.51.100.${i + 1}`, { vouch: false });
        statuses.push((await rotating.postJson("/api/auth/login", { email: `nobody-${i}-${Date.now()}@example.com`, password: "Guess&Word123" })).status);
      }
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
      expect(sql(`SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'login:ip:198.51.100.%'`)[0].n).toBe(0);
    } finally {
      // The loopback address is every unvouched request's: the files after this one start with it clear.
      sql(`DELETE FROM rate_limits WHERE key = 'login:ip:${LOCAL_CLIENT_ADDRESS}'`);
    }
  });

  it("only the test run's key vouches for a named address; production takes Cloudflare's header", () => {
    const request = (headers: Record<string, string>) => new Request("http://127.0.0.1/", { headers });
    const key = "k".repeat(40);
    const development = { APP_ENV: "development" as const, DEV_CLIENT_ADDRESS_KEY: key };
    expect(clientIp(request({ "CF-Connecting-IP": FORGED }), development)).toBe(LOCAL_CLIENT_ADDRESS);
    expect(clientIp(request({ "X-Forwarded-For": FORGED }), development)).toBe(LOCAL_CLIENT_ADDRESS);
    expect(clientIp(request({ "CF-Connecting-IP": FORGED, [DEV_CLIENT_ADDRESS_KEY_HEADER]: "wrong" }), development)).toBe(LOCAL_CLIENT_ADDRESS);
    expect(clientIp(request({ "CF-Connecting-IP": "not an address", [DEV_CLIENT_ADDRESS_KEY_HEADER]: key }), development)).toBe(LOCAL_CLIENT_ADDRESS);
    expect(clientIp(request({ "CF-Connecting-IP": FORGED, [DEV_CLIENT_ADDRESS_KEY_HEADER]: key }), development)).toBe(FORGED);
    expect(clientIp(request({ "CF-Connecting-IP": FORGED, [DEV_CLIENT_ADDRESS_KEY_HEADER]: key }), { APP_ENV: "development" })).toBe(LOCAL_CLIENT_ADDRESS);
    expect(clientIp(request({ "CF-Connecting-IP": FORGED }), { APP_ENV: "production" })).toBe(FORGED);
  });
});
