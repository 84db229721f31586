import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { Client, latestMail, newAccount, registerUser } from "../helpers/client";
import { sql as runSql, startWorkspace as startWorkspaceAt } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;

const startWorkspace = (prefix: string, trustName: string) => startWorkspaceAt(baseUrl, prefix, trustName);
const sql = (query: string) => runSql(sqlUrl, query);

describe("workspaces, invitations and tenancy", () => {
  it("/customer-signup starts a workspace with a 30-day trial and the creator's role", async () => {
    const { me, client } = await startWorkspace("founder", "The Okafor Family Trust");
    expect(me.workspace).toMatchObject({ name: "The Okafor Family Trust", role: "owner" });
    const dashboard = await (await client.get("/dashboard")).text();
    expect(dashboard).toContain("The Okafor Family Trust");
    expect(dashboard).toMatch(/Free trial until/);
  });

  it("/customer-signup shows every field message and keeps nothing on bad input", async () => {
    const client = new Client(baseUrl);
    const account = newAccount("badsignup");
    const response = await client.postForm("/customer-signup", { ...account, trustName: "x", role: "king", jurisdiction: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Trust name must be at least 2 characters");
    expect(html).toContain("Choose one of the listed roles");
    expect(html).toContain("Jurisdiction must be at least 2 characters");
    expect((await new Client(baseUrl).postJson("/api/auth/login", { email: account.email, password: account.password })).status).toBe(401);
  });

  it("an invitation joins the workspace with its role; the link works once", async () => {
    const owner = await startWorkspace("inviter", "The Lindqvist Trust");
    const invitee = newAccount("invitee");
    const sent = await owner.client.postForm("/admin", { email: invitee.email, role: "beneficiary" });
    expect(sent.status).toBe(200);
    const mail = await latestMail(baseUrl, invitee.email);
    expect(mail?.subject).toBe("You're invited to The Lindqvist Trust");

    const page = await new Client(baseUrl).get(`/invite-signup?token=${mail!.token}`);
    expect(await page.text()).toContain("invited you to join The Lindqvist Trust as Beneficiary");

    const guest = new Client(baseUrl);
    const joined = await guest.postForm(`/invite-signup?token=${mail!.token}`, invitee);
    expect(joined.status).toBe(302);
    const me = (await (await guest.get("/api/auth/user")).json()) as { workspace: { id: string; role: string }; emailVerified: boolean };
    expect(me.workspace).toMatchObject({ id: owner.me.workspace.id, role: "beneficiary" });
    expect(me.emailVerified).toBe(true);

    const reused = await new Client(baseUrl).get(`/invite-signup?token=${mail!.token}`);
    expect(await reused.text()).toContain("invalid, was already used, or has expired");

    // A beneficiary is not an administrator: no settings, no invitations.
    const admin = await guest.get("/admin");
    expect(admin.status).toBe(403);
    const invite = await guest.postForm("/admin", { email: "someone@example.com", role: "viewer" });
    expect(invite.status).toBe(403);
  });

  it("invitations refuse the owner role and bad addresses", async () => {
    const owner = await startWorkspace("strict", "The Strict Trust");
    const response = await owner.client.postForm("/admin", { email: "not-an-email", role: "owner" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Invalid email address");
    expect(html).toContain("Choose one of the listed roles");
  });

  it("revoking an invitation needs one of this workspace's pending invitations; a bad revoke keeps the invitation", async () => {
    const owner = await startWorkspace("revoker", "The Revoking Trust");
    const other = await startWorkspace("revoker2", "Another Trust");
    const invitee = newAccount("revokee");
    expect((await owner.client.postForm("/admin", { email: invitee.email, role: "family_member" })).status).toBe(200);
    const pendingIds = async () => [...(await (await owner.client.get("/admin")).text()).matchAll(/name="invitationId" value="([^"]+)"/g)].map((m) => m[1]);
    const [pendingId] = await pendingIds();
    expect(pendingId).toBeTruthy();

    const empty = await owner.client.postForm("/admin", { intent: "revoke", invitationId: "" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Invitation not found");
    const foreign = await other.client.postForm("/admin", { intent: "revoke", invitationId: pendingId });
    expect(foreign.status).toBe(404);
    expect(await pendingIds()).toEqual([pendingId]);

    const revoked = await owner.client.postForm("/admin", { intent: "revoke", invitationId: pendingId });
    expect(revoked.status).toBe(200);
    expect(await pendingIds()).toEqual([]);
    expect(sql(`SELECT id FROM invitations WHERE id = '${pendingId}' AND revoked_at IS NOT NULL`)).toHaveLength(1);
  });

  it("a user of workspace A never sees workspace B", async () => {
    const a = await startWorkspace("tenantA", "Trust A");
    const b = await startWorkspace("tenantB", "Trust B");
    const switched = await b.client.postJson("/api/workspaces/switch", { workspaceId: a.me.workspace.id });
    expect(switched.status).toBe(404);
    const me = (await (await b.client.get("/api/auth/user")).json()) as { workspace: { id: string } };
    expect(me.workspace.id).toBe(b.me.workspace.id);
    const settings = await (await b.client.get("/admin")).text();
    expect(settings).toContain(b.account.email);
    expect(settings).not.toContain(a.account.email);
    expect(settings).not.toContain("Trust A");
  });

  it("someone in two workspaces can switch between them", async () => {
    const a = await startWorkspace("multiA", "Multi Trust A");
    const b = await startWorkspace("multiB", "Multi Trust B");
    await b.client.postForm("/admin", { email: a.account.email, role: "legal_professional" });
    const mail = await latestMail(baseUrl, a.account.email);
    expect((await a.client.postForm(`/invite-signup?token=${mail!.token}`, {})).status).toBe(302);
    let me = (await (await a.client.get("/api/auth/user")).json()) as { workspace: { id: string; role: string } };
    expect(me.workspace).toMatchObject({ id: b.me.workspace.id, role: "legal_professional" });
    expect((await a.client.postJson("/api/workspaces/switch", { workspaceId: a.me.workspace.id })).status).toBe(200);
    me = (await (await a.client.get("/api/auth/user")).json()) as { workspace: { id: string; role: string } };
    expect(me.workspace).toMatchObject({ id: a.me.workspace.id, role: "owner" });
  });

  it("the audit log records sign-ins, failures, registrations, resets, invitations and denials, without secrets", async () => {
    const { account, userId } = await registerUser(baseUrl, "audited");
    await new Client(baseUrl).postJson("/api/auth/login", { email: account.email, password: "Wrong&Password9" });
    const c = new Client(baseUrl);
    await c.postJson("/api/auth/login", { email: account.email, password: account.password });
    await c.get("/api/logout", { "Sec-Fetch-Site": "same-origin" });
    await new Client(baseUrl).postJson("/api/auth/forgot-password", { email: account.email });
    const rows = sql(`SELECT action, outcome, ip, user_agent, metadata FROM audit_log WHERE actor_user_id = '${userId}' ORDER BY created_at`);
    const actions = rows.map((r) => `${r.action}:${r.outcome}`);
    expect(actions).toEqual([
      "auth.register:success",
      "auth.login:failure",
      "auth.login:success",
      "auth.logout:success",
      "auth.password_reset_requested:success",
    ]);
    expect(rows.every((r) => typeof r.ip === "string" && r.ip.length > 0)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(account.password);
    expect(JSON.stringify(rows)).not.toContain("Wrong&Password9");
  });
});
