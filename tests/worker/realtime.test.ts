import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { registerUser } from "../helpers/client";
import { SocketClient } from "../helpers/socket";
import { addMember, eventually, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

async function createPoll(client: Client, body: Record<string, unknown>) {
  const response = await client.postJson("/api/polls", { closesAt: inAnHour(), ...body });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { poll: { id: string } }).poll.id;
}

async function detail(client: Client, id: string) {
  return (await (await client.get(`/api/polls/${id}`)).json()) as { options: { id: string; text: string }[]; poll: { status: string } };
}

describe("the realtime protocol at /ws", () => {
  it("refuses an upgrade without a session, from a foreign origin, or without the upgrade header", async () => {
    const { client } = await registerUser(baseUrl, "rtdeny");
    expect((await SocketClient.open(baseUrl, { Origin: new URL(baseUrl).origin })).status).toBe(401);
    expect((await SocketClient.open(baseUrl, { Origin: "https://evil.example", Cookie: client.cookieHeader() })).status).toBe(403);
    expect((await SocketClient.open(baseUrl, { Cookie: client.cookieHeader() })).status).toBe(403);
    expect((await client.get("/ws")).status).toBe(426);
  });

  it("answers every client message: authenticate (own id only), subscribe, unsubscribe, ping, and errors that keep the socket open", async () => {
    const { client, userId, account } = await registerUser(baseUrl, "rtproto");
    const socket = await SocketClient.connect(client);
    // Before authenticating, thread subscriptions are refused.
    socket.send({ type: "subscribe_thread", threadId: "t-early" });
    expect(await socket.next("error")).toEqual({ type: "error", message: "Authenticate first" });
    socket.send({ type: "authenticate", userId: "someone-else" });
    expect(await socket.next("error")).toEqual({ type: "error", message: "Authentication failed: this connection belongs to another user" });
    socket.send({ type: "authenticate", userId });
    expect(await socket.next("authenticated")).toEqual({ type: "authenticated", userName: account.name });
    expect(await socket.next("pending_notifications")).toEqual({ type: "pending_notifications", notifications: [] });
    socket.send({ type: "subscribe_thread", threadId: "thread-1" });
    expect(await socket.next("subscribed")).toEqual({ type: "subscribed", threadId: "thread-1" });
    socket.send({ type: "unsubscribe_thread", threadId: "thread-1" });
    expect(await socket.next("unsubscribed")).toEqual({ type: "unsubscribed", threadId: "thread-1" });
    socket.send({ type: "ping" });

    // Malformed, unknown, incomplete and oversized messages: an error each, the socket stays up.
    socket.send("not json");
    expect(await socket.next("error")).toEqual({ type: "error", message: "Message is not valid JSON" });
    socket.send({ type: "dance" });
    expect(await socket.next("error")).toEqual({ type: "error", message: "Unknown message type: dance" });
    socket.send({ type: "subscribe_thread" });
    expect(await socket.next("error")).toEqual({ type: "error", message: "Invalid subscribe_thread message" });
    socket.send({ type: "subscribe_thread", threadId: "x".repeat(5000) });
    expect(await socket.next("error")).toEqual({ type: "error", message: "Message too large (at most 4096 bytes)" });
    socket.send({ type: "subscribe_thread", threadId: "thread-2" });
    expect(await socket.next("subscribed")).toEqual({ type: "subscribed", threadId: "thread-2" });
    expect(socket.closed).toBeNull();
    socket.close();
  });

  it("a flood is refused with one error, and a sustained flood closes the socket; the room keeps serving others", async () => {
    const { client, userId } = await registerUser(baseUrl, "rtflood");
    const { socket } = await SocketClient.signedIn(client, userId);
    for (let i = 0; i < 40; i++) socket.send({ type: "ping" });
    expect(await socket.next("error")).toEqual({ type: "error", message: "Too many messages: slow down" });
    expect(await socket.drain("error")).toEqual([]);
    for (let i = 0; i < 200; i++) socket.send({ type: "ping" });
    await eventually(async () => socket.closed);
    expect(socket.closed?.code).toBe(1008);
    // A new connection of the same person works.
    const again = await SocketClient.signedIn(client, userId);
    again.socket.send({ type: "subscribe_thread", threadId: "after-flood" });
    expect(await again.socket.next("subscribed")).toEqual({ type: "subscribed", threadId: "after-flood" });
    again.socket.close();
  });

  it("what arrived while a member was offline comes as pending_notifications after authenticated, exactly once", async () => {
    const owner = await startWorkspace(baseUrl, "rtpending", "The Offline Trust");
    const member = await addMember(baseUrl, owner.client, "beneficiary", "rtpendben");
    const pollId = await createPoll(owner.client, { title: "Sell the lake cabin?", type: "yes_no" });

    // Stored first: the member has two notifications waiting, not yet delivered.
    await eventually(async () => Number(sql(`SELECT count(*) AS n FROM notifications WHERE user_id = '${member.me.id}'`)[0].n) === 2);
    expect(sql(`SELECT count(*) AS n FROM notifications WHERE user_id = '${member.me.id}' AND delivered_at IS NOT NULL`)[0].n).toBe(0);

    const first = await SocketClient.signedIn(member.client, member.me.id);
    expect(first.pending.map((n) => n.type).sort()).toEqual(["poll_created", "vote_required"]);
    const created = first.pending.find((n) => n.type === "poll_created")!;
    expect(created.metadata).toMatchObject({ pollId, pollTitle: "Sell the lake cabin?", creatorName: owner.account.name });
    expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);

    // A second connection (another tab, or a reconnect) gets nothing twice.
    const second = await SocketClient.signedIn(member.client, member.me.id);
    expect(second.pending).toEqual([]);
    // D1 records the delivery just after the room sent it.
    await eventually(async () => Number(sql(`SELECT count(*) AS n FROM notifications WHERE user_id = '${member.me.id}' AND delivered_at IS NULL`)[0].n) === 0);
    first.socket.close();
    second.socket.close();
  });

  it("live events: poll_created and vote_required to members, vote_cast to the creator, poll_completed to all; thread events to subscribers only", async () => {
    const owner = await startWorkspace(baseUrl, "rtlive", "The Live Trust");
    const member = await addMember(baseUrl, owner.client, "beneficiary", "rtliveben");
    const ownerSocket = (await SocketClient.signedIn(owner.client, owner.me.id)).socket;
    const memberSocket = (await SocketClient.signedIn(member.client, member.me.id)).socket;

    const pollId = await createPoll(owner.client, { title: "Repair the roof", type: "single", options: ["Cedar Crest Roofing", "Hill & Sons"] });
    expect(await memberSocket.next("poll_created")).toEqual({
      type: "poll_created",
      creatorName: owner.account.name,
      pollTitle: "Repair the roof",
      pollId,
      notificationId: expect.any(String),
    });
    expect(await memberSocket.next("vote_required")).toMatchObject({ type: "vote_required", pollTitle: "Repair the roof", pollId });
    // The creator is not told about their own poll.
    expect(await ownerSocket.drain("poll_created")).toEqual([]);

    // A page showing the poll subscribes to its thread and hears of every ballot.
    memberSocket.send({ type: "subscribe_thread", threadId: `poll:${pollId}` });
    await memberSocket.next("subscribed");
    const { options } = await detail(member.client, pollId);
    expect((await member.client.postJson(`/api/polls/${pollId}/ballot`, { choices: [options[0].id] })).status).toBe(200);
    expect(await ownerSocket.next("vote_cast")).toMatchObject({
      type: "vote_cast",
      voterName: member.account.name,
      optionText: "Cedar Crest Roofing",
      pollTitle: "Repair the roof",
      pollId,
    });
    expect(await memberSocket.next("thread_event")).toEqual({ type: "thread_event", threadId: `poll:${pollId}`, event: { kind: "ballot", pollId } });
    // The owner never subscribed to that thread.
    expect(await ownerSocket.drain("thread_event")).toEqual([]);

    expect((await owner.client.postJson(`/api/polls/${pollId}/close`, {})).status).toBe(200);
    for (const socket of [ownerSocket, memberSocket]) {
      expect(await socket.next("poll_completed")).toMatchObject({
        type: "poll_completed",
        pollTitle: "Repair the roof",
        finalResult: "Cedar Crest Roofing wins with 100% · turnout 50%",
        pollId,
      });
    }
    // Delivered live, so not pending at the next sign-in, and D1 records the deliveries too.
    const later = await SocketClient.signedIn(member.client, member.me.id);
    expect(later.pending).toEqual([]);
    await eventually(async () => Number(sql(`SELECT count(*) AS n FROM notifications WHERE user_id = '${member.me.id}' AND delivered_at IS NULL`)[0].n) === 0);
    for (const s of [ownerSocket, memberSocket, later.socket]) s.close();
  });
});
