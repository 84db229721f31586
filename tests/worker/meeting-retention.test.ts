// Issue 20's remaining parts: recording retention as the owner sets it (and the cron that applies it), Range requests
// on document files (so a long recording seeks), and meeting sockets that close when their session ends.
import { beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { Client } from "../helpers/client";
import { SocketClient } from "../helpers/socket";
import { addMember, eventually, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);
const DAY = 86_400_000;
type Owner = Awaited<ReturnType<typeof startWorkspace>>;
type Person = Awaited<ReturnType<typeof addMember>>;

function send(client: Client, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return client.fetch(path, {
    method,
    headers: { Origin: client.origin, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : typeof body === "string" || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
  });
}

async function upload(client: Client, body: string, fileName: string) {
  const response = await send(client, "POST", `/api/documents?${new URLSearchParams({ fileName })}`, body, { "Content-Type": "application/octet-stream" });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { document: { id: string } }).document.id;
}

/** Analysis may set a document's type when it finishes: the tests change types only after it has. */
const analysed = (client: Client, id: string) =>
  eventually(async () => ((await (await client.get(`/api/documents/${id}`)).json()) as { document: { status: string } }).document.status === "completed");

const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;
const putRetention = (client: Client, body: unknown) => send(client, "PUT", "/api/meetings/settings", body);
const runCron = async (client: Client) => expect((await client.get("/__scheduled?cron=*/15+*+*+*+*")).status).toBe(200);

async function waitClosed(socket: SocketClient, withinMs: number) {
  const started = Date.now();
  while (!socket.closed && Date.now() - started < withinMs) await new Promise((r) => setTimeout(r, 20));
  return socket.closed;
}

describe("meeting recordings' retention, Range requests, and sign-out", () => {
  let owner: Owner;
  let trustee: Person;

  beforeAll(async () => {
    owner = await startWorkspace(baseUrl, "retowner", "Retention Trust");
    trustee = await addMember(baseUrl, owner.client, "trustee", "rettrustee");
  });

  it("lets only the owner set how long recordings are kept, checks the input, and audits the change", async () => {
    const initial = await owner.client.get("/api/meetings/settings");
    expect(await initial.json()).toMatchObject({ settings: { recordingRetentionDays: null } });

    const notOwner = await putRetention(trustee.client, { recordingRetentionDays: 30 });
    expect(notOwner.status).toBe(403);
    expect(await errorOf(notOwner)).toBe("Only the workspace's owner can change how long recordings are kept.");
    const tooShort = await putRetention(owner.client, { recordingRetentionDays: 3 });
    expect(tooShort.status).toBe(400);
    expect(await errorOf(tooShort)).toBe("Keep recordings for a whole number of days from 7 to 36500, or choose Keep forever.");
    expect((await putRetention(owner.client, { recordingRetentionDays: 30.5 })).status).toBe(400);
    expect((await putRetention(owner.client, { recordingRetentionDays: "forever" })).status).toBe(400);
    const missing = await putRetention(owner.client, {});
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toBe("Say how long recordings are kept: a number of days, or null to keep them forever.");

    const set = await putRetention(owner.client, { recordingRetentionDays: 2555 });
    expect(set.status, await set.clone().text()).toBe(200);
    expect(await set.json()).toMatchObject({ settings: { recordingRetentionDays: 2555 } });
    // Everyone reads the rule; the page shows it to the trustee without the form.
    expect(await (await trustee.client.get("/api/meetings/settings")).json()).toMatchObject({ settings: { recordingRetentionDays: 2555 } });
    const page = await (await trustee.client.get("/video-meetings")).text();
    expect(page).toContain("deleted automatically 2555 days after");
    expect(page).not.toContain('id="retention-days"');

    expect((await putRetention(owner.client, { recordingRetentionDays: null })).status).toBe(200);
    const audited = sql(
      `SELECT actor_user_id, metadata FROM audit_log WHERE action = 'meeting.retention_changed' AND workspace_id = '${owner.me.workspace.id}' ORDER BY created_at`,
    );
    expect(audited.map((row) => JSON.parse(String(row.metadata)))).toEqual([
      { from: null, to: 2555 },
      { from: 2555, to: null },
    ]);
    expect(audited[0].actor_user_id).toBe(owner.me.id);
  });

  it("purges recordings older than the rule, every version's file with them, once, and leaves fresh ones", async () => {
    const workspaceId = owner.me.workspace.id;
    const old = await upload(owner.client, "The first recording, stood in for by text.", "old-recording.txt");
    const version = await send(
      owner.client,
      "POST",
      `/api/documents/${old}/versions?${new URLSearchParams({ fileName: "old-recording-2.txt", note: "v2" })}`,
      "Second.",
      {
        "Content-Type": "application/octet-stream",
      },
    );
    expect(version.status, await version.clone().text()).toBe(201);
    const fresh = await upload(owner.client, "A recording made last week.", "fresh-recording.txt");
    await analysed(owner.client, old);
    await analysed(owner.client, fresh);
    const started = await owner.client.postJson("/api/meetings/now", { inviteeIds: [] });
    const { id: meetingId } = (await started.json()) as { id: string };
    sql(`UPDATE documents SET type = 'recording', sha256 = 'ab${"0".repeat(62)}', created_at = ${Date.now() - 40 * DAY} WHERE id = '${old}'`);
    sql(`UPDATE documents SET type = 'recording', created_at = ${Date.now() - 7 * DAY} WHERE id = '${fresh}'`);
    sql(
      `INSERT INTO meeting_recordings (id, meeting_id, workspace_id, status, storage_key, parts, started_at, document_id) VALUES ('${crypto.randomUUID()}', '${meetingId}', '${workspaceId}', 'complete', 'unused', '[]', ${Date.now() - 40 * DAY}, '${old}')`,
    );
    // Probes: the fresh document is given versions pointing at the old one's files, to see them leave R2.
    const probes = sql(`SELECT storage_key FROM document_versions WHERE document_id = '${old}'`).map((row, i) => {
      const id = crypto.randomUUID();
      sql(
        `INSERT INTO document_versions (id, document_id, workspace_id, number, file_name, mime_type, size_bytes, storage_key, source, created_at) VALUES ('${id}', '${fresh}', '${workspaceId}', ${50 + i}, 'probe.txt', 'text/plain', 1, '${String(row.storage_key)}', 'upload', ${Date.now()})`,
      );
      return id;
    });
    expect(probes).toHaveLength(2);
    for (const probe of probes) expect((await owner.client.get(`/api/documents/${fresh}/versions/${probe}/file`)).status).toBe(200);

    // No rule: nothing goes.
    await runCron(owner.client);
    expect(sql(`SELECT count(*) AS n FROM documents WHERE id = '${old}'`)[0].n).toBe(1);

    expect((await putRetention(owner.client, { recordingRetentionDays: 30 })).status).toBe(200);
    const page = await (await owner.client.get(`/documents/${fresh}`)).text();
    expect(page).toContain('data-testid="document-deletes-at"');
    await runCron(owner.client);
    await runCron(owner.client);
    expect(sql(`SELECT count(*) AS n FROM documents WHERE id = '${old}'`)[0].n).toBe(0);
    expect(sql(`SELECT count(*) AS n FROM document_versions WHERE document_id = '${old}'`)[0].n).toBe(0);
    expect((await owner.client.get(`/api/documents/${old}/file`)).status).toBe(404);
    for (const probe of probes) {
      const gone = await owner.client.get(`/api/documents/${fresh}/versions/${probe}/file`);
      expect(gone.status).toBe(404);
      expect(await errorOf(gone)).toBe("The stored file could not be found.");
    }
    expect((await owner.client.get(`/api/documents/${fresh}/file`)).status).toBe(200);
    const purged = sql(
      `SELECT actor_user_id, target_id, metadata FROM audit_log WHERE action = 'meeting.recording_purged' AND workspace_id = '${workspaceId}'`,
    );
    expect(purged).toHaveLength(1);
    expect(purged[0]).toMatchObject({ actor_user_id: null, target_id: meetingId });
    expect(JSON.parse(String(purged[0].metadata))).toMatchObject({ documentId: old, meetingId, sha256: `ab${"0".repeat(62)}`, retentionDays: 30 });
  });

  it("answers Range requests with 206 and the bytes, 416 outside the file, and audits one opening", async () => {
    const text = Array.from({ length: 100 }, (_, i) => String(i % 10).repeat(10)).join("");
    const id = await upload(owner.client, text, "long-recording.txt");
    const range = (value: string, path = `/api/documents/${id}/file?inline=1`) => owner.client.get(path, { Range: value });
    const views = () => Number(sql(`SELECT count(*) AS n FROM audit_log WHERE action = 'document.view_file' AND target_id = '${id}'`)[0].n);

    const whole = await owner.client.get(`/api/documents/${id}/file`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    expect(await whole.text()).toBe(text);

    const opening = await range("bytes=0-");
    expect(opening.status).toBe(206);
    expect(opening.headers.get("Content-Range")).toBe(`bytes 0-999/1000`);
    await opening.arrayBuffer();
    const middle = await range("bytes=105-114");
    expect(middle.status).toBe(206);
    expect(middle.headers.get("Content-Range")).toBe("bytes 105-114/1000");
    expect(middle.headers.get("Content-Length")).toBe("10");
    expect(await middle.text()).toBe(text.slice(105, 115));
    const tail = await range("bytes=-7");
    expect(tail.headers.get("Content-Range")).toBe("bytes 993-999/1000");
    expect(await tail.text()).toBe(text.slice(993));
    const from = await range("bytes=990-");
    expect(await from.text()).toBe(text.slice(990));

    const outside = await range("bytes=1000-");
    expect(outside.status).toBe(416);
    expect(outside.headers.get("Content-Range")).toBe("bytes */1000");
    expect(await errorOf(outside)).toBe("The requested part of the file lies outside it: the file has 1000 bytes.");
    // Several ranges are not served: the whole file comes instead, as HTTP allows.
    expect((await range("bytes=0-1,5-6")).status).toBe(200);

    // Versions seek the same way; someone who may not see the document still gets a 404.
    const [current] = ((await (await owner.client.get(`/api/documents/${id}/versions`)).json()) as { versions: { id: string }[] }).versions;
    const versionPart = await range("bytes=10-19", `/api/documents/${id}/versions/${current.id}/file?inline=1`);
    expect(versionPart.status).toBe(206);
    expect(await versionPart.text()).toBe(text.slice(10, 20));
    const stranger = await startWorkspace(baseUrl, "retstranger", "Stranger Trust");
    expect((await stranger.client.get(`/api/documents/${id}/file`, { Range: "bytes=0-9" })).status).toBe(404);

    // The opening (bytes=0-) and the multi-range fallback are views; the seeks are not.
    await eventually(async () => views() === 2);
    await new Promise((r) => setTimeout(r, 500));
    expect(views()).toBe(2);
  });

  it("closes a meeting socket with 4001 when its session signs out, and leaves the person's other sessions in", async () => {
    const laptop = new Client(baseUrl);
    expect((await laptop.postJson("/api/auth/login", { email: trustee.account.email, password: trustee.account.password })).status).toBe(200);
    const started = await owner.client.postJson("/api/meetings/now", { inviteeIds: [trustee.me.id] });
    expect(started.status, await started.clone().text()).toBe(201);
    const { id } = (await started.json()) as { id: string };
    const join = async (client: Client) => {
      const socket = await SocketClient.connect(client, `/meetings/${id}/ws`);
      socket.send({ type: "join", e2ee: true, publicKey: `key-${Math.random()}` });
      await socket.next("welcome");
      return socket;
    };
    const host = await join(owner.client);
    const phone = await join(trustee.client);
    const onLaptop = await join(laptop);
    // The room writes attendance just after its welcome: the sign-out finds rooms by it.
    await eventually(async () => sql(`SELECT count(*) AS n FROM meeting_attendance WHERE meeting_id = '${id}' AND left_at IS NULL`)[0].n === 3);

    // "Sign out everywhere else" from the phone: the laptop's socket closes, the phone's stays.
    expect((await send(trustee.client, "DELETE", "/api/sessions")).status).toBe(200);
    expect((await waitClosed(onLaptop, 2000))?.code).toBe(4001);
    expect(phone.closed).toBeNull();
    await host.next("participant-left");

    // Signing out on the phone closes its socket too; the host stays.
    expect((await trustee.client.postForm("/api/logout", {})).status).toBe(302);
    expect((await waitClosed(phone, 2000))?.code).toBe(4001);
    expect(host.closed).toBeNull();

    // Someone in the lobby who signs out is not let in: the room checks the session when the host admits them.
    const guest = await addMember(baseUrl, owner.client, "beneficiary", "retguest");
    const waiting = await SocketClient.connect(guest.client, `/meetings/${id}/ws`);
    waiting.send({ type: "join", e2ee: true, publicKey: "guest-key" });
    await waiting.next("waiting");
    const { waiting: lobby } = await host.next((m) => m.type === "lobby" && m.waiting.length === 1);
    expect((await guest.client.postForm("/api/logout", {})).status).toBe(302);
    host.send({ type: "admit", participantId: lobby[0].id });
    expect((await waitClosed(waiting, 2000))?.code).toBe(4001);
    await host.next((m) => m.type === "lobby" && m.waiting.length === 0);
    await eventually(async () => sql(`SELECT count(*) AS n FROM meeting_attendance WHERE meeting_id = '${id}' AND left_at IS NULL`)[0].n === 1);
    host.close();
  });
});
