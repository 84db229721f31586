import { beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { TEST_STUN_URL, turnMinted } from "../helpers/fake-realtime";
import { SocketClient } from "../helpers/socket";
import { addMember, eventually, sql as runSql, startWorkspace, uploadAnalysed } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const realtimeUrl = testServer().realtimeUrl;
const sql = (query: string) => runSql(sqlUrl, query);

type Person = Awaited<ReturnType<typeof addMember>>;
type IceAnswer = { iceServers: { urls: string | string[]; username?: string; credential?: string }[]; provider: string; ttlSeconds: number };
const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

async function schedule(client: Client, body: Record<string, unknown>) {
  const response = await client.postJson("/api/meetings", { title: "Quarterly family meeting", startsAt: inADay(), durationMinutes: 60, ...body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; url: string };
}

const socketPath = (id: string) => `/meetings/${id}/ws`;

function openRoom(client: Client, id: string) {
  return SocketClient.open(client.baseUrl, { Origin: client.origin, Cookie: client.cookieHeader() }, socketPath(id));
}

/** Opens the meeting's room, joins, and returns the socket with its welcome (or "waiting" for the lobby). */
async function join(client: Client, id: string, e2ee = true) {
  const socket = await SocketClient.connect(client, socketPath(id));
  socket.send({ type: "join", e2ee, publicKey: `key-of-${Math.random().toString(36).slice(2)}` });
  const first = await socket.next((m) => m.type === "welcome" || m.type === "waiting");
  return { socket, first };
}

async function waitClosed(socket: SocketClient) {
  return eventually(async () => socket.closed, { timeoutMs: 10_000, intervalMs: 25 });
}

describe("video meetings", () => {
  let owner: Awaited<ReturnType<typeof startWorkspace>>;
  let trustee: Person;
  let beneficiary: Person;
  let cousin: Person;
  let stranger: Awaited<ReturnType<typeof startWorkspace>>;

  beforeAll(async () => {
    owner = await startWorkspace(baseUrl, "mtowner", "Meetings Trust");
    trustee = await addMember(baseUrl, owner.client, "trustee", "mttrustee");
    beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "mtbenef");
    cousin = await addMember(baseUrl, owner.client, "family_member", "mtcousin");
    stranger = await startWorkspace(baseUrl, "mtstranger", "Another Trust");
  });

  it("schedules with clear refusals: 400 with field messages, 403 for a beneficiary, 422 for someone outside the workspace", async () => {
    const bad = await owner.client.postJson("/api/meetings", { title: "", startsAt: "tomorrow", durationMinutes: 2, inviteeIds: [] });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: string; fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors.title).toEqual(["Give the meeting a title."]);
    expect(body.fieldErrors.startsAt[0]).toMatch(/^The start must be a date and time in ISO 8601/);
    expect(body.fieldErrors.durationMinutes).toEqual(["The duration must be a whole number of minutes from 5 to 480."]);
    const long = await owner.client.postJson("/api/meetings", { title: "x".repeat(201), startsAt: inADay(), durationMinutes: 30 });
    expect(((await long.json()) as { error: string }).error).toBe("The title can be at most 200 characters.");
    const past = await owner.client.postJson("/api/meetings", { title: "Late", startsAt: "2020-01-01T10:00:00Z", durationMinutes: 30 });
    expect(past.status).toBe(400);

    const refused = await beneficiary.client.postJson("/api/meetings", { title: "Mine", startsAt: inADay(), durationMinutes: 30 });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "Only owners, trustees and the family's lawyer can call a meeting; ask one of them to invite you.",
    );
    expect((await beneficiary.client.postJson("/api/meetings/now", {})).status).toBe(403);

    const outsider = await owner.client.postJson("/api/meetings", { title: "Mixed", startsAt: inADay(), durationMinutes: 30, inviteeIds: [stranger.me.id] });
    expect(outsider.status).toBe(422);
    expect(((await outsider.json()) as { error: string }).error).toBe("One invitee is not a member of this workspace; invite them to the workspace first.");

    const created = await schedule(trustee.client, { inviteeIds: [beneficiary.me.id], agenda: "1. The roof" });
    expect(created.url).toBe(`/video-meetings/${created.id}`);
    // The invitee hears of it in the app and by e-mail, with the meeting's link and its .ics.
    const stored = sql(`SELECT metadata FROM notifications WHERE user_id = '${beneficiary.me.id}' AND type = 'meeting_invited'`);
    expect(JSON.parse(String(stored[0].metadata))).toMatchObject({ meetingId: created.id, meetingTitle: "Quarterly family meeting" });
    const mail = await eventually(
      async () =>
        sql(`SELECT subject, text_body FROM mail_outbox WHERE to_address = '${beneficiary.account.email}' AND kind = 'notification.meeting_invited'`)[0],
    );
    expect(String(mail.subject)).toMatch(/^Invitation: Quarterly family meeting \(/);
    expect(String(mail.text_body)).toContain(`/video-meetings/${created.id}`);
    expect(String(mail.text_body)).toContain(`/api/meetings/${created.id}/invite.ics`);
    expect(sql(`SELECT action FROM audit_log WHERE target_id = '${created.id}'`).map((r) => r.action)).toContain("meeting.scheduled");
  });

  it("an invitee answers the invitation; the host sees it; nobody else can answer for them", async () => {
    const { id } = await schedule(owner.client, { inviteeIds: [beneficiary.me.id] });
    const vague = await beneficiary.client.postJson(`/api/meetings/${id}/respond`, { response: "maybe" });
    expect(vague.status).toBe(400);
    expect(((await vague.json()) as { error: string }).error).toBe("Answer accepted or declined.");
    const host = await owner.client.postJson(`/api/meetings/${id}/respond`, { response: "accepted" });
    expect(host.status).toBe(409);
    expect(((await host.json()) as { error: string }).error).toBe("You host this meeting; only invitees answer its invitation.");
    expect((await cousin.client.postJson(`/api/meetings/${id}/respond`, { response: "accepted" })).status).toBe(404);
    const answered = await beneficiary.client.postJson(`/api/meetings/${id}/respond`, { response: "declined" });
    expect(await answered.json()).toMatchObject({ success: true, id, response: "declined" });
    const seen = (await (await owner.client.get(`/api/meetings/${id}`)).json()) as { invitees: { userId: string; response: string }[] };
    expect(seen.invitees.find((i) => i.userId === beneficiary.me.id)?.response).toBe("declined");
    const mine = (await (await beneficiary.client.get(`/api/meetings/${id}`)).json()) as { meeting: { yourResponse: string } };
    expect(mine.meeting.yourResponse).toBe("declined");
    expect(sql(`SELECT action FROM audit_log WHERE target_id = '${id}' AND action = 'meeting.responded'`)).toHaveLength(1);
  });

  it("lists and shows a meeting to its host and invitees, lets other members knock at its lobby, and 404 for other workspaces", async () => {
    const { id } = await schedule(owner.client, { inviteeIds: [beneficiary.me.id], agenda: "1. The roof, in confidence" });
    const list = async (client: Client) =>
      (await (await client.get("/api/meetings")).json()) as { upcoming: { id: string; yourRole: string }[]; past: unknown[] };
    expect((await list(owner.client)).upcoming.find((m) => m.id === id)?.yourRole).toBe("host");
    expect((await list(beneficiary.client)).upcoming.find((m) => m.id === id)?.yourRole).toBe("invitee");
    expect((await list(cousin.client)).upcoming.map((m) => m.id)).not.toContain(id);
    expect((await list(stranger.client)).upcoming.map((m) => m.id)).not.toContain(id);

    const detail = (await (await beneficiary.client.get(`/api/meetings/${id}`)).json()) as {
      meeting: { title: string; socketPath: string };
      invitees: { userId: string }[];
    };
    expect(detail.meeting.socketPath).toBe(`/meetings/${id}/ws`);
    expect(detail.invitees.map((i) => i.userId)).toEqual([beneficiary.me.id]);
    const hidden = await stranger.client.get(`/api/meetings/${id}`);
    expect(hidden.status).toBe(404);
    expect(((await hidden.json()) as { error: string }).error).toBe("There is no such meeting, or you are not invited to it.");
    expect((await stranger.client.get(`/api/meetings/${id}/invite.ics`)).status).toBe(404);
    expect((await stranger.client.get(`/api/meetings/${id}/ice-servers`)).status).toBe(404);
    expect((await stranger.client.get(`/video-meetings/${id}`)).status).toBe(404);
    // A member who is not invited sees only enough to knock at the lobby (the page, the room, ICE servers): nothing
    // of the agenda, the invitees or the attendance, and no invitation file.
    const knocking = await cousin.client.get(`/api/meetings/${id}`);
    expect(knocking.status).toBe(200);
    const lobbyView = (await knocking.json()) as { meeting: Record<string, unknown>; invitees: unknown[]; attendance: unknown[] };
    expect(lobbyView.meeting).toMatchObject({ id, yourRole: "guest", agenda: null, icsUrl: null, socketPath: `/meetings/${id}/ws` });
    expect(lobbyView.invitees).toEqual([]);
    expect(lobbyView.attendance).toEqual([]);
    expect((await cousin.client.get(`/video-meetings/${id}`)).status).toBe(200);
    expect((await cousin.client.get(`/api/meetings/${id}/ice-servers`)).status).toBe(200);
    expect((await cousin.client.get(`/api/meetings/${id}/invite.ics`)).status).toBe(404);
    expect((await cousin.client.get(`/api/meetings/${id}/chat`)).status).toBe(404);
    expect((await owner.client.get("/api/meetings/not-a-uuid")).status).toBe(404);
    // Another workspace's member cannot open the room either; a member who is not invited may knock (the lobby).
    expect((await openRoom(stranger.client, id)).status).toBe(404);
    expect((await openRoom(cousin.client, id)).socket).toBeDefined();
  });

  it("hands out the invitation as iCalendar and the ICE servers (relay credentials for an hour, minted on the server)", async () => {
    const { id } = await schedule(owner.client, {
      title: "Roof, repairs; budget",
      inviteeIds: [beneficiary.me.id],
      startsAt: "2027-03-04T15:30:00Z",
      durationMinutes: 90,
    });
    const ics = await beneficiary.client.get(`/api/meetings/${id}/invite.ics?tz=Europe/Paris&lng=fr`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const text = (await ics.text()).replace(/\r\n[ \t]/g, "");
    expect(text.startsWith("BEGIN:VCALENDAR")).toBe(true);
    expect(text).toContain("SUMMARY:Roof\\, repairs\\; budget");
    expect(text).toContain("DTSTART:20270304T153000Z");
    expect(text).toMatch(/DURATION:PT1H30M/);
    expect(text).toContain(`/video-meetings/${id}`);
    expect(text).toContain("Début");
    expect(text).toContain("16:30");

    const ice = (await (await beneficiary.client.get(`/api/meetings/${id}/ice-servers`)).json()) as IceAnswer;
    expect(ice).toMatchObject({ success: true, provider: "cloudflare-realtime", ttlSeconds: 3600 });
    expect(ice.iceServers[0]).toMatchObject({ username: expect.stringMatching(/^turn-user-\d+$/), credential: "ttl-3600" });
    expect(JSON.stringify(ice)).not.toContain("test-turn-key-token");
  });

  it("gives relay credentials only to the invited and to those the host let in; someone knocking gets STUN alone", async () => {
    const { id } = await schedule(owner.client, { inviteeIds: [trustee.me.id] });
    const ice = async (client: Client) => {
      const response = await client.get(`/api/meetings/${id}/ice-servers`);
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as IceAnswer;
    };
    const stunOnly = { success: true, iceServers: [{ urls: [TEST_STUN_URL] }], provider: "embedded", ttlSeconds: 3600 };
    const minted = await turnMinted(realtimeUrl);
    // A member who is not invited, before knocking and while knocking: no credentials, and none minted for them.
    expect(await ice(cousin.client)).toEqual(stunOnly);
    const host = await join(owner.client, id);
    const knocking = await join(cousin.client, id);
    expect(knocking.first).toEqual({ type: "waiting" });
    expect(await ice(cousin.client)).toEqual(stunOnly);
    expect(await turnMinted(realtimeUrl)).toBe(minted);
    // The invitee gets them without being in the room yet.
    expect((await ice(trustee.client)).provider).toBe("cloudflare-realtime");

    const lobby = await host.socket.next((m) => m.type === "lobby" && m.waiting.length === 1);
    host.socket.send({ type: "admit", participantId: lobby.waiting[0].id });
    await knocking.socket.next("welcome");
    const admitted = await ice(cousin.client);
    expect(admitted.provider).toBe("cloudflare-realtime");
    expect(admitted.iceServers[0]).toMatchObject({ credential: "ttl-3600" });
    expect(await turnMinted(realtimeUrl)).toBe(minted + 2);

    // Gone from the room, they are a knocking member again.
    knocking.socket.send({ type: "leave" });
    await waitClosed(knocking.socket);
    expect(await eventually(async () => ((await ice(cousin.client)).provider === "embedded" ? true : null))).toBe(true);
    host.socket.close();
  });

  it("limits ICE server requests per person, like the SFU calls: 429 with Retry-After", async () => {
    const asking = await addMember(baseUrl, owner.client, "beneficiary", "mticeflood");
    const { id } = await schedule(owner.client, { inviteeIds: [asking.me.id] });
    for (let i = 0; i < 30; i++) expect((await asking.client.get(`/api/meetings/${id}/ice-servers`)).status).toBe(200);
    const refused = await asking.client.get(`/api/meetings/${id}/ice-servers`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many requests for the meeting's connection servers; wait \d+ seconds\.$/);
    // Someone else is not held back by it.
    expect((await owner.client.get(`/api/meetings/${id}/ice-servers`)).status).toBe(200);
  });

  it("the meeting's page links the poll and the documents each viewer may open", async () => {
    const docId = await uploadAnalysed(owner.client, Buffer.from("The lake house deed, in confidence."), `lake-deed-${Date.now().toString(36)}.txt`);
    const docTitle = ((await (await owner.client.get(`/api/documents/${docId}`)).json()) as { document: { title: string } }).document.title;
    const poll = await owner.client.postJson("/api/polls", {
      title: "Sell the lake house?",
      type: "yes_no",
      closesAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(poll.status, await poll.clone().text()).toBe(201);
    const pollId = ((await poll.json()) as { poll: { id: string } }).poll.id;
    const { id } = await schedule(owner.client, { inviteeIds: [beneficiary.me.id], pollId, documentIds: [docId] });
    const page = async (client: Client) => {
      const response = await client.get(`/video-meetings/${id}`);
      expect(response.status).toBe(200);
      return response.text();
    };
    const hosts = await page(owner.client);
    expect(hosts).toContain(`/polling/${pollId}`);
    expect(hosts).toContain(`/documents/${docId}`);
    expect(hosts).toContain(docTitle);
    // The owner's document is not shared with the beneficiary: their page neither links nor names it.
    const theirs = await page(beneficiary.client);
    expect(theirs).not.toContain(`/documents/${docId}`);
    expect(theirs).not.toContain(docTitle);
    // Someone knocking at the lobby learns nothing of what is to be discussed.
    const knocking = await page(cousin.client);
    expect(knocking).not.toContain(`/polling/${pollId}`);
    expect(knocking).not.toContain(docTitle);
  });

  it("refuses an upgrade without a session, from a foreign origin, or without the upgrade header", async () => {
    const { id } = await schedule(owner.client, {});
    expect((await SocketClient.open(baseUrl, { Origin: new URL(baseUrl).origin }, socketPath(id))).status).toBe(401);
    expect((await SocketClient.open(baseUrl, { Origin: "https://evil.example", Cookie: owner.client.cookieHeader() }, socketPath(id))).status).toBe(403);
    expect((await owner.client.get(socketPath(id))).status).toBe(426);
    expect((await openRoom(owner.client, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("relays signalling between invited participants with `from` set by the room, and survives bad messages", async () => {
    const { id } = await schedule(owner.client, { inviteeIds: [trustee.me.id] });
    const host = await join(owner.client, id);
    expect(host.first).toMatchObject({ type: "welcome", role: "host", meshLimit: 6, epoch: 0, e2ee: { everyoneSupports: true, unsupported: [] }, lobby: [] });
    expect(host.first.keyDistributor).toBe(host.first.you);
    const guestOfHonour = await join(trustee.client, id, false);
    const welcome = guestOfHonour.first;
    expect(welcome).toMatchObject({ type: "welcome", role: "invitee", keyDistributor: host.first.you });
    expect(welcome.participants.map((p: { id: string }) => p.id).sort()).toEqual([host.first.you, welcome.you].sort());
    expect(welcome.e2ee).toEqual({ everyoneSupports: false, unsupported: [trustee.account.name] });
    const joined = await host.socket.next("participant-joined");
    expect(joined.participant).toMatchObject({ id: welcome.you, userId: trustee.me.id, name: trustee.account.name, e2ee: false });

    // An offer with a forged `from`: the room names the real sender.
    host.socket.send({ type: "signal", to: welcome.you, from: "someone-else", description: { type: "offer", sdp: "v=0 offer" } });
    expect(await guestOfHonour.socket.next("signal")).toEqual({ type: "signal", from: host.first.you, description: { type: "offer", sdp: "v=0 offer" } });
    guestOfHonour.socket.send({ type: "signal", to: host.first.you, description: { type: "answer", sdp: "v=0 answer" } });
    expect(await host.socket.next("signal")).toMatchObject({ from: welcome.you, description: { type: "answer" } });
    guestOfHonour.socket.send({
      type: "signal",
      to: host.first.you,
      candidate: { candidate: "candidate:1 1 udp 2122260223 10.0.0.2 54400 typ host", sdpMid: "0" },
    });
    expect((await host.socket.next("signal")).candidate.sdpMid).toBe("0");

    // To someone absent, oversized, malformed, unknown: an error each, and the room carries on.
    host.socket.send({ type: "signal", to: "nobody", description: { type: "offer", sdp: "x" } });
    expect(await host.socket.next("error")).toEqual({ type: "error", code: "no-such-participant", message: "No participant nobody in this meeting" });
    host.socket.send({ type: "chat", text: "x".repeat(70_000) });
    expect((await host.socket.next("error")).code).toBe("too-large");
    host.socket.send("{not json");
    expect((await host.socket.next("error")).code).toBe("invalid-json");
    host.socket.send({ type: "signal", to: welcome.you });
    expect((await host.socket.next("error")).code).toBe("invalid-message");
    host.socket.send({ type: "dance" });
    expect((await host.socket.next("error")).code).toBe("unknown-type");
    // Keys: only the distributor hands them out, at the current epoch; the room relays them untouched.
    guestOfHonour.socket.send({ type: "key", to: host.first.you, epoch: 0, wrapped: "forged" });
    expect((await guestOfHonour.socket.next("error")).code).toBe("not-distributor");
    host.socket.send({ type: "key", to: welcome.you, epoch: 7, wrapped: "old" });
    expect((await host.socket.next("error")).code).toBe("stale-epoch");
    host.socket.send({ type: "key", to: welcome.you, epoch: 0, wrapped: "wrapped-key-bytes" });
    expect(await guestOfHonour.socket.next("key")).toEqual({ type: "key", from: host.first.you, epoch: 0, wrapped: "wrapped-key-bytes" });
    host.socket.send({ type: "signal", to: welcome.you, candidate: null });
    expect(await guestOfHonour.socket.next("signal")).toEqual({ type: "signal", from: host.first.you, candidate: null });
    guestOfHonour.socket.send({ type: "media", audio: true, video: false, screen: true });
    expect(await host.socket.next("media")).toEqual({ type: "media", participantId: welcome.you, audio: true, video: false, screen: true });
    guestOfHonour.socket.send({ type: "hand", raised: true });
    expect(await host.socket.next("hand")).toEqual({ type: "hand", participantId: welcome.you, raised: true });
    // Host commands are the host's.
    guestOfHonour.socket.send({ type: "mute", participantId: host.first.you });
    expect((await guestOfHonour.socket.next("error")).code).toBe("not-host");
    host.socket.send({ type: "ping" });
    expect(await host.socket.next("pong")).toEqual({ type: "pong" });
    expect(host.socket.closed).toBeNull();

    // Leaving: the others are told and asked for a new key.
    guestOfHonour.socket.send({ type: "leave" });
    expect(await host.socket.next("participant-left")).toMatchObject({ participantId: welcome.you, reason: "left" });
    expect(await host.socket.next("rekey")).toEqual({ type: "rekey", epoch: 1, keyDistributor: host.first.you });
    host.socket.close();
  });

  it("keeps a member who is not invited in the lobby until the host admits them; the host mutes and removes", async () => {
    const { id } = await schedule(owner.client, { inviteeIds: [trustee.me.id] });
    const waiting = await join(cousin.client, id);
    expect(waiting.first).toEqual({ type: "waiting" });
    waiting.socket.send({ type: "chat", text: "hello?" });
    expect((await waiting.socket.next("error")).code).toBe("waiting");

    const host = await join(owner.client, id);
    expect(host.first.lobby).toHaveLength(1);
    const knocking = host.first.lobby[0];
    expect(knocking).toMatchObject({ userId: cousin.me.id, name: cousin.account.name });
    const invitee = await join(trustee.client, id);
    expect(invitee.first.participants).toHaveLength(2);

    host.socket.send({ type: "admit", participantId: knocking.id });
    expect(await waiting.socket.next("admitted")).toEqual({ type: "admitted" });
    const welcome = await waiting.socket.next("welcome");
    expect(welcome).toMatchObject({ you: knocking.id, role: "guest" });
    expect(await host.socket.next("lobby")).toEqual({ type: "lobby", waiting: [] });
    expect((await invitee.socket.next("participant-joined")).participant.id).toBe(knocking.id);

    host.socket.send({ type: "mute", participantId: knocking.id });
    expect(await waiting.socket.next("muted")).toEqual({ type: "muted", by: host.first.you });
    host.socket.send({ type: "remove", participantId: knocking.id });
    expect(await waiting.socket.next("removed")).toEqual({ type: "removed" });
    expect((await waitClosed(waiting.socket)).code).toBe(4010);
    expect(await invitee.socket.next("participant-left")).toMatchObject({ participantId: knocking.id, reason: "removed" });
    expect((await invitee.socket.next("rekey")).keyDistributor).toBe(host.first.you);
    expect(sql(`SELECT action FROM audit_log WHERE target_id = '${id}' AND action = 'meeting.participant_removed'`)).toHaveLength(1);

    // Denied from the lobby: told, then closed.
    const again = await join(cousin.client, id);
    expect(again.first).toEqual({ type: "waiting" });
    const lobby = await host.socket.next((m) => m.type === "lobby" && m.waiting.length === 1);
    host.socket.send({ type: "deny", participantId: lobby.waiting[0].id });
    expect(await again.socket.next("denied")).toEqual({ type: "denied" });
    expect((await waitClosed(again.socket)).code).toBe(4011);
    // The host's refusal is in the audit log, naming whom.
    const denied = await eventually(async () => {
      const rows = sql(`SELECT actor_user_id, metadata FROM audit_log WHERE target_id = '${id}' AND action = 'meeting.lobby_denied'`);
      return rows.length ? rows : null;
    });
    expect(denied).toHaveLength(1);
    expect(denied[0].actor_user_id).toBe(owner.me.id);
    expect(String(denied[0].metadata)).toContain(cousin.me.id);
    host.socket.close();
    invitee.socket.close();
  });

  it("keeps the chat and the attendance; the host ends the meeting and every socket closes", async () => {
    const { id } = await schedule(owner.client, { inviteeIds: [beneficiary.me.id] });
    const host = await join(owner.client, id);
    const ben = await join(beneficiary.client, id);
    ben.socket.send({ type: "chat", text: "  Can we discuss the roof first?  " });
    const said = await host.socket.next("chat");
    expect(said).toMatchObject({ from: ben.first.you, userId: beneficiary.me.id, name: beneficiary.account.name, text: "Can we discuss the roof first?" });
    expect((await ben.socket.next("chat")).id).toBe(said.id);
    expect(sql(`SELECT text, workspace_id FROM meeting_chat_messages WHERE meeting_id = '${id}'`)).toEqual([
      { text: "Can we discuss the roof first?", workspace_id: owner.me.workspace.id },
    ]);
    const chat = (await (await owner.client.get(`/api/meetings/${id}/chat`)).json()) as { messages: { text: string }[] };
    expect(chat.messages.map((m) => m.text)).toEqual(["Can we discuss the roof first?"]);
    // The page shows the chat log once the meeting has ended, not before.
    expect(await (await owner.client.get(`/video-meetings/${id}`)).text()).not.toContain("Can we discuss the roof first?");
    expect(sql(`SELECT status FROM meetings WHERE id = '${id}'`)[0].status).toBe("live");

    expect((await beneficiary.client.postJson(`/api/meetings/${id}/end`, {})).status).toBe(403);
    expect((await owner.client.postJson(`/api/meetings/${id}/end`, {})).status).toBe(200);
    expect(await ben.socket.next("ended")).toEqual({ type: "ended" });
    expect((await waitClosed(ben.socket)).code).toBe(4012);
    expect((await waitClosed(host.socket)).code).toBe(4012);
    const attendance = sql(`SELECT user_id, joined_at, left_at, e2ee FROM meeting_attendance WHERE meeting_id = '${id}' ORDER BY joined_at`);
    expect(attendance.map((a) => a.user_id)).toEqual([owner.me.id, beneficiary.me.id]);
    for (const row of attendance) expect(Number(row.left_at)).toBeGreaterThanOrEqual(Number(row.joined_at));
    expect((await openRoom(beneficiary.client, id)).status).toBe(404);
    // No relay credentials are minted for a meeting that is over.
    const ice = await beneficiary.client.get(`/api/meetings/${id}/ice-servers`);
    expect(ice.status).toBe(409);
    expect(((await ice.json()) as { error: string }).error).toBe("This meeting has already ended.");
    expect((await owner.client.postJson(`/api/meetings/${id}/end`, {})).status).toBe(409);
    const detail = (await (await owner.client.get(`/api/meetings/${id}`)).json()) as { meeting: { status: string }; attendance: unknown[] };
    expect(detail.meeting.status).toBe("ended");
    expect(detail.attendance).toHaveLength(2);
    for (const client of [owner.client, beneficiary.client])
      expect(await (await client.get(`/video-meetings/${id}`)).text()).toContain("Can we discuss the roof first?");
    const actions = sql(`SELECT action FROM audit_log WHERE target_id = '${id}'`).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["meeting.scheduled", "meeting.joined", "meeting.ended"]));
  });

  it("starts a meeting now, and a member removed from the workspace loses its socket at once", async () => {
    const leaving = await addMember(baseUrl, owner.client, "family_member", "mtleaving");
    const started = await owner.client.fetch("/api/meetings/now", { method: "POST", headers: { Origin: owner.client.origin } });
    expect(started.status, await started.clone().text()).toBe(201);
    const { id } = (await started.json()) as { id: string };
    const meeting = (await (await owner.client.get(`/api/meetings/${id}`)).json()) as { meeting: { title: string; status: string } };
    expect(meeting.meeting).toMatchObject({ title: "Video meeting", status: "live" });
    const host = await join(owner.client, id);
    const guest = await join(leaving.client, id);
    expect(guest.first).toEqual({ type: "waiting" });
    const lobby = await host.socket.next((m) => m.type === "lobby" && m.waiting.length === 1);
    host.socket.send({ type: "admit", participantId: lobby.waiting[0].id });
    await guest.socket.next("welcome");

    const removed = await owner.client.fetch(`/api/workspaces/members/${leaving.me.id}`, { method: "DELETE", headers: { Origin: owner.client.origin } });
    expect(removed.status).toBe(200);
    expect((await waitClosed(guest.socket)).code).toBe(4003);
    expect(await host.socket.next("participant-left")).toMatchObject({ participantId: lobby.waiting[0].id, reason: "access-ended" });
    host.socket.close();
  });

  it("a meeting that requires end-to-end encryption turns away a browser that cannot encrypt, with a sentence", async () => {
    const { id } = await schedule(owner.client, { inviteeIds: [beneficiary.me.id], e2eeRequired: true });
    expect(((await (await owner.client.get(`/api/meetings/${id}`)).json()) as { meeting: { e2eeRequired: boolean } }).meeting.e2eeRequired).toBe(true);
    const host = await join(owner.client, id);
    expect(host.first.type).toBe("welcome");
    for (const client of [beneficiary.client, cousin.client]) {
      const socket = await SocketClient.connect(client, socketPath(id));
      socket.send({ type: "join", e2ee: false });
      expect(await socket.next("error")).toEqual({
        type: "error",
        code: "e2ee-required",
        message: "This meeting is end-to-end encrypted only, and this browser cannot encrypt; join from a current Chrome, Edge, Firefox or Safari.",
      });
      expect((await waitClosed(socket)).code).toBe(4013);
    }
    // Nobody unencrypted got in or reached the lobby; an encrypting browser still joins.
    const beneficiaryIn = await join(beneficiary.client, id);
    expect(beneficiaryIn.first.type).toBe("welcome");
    expect(await host.socket.next("participant-joined")).toMatchObject({ e2ee: { everyoneSupports: true, unsupported: [] } });
    expect(host.socket.messages.some((m) => m.type === "lobby" && m.waiting.length > 0)).toBe(false);
    host.socket.close();
    beneficiaryIn.socket.close();
  });

  it("a flood is told once to slow down, then closed, and counts as leaving: the others are told and the key rotates", async () => {
    const { id } = await schedule(owner.client, { inviteeIds: [beneficiary.me.id] });
    const host = await join(owner.client, id);
    const flooder = await join(beneficiary.client, id);
    await host.socket.next("participant-joined");
    for (let i = 0; i < 650; i++) flooder.socket.send({ type: "ping" });
    expect((await waitClosed(flooder.socket)).code).toBe(1008);
    expect(flooder.socket.messages.filter((m) => m.type === "error").map((m) => m.code)).toEqual(["rate-limited"]);
    expect(await host.socket.next("participant-left")).toMatchObject({ participantId: flooder.first.you, reason: "left" });
    expect(await host.socket.next("rekey")).toMatchObject({ keyDistributor: host.first.you });
    const leftAt = await eventually(
      async () => sql(`SELECT left_at FROM meeting_attendance WHERE meeting_id = '${id}' AND user_id = '${beneficiary.me.id}'`)[0]?.left_at,
    );
    expect(leftAt).toBeTruthy();
    host.socket.close();
  });
});
