import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { SocketClient } from "../helpers/socket";
import { addMember, eventually, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);

function send(client: Client, method: string, path: string, body?: unknown) {
  return client.fetch(path, {
    method,
    headers: body === undefined ? { Origin: client.origin } : { "Content-Type": "application/json", Origin: client.origin },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function error(response: Response) {
  return ((await response.json()) as { error: string }).error;
}

async function waitClosed(socket: SocketClient, withinMs: number) {
  const started = Date.now();
  while (!socket.closed && Date.now() - started < withinMs) await new Promise((r) => setTimeout(r, 20));
  return { closed: socket.closed, afterMs: Date.now() - started };
}

describe("membership lifecycle", () => {
  it("removing a member closes their socket within a second, refuses their next request, and keeps closed-poll ballots", async () => {
    const owner = await startWorkspace(baseUrl, "lcowner", "Lifecycle Removal Trust");
    const ava = await addMember(baseUrl, owner.client, "beneficiary", "lcava");
    const other = await startWorkspace(baseUrl, "lcother", "Unrelated Trust");

    // A closed poll she voted in, an open one she voted in, and a document shared with her.
    const poll = async (title: string) => {
      const created = await owner.client.postJson("/api/polls", { title, type: "yes_no", closesAt: new Date(Date.now() + 3600_000).toISOString() });
      expect(created.status, await created.clone().text()).toBe(201);
      const id = ((await created.json()) as { poll: { id: string } }).poll.id;
      const detail = (await (await ava.client.get(`/api/polls/${id}`)).json()) as { options: { id: string }[] };
      expect((await ava.client.postJson(`/api/polls/${id}/ballot`, { choices: [detail.options[0].id] })).status).toBeLessThan(300);
      return id;
    };
    const closedPoll = await poll("Sell the lake house?");
    expect((await owner.client.postJson(`/api/polls/${closedPoll}/close`, {})).status).toBeLessThan(300);
    const openPoll = await poll("Hire a new accountant?");

    const { socket } = await SocketClient.signedIn(ava.client, ava.me.id);
    // The beneficiary cannot remove anyone, nor change a role.
    const denied = await send(ava.client, "DELETE", `/api/workspaces/members/${owner.me.id}`);
    expect(denied.status).toBe(403);
    expect(await error(denied)).toBe("Only owners and trustees of this workspace can do that.");
    expect((await send(ava.client, "PATCH", `/api/workspaces/members/${owner.me.id}`, { role: "viewer" })).status).toBe(403);
    // Someone from another workspace is not a member here.
    const stranger = await send(owner.client, "DELETE", `/api/workspaces/members/${other.me.id}`);
    expect(stranger.status).toBe(404);
    expect(await error(stranger)).toBe("That person is not a member of this workspace.");

    const removed = await send(owner.client, "DELETE", `/api/workspaces/members/${ava.me.id}`);
    expect(removed.status, await removed.clone().text()).toBe(200);
    const { closed, afterMs } = await waitClosed(socket, 1000);
    expect(closed?.code).toBe(4003);
    expect(afterMs).toBeLessThan(1000);
    expect((await ava.client.get("/api/auth/user")).status).toBe(401);
    expect((await ava.client.get("/api/documents")).status).toBe(401);

    // History kept where it is history; withdrawn where the vote is still open.
    expect(sql(`SELECT count(*) AS n FROM poll_ballots WHERE poll_id = '${closedPoll}' AND voter_id = '${ava.me.id}'`)[0].n).toBe(1);
    expect(sql(`SELECT count(*) AS n FROM poll_ballots WHERE poll_id = '${openPoll}' AND voter_id = '${ava.me.id}'`)[0].n).toBe(0);
    expect(sql(`SELECT count(*) AS n FROM poll_voters WHERE poll_id = '${openPoll}' AND user_id = '${ava.me.id}'`)[0].n).toBe(0);
    expect(sql(`SELECT count(*) AS n FROM memberships WHERE user_id = '${ava.me.id}'`)[0].n).toBe(0);
    const audit = sql(`SELECT actor_user_id, target_id FROM audit_log WHERE action = 'workspace.member_removed' AND workspace_id = '${owner.me.workspace.id}'`);
    expect(audit).toEqual([{ actor_user_id: owner.me.id, target_id: ava.me.id }]);
    // She was told by e-mail, in words.
    const mail = sql(`SELECT subject FROM mail_outbox WHERE to_address = '${ava.account.email}' AND kind = 'notification.member_removed'`);
    expect(mail[0]?.subject).toContain("Lifecycle Removal Trust");
  });

  it("roles change with an audit and a notice; the last owner can be neither demoted nor removed, and cannot leave", async () => {
    const owner = await startWorkspace(baseUrl, "lcrole", "Lifecycle Roles Trust");
    const ben = await addMember(baseUrl, owner.client, "family_member", "lcben");

    const bad = await send(owner.client, "PATCH", `/api/workspaces/members/${ben.me.id}`, { role: "owner" });
    expect(bad.status).toBe(400);
    const changed = await send(owner.client, "PATCH", `/api/workspaces/members/${ben.me.id}`, { role: "trustee" });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(((await (await ben.client.get("/api/auth/user")).json()) as { workspace: { role: string } }).workspace.role).toBe("trustee");
    expect(
      sql(`SELECT metadata FROM audit_log WHERE action = 'workspace.member_role_changed' AND target_id = '${ben.me.id}'`).map((r) =>
        JSON.parse(String(r.metadata)),
      ),
    ).toEqual([{ from: "family_member", to: "trustee" }]);
    expect(sql(`SELECT count(*) AS n FROM notifications WHERE user_id = '${ben.me.id}' AND type = 'member_role_changed'`)[0].n).toBe(1);

    // A trustee may not touch the owner; the owner may not demote or remove the last owner (herself).
    const trusteeTouchesOwner = await send(ben.client, "PATCH", `/api/workspaces/members/${owner.me.id}`, { role: "viewer" });
    expect(trusteeTouchesOwner.status).toBe(403);
    expect(await error(trusteeTouchesOwner)).toBe("Only an owner can change or remove another owner.");
    const demoteSelf = await send(owner.client, "PATCH", `/api/workspaces/members/${owner.me.id}`, { role: "trustee" });
    expect(demoteSelf.status).toBe(409);
    expect(await error(demoteSelf)).toBe("The last owner cannot be given another role. Hand ownership to another member first.");
    const removeSelf = await send(owner.client, "DELETE", `/api/workspaces/members/${owner.me.id}`);
    expect(removeSelf.status).toBe(409);
    const leave = await send(owner.client, "POST", "/api/workspaces/leave", {});
    expect(leave.status).toBe(409);
    expect(await error(leave)).toBe("You are the last owner, so you cannot leave. Hand ownership to another member, or delete the workspace.");
    expect(sql(`SELECT role FROM memberships WHERE user_id = '${owner.me.id}'`)).toEqual([{ role: "owner" }]);

    // Ownership changes hands only when accepted: then the old owner is a trustee and may leave.
    const offered = await send(owner.client, "POST", "/api/workspaces/ownership", { userId: ben.me.id });
    expect(offered.status, await offered.clone().text()).toBe(201);
    const { id: transferId } = (await offered.json()) as { id: string };
    expect(sql(`SELECT role FROM memberships WHERE user_id = '${ben.me.id}'`)).toEqual([{ role: "trustee" }]);
    expect((await send(owner.client, "POST", `/api/workspaces/ownership/${transferId}`, { accept: true })).status).toBe(404);
    const accepted = await send(ben.client, "POST", `/api/workspaces/ownership/${transferId}`, { accept: true });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(sql(`SELECT user_id, role FROM memberships WHERE workspace_id = '${owner.me.workspace.id}' ORDER BY role`)).toEqual([
      { user_id: ben.me.id, role: "owner" },
      { user_id: owner.me.id, role: "trustee" },
    ]);
    expect((await send(ben.client, "POST", `/api/workspaces/ownership/${transferId}`, { accept: true })).status).toBe(404);
    const left = await send(owner.client, "POST", "/api/workspaces/leave", {});
    expect(left.status, await left.clone().text()).toBe(200);
    expect(((await (await owner.client.get("/api/auth/user")).json()) as { workspace: unknown }).workspace).toBeNull();
  });

  it("deleting needs the typed name, closes the workspace for everyone, can be restored, and the cron purges it after 30 days", async () => {
    const owner = await startWorkspace(baseUrl, "lcdel", "Lifecycle Deletion Trust");
    const cara = await addMember(baseUrl, owner.client, "beneficiary", "lccara");
    const workspaceId = owner.me.workspace.id;
    const upload = await owner.client.fetch(`/api/documents?${new URLSearchParams({ fileName: "note.txt" })}`, {
      method: "POST",
      headers: { "Content-Type": "application/octet-stream", Origin: owner.client.origin },
      body: "A note to be purged.",
    });
    expect(upload.status).toBe(201);

    expect((await send(cara.client, "DELETE", "/api/workspaces/current", { confirmName: "Lifecycle Deletion Trust" })).status).toBe(403);
    const wrongName = await send(owner.client, "DELETE", "/api/workspaces/current", { confirmName: "Lifecycle" });
    expect(wrongName.status).toBe(400);
    expect(await error(wrongName)).toBe("Type the workspace's name exactly as it is written: Lifecycle Deletion Trust");
    const deleted = await send(owner.client, "DELETE", "/api/workspaces/current", { confirmName: "Lifecycle Deletion Trust" });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    const { purgeAfter } = (await deleted.json()) as { purgeAfter: string };
    expect(new Date(purgeAfter).getTime() - Date.now()).toBeGreaterThan(29.9 * 86_400_000);

    // Closed to everyone: nobody's session opens it, and its data is not served.
    for (const client of [owner.client, cara.client]) {
      expect(((await (await client.get("/api/auth/user")).json()) as { workspace: unknown }).workspace).toBeNull();
      const listed = (await (await client.get("/api/documents")).json()) as { rows: unknown[] };
      expect(listed.rows).toEqual([]);
    }
    expect((await send(cara.client, "POST", `/api/workspaces/${workspaceId}/restore`)).status).toBe(404);
    const restored = await send(owner.client, "POST", `/api/workspaces/${workspaceId}/restore`);
    expect(restored.status, await restored.clone().text()).toBe(200);
    expect(((await (await cara.client.get("/api/auth/user")).json()) as { workspace: { id: string } }).workspace.id).toBe(workspaceId);

    // Deleted again, and the grace period over: the cron purges rows and files, and says so outside the workspace.
    expect((await send(owner.client, "DELETE", "/api/workspaces/current", { confirmName: "Lifecycle Deletion Trust" })).status).toBe(200);
    sql(`UPDATE workspaces SET purge_after = ${Date.now() - 1000} WHERE id = '${workspaceId}'`);
    expect((await send(owner.client, "POST", `/api/workspaces/${workspaceId}/restore`)).status).toBe(404);
    await owner.client.get("/__scheduled?cron=*/15+*+*+*+*");
    await eventually(async () => sql(`SELECT count(*) AS n FROM workspaces WHERE id = '${workspaceId}'`)[0].n === 0, { timeoutMs: 30_000 });
    for (const table of ["memberships", "documents", "audit_log", "notifications"]) {
      expect(sql(`SELECT count(*) AS n FROM ${table} WHERE workspace_id = '${workspaceId}'`)[0].n, table).toBe(0);
    }
    const purged = sql(`SELECT workspace_id, metadata FROM audit_log WHERE action = 'workspace.purged' AND target_id = '${workspaceId}'`);
    expect(purged).toHaveLength(1);
    expect(purged[0].workspace_id).toBeNull();
    expect(JSON.parse(String(purged[0].metadata)).chainHeadHash).toMatch(/^[0-9a-f]{64}$/);
    // The people remain, with their accounts, outside the purged workspace.
    expect((await owner.client.get("/api/auth/user")).status).toBe(200);
  });

  it("lists one's own devices and signs one out, closing its socket; another person's session is a 404", async () => {
    const owner = await startWorkspace(baseUrl, "lcdev", "Lifecycle Devices Trust");
    const { Client } = await import("../helpers/client");
    const laptop = new Client(baseUrl);
    const signIn = await laptop.postJson(
      "/api/auth/login",
      { email: owner.account.email, password: owner.account.password },
      { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0" },
    );
    expect(signIn.status).toBe(200);
    const listed = (await (await owner.client.get("/api/sessions")).json()) as {
      sessions: { id: string; current: boolean; browser: string | null; system: string | null }[];
    };
    expect(listed.sessions).toHaveLength(2);
    expect(listed.sessions[0].current).toBe(true);
    const other = listed.sessions.find((s) => !s.current)!;
    expect([other.browser, other.system]).toEqual(["Firefox", "Linux"]);

    const stranger = await startWorkspace(baseUrl, "lcdevx", "Someone Else Trust");
    expect((await send(stranger.client, "DELETE", `/api/sessions/${other.id}`)).status).toBe(404);

    const { socket } = await SocketClient.signedIn(laptop, owner.me.id);
    const out = await send(owner.client, "DELETE", `/api/sessions/${other.id}`);
    expect(out.status, await out.clone().text()).toBe(200);
    const { closed } = await waitClosed(socket, 1000);
    expect(closed?.code).toBe(4001);
    expect((await laptop.get("/api/auth/user")).status).toBe(401);
    expect((await owner.client.get("/api/auth/user")).status).toBe(200);
    expect((await send(owner.client, "DELETE", "/api/sessions")).status).toBe(200);
  });
});
