import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import { Client, registerUser } from "../helpers/client";
import { SocketClient } from "../helpers/socket";
import { addMember, eventually, sql as runSql, startWorkspace } from "../helpers/workspace";
import { TEST_TWILIO_AUTH_TOKEN } from "../helpers/sms";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);

interface Channel {
  id: string;
  name: string;
  kind: string;
  isDefault: boolean;
  unread: number;
  member: boolean;
}
interface Message {
  id: string;
  seq: number;
  body: string;
  topicId: string;
  topicName: string;
  authorName: string;
  deleted: boolean;
  editedAt: string | null;
  sms: { participantName: string; route: string | null } | null;
  deliveries: { participantName: string; status: string }[];
}
interface Topic {
  id: string;
  name: string;
  resolved: boolean;
  follow: string | null;
  purpose: string | null;
  phones: { id: string; name: string; phone: string; replyCode: string; optedOut: boolean }[];
}

const json = async <T = any>(response: Response): Promise<T> => (await response.json()) as T;
const send = (client: Client, method: string, path: string, body?: unknown) =>
  client.fetch(path, {
    method,
    headers: { "Content-Type": "application/json", Origin: client.origin },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const channels = async (client: Client) => (await json<{ channels: Channel[] }>(await client.get("/api/chat/channels"))).channels;
const general = async (client: Client) => (await channels(client)).find((c) => c.isDefault)!;
async function post(client: Client, channelId: string, body: Record<string, unknown>) {
  const response = await client.postJson(`/api/chat/channels/${channelId}/messages`, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await json<{ message: Message }>(response)).message;
}
const history = async (client: Client, channelId: string, query = "") =>
  json<{ messages: Message[]; hasOlder: boolean }>(await client.get(`/api/chat/channels/${channelId}/messages${query}`));
const topicsOf = async (client: Client, channelId: string) => (await json<{ topics: Topic[] }>(await client.get(`/api/chat/channels/${channelId}`))).topics;
const errorOf = async (response: Response) => (await json<{ error: string }>(response)).error;

/** Twilio's documented signature, computed independently of the app's code. */
function twilioSign(url: string, params: Record<string, string>) {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((k) => k + params[k])
      .join("");
  return createHmac("sha1", TEST_TWILIO_AUTH_TOKEN).update(data).digest("base64");
}
function webhook(path: string, params: Record<string, string>, signature?: string | null) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (signature !== null) headers["X-Twilio-Signature"] = signature ?? twilioSign(`${new URL(baseUrl).origin}${path}`, params);
  return fetch(new URL(path, baseUrl), { method: "POST", headers, body: new URLSearchParams(params).toString() });
}

describe("team chat", () => {
  it("gives every workspace a General channel; members write, read live, count unread and mark read", async () => {
    const owner = await startWorkspace(baseUrl, "chatgen", "The Chat Trust");
    const member = await addMember(baseUrl, owner.client, "family_member", "chatgenfam");
    const channel = await general(owner.client);
    expect(channel).toMatchObject({ name: "General", kind: "open", member: true });
    expect((await general(member.client)).id).toBe(channel.id);

    const { socket } = await SocketClient.signedIn(member.client, member.me.id);
    socket.send({ type: "subscribe_thread", threadId: `chat:${owner.me.workspace.id}` });
    await socket.next("subscribed");

    const first = await post(owner.client, channel.id, {
      body: "Hello **family**, the roof quote is in.",
      topic: "Cedar Crest roof repair",
      purpose: "Cedar Crest roof repair",
    });
    expect(first).toMatchObject({ topicName: "Cedar Crest roof repair", authorName: owner.account.name, seq: 1 });
    const live = await socket.next((m) => m.type === "thread_event" && m.event.kind === "message.created");
    expect(live.threadId).toBe(`chat:${owner.me.workspace.id}`);
    expect(live.event.message).toMatchObject({ id: first.id, body: "Hello **family**, the roof quote is in." });

    await post(owner.client, channel.id, { body: "Second", topicId: first.topicId });
    expect((await general(member.client)).unread).toBe(2);
    expect((await general(owner.client)).unread).toBe(0);
    expect((await send(member.client, "POST", `/api/chat/channels/${channel.id}/read`, { seq: 2 })).status).toBe(200);
    expect((await general(member.client)).unread).toBe(0);

    // Edit and delete travel live too.
    await send(owner.client, "PATCH", `/api/chat/messages/${first.id}`, { body: "Hello family, the roof quote is in (edited)." });
    expect((await socket.next((m) => m.type === "thread_event" && m.event.kind === "message.updated")).event.message.editedAt).toBeTruthy();
    await send(owner.client, "DELETE", `/api/chat/messages/${first.id}`);
    expect((await socket.next((m) => m.type === "thread_event" && m.event.kind === "message.deleted")).event.messageId).toBe(first.id);
    const after = (await history(member.client, channel.id)).messages.find((m) => m.id === first.id)!;
    expect(after).toMatchObject({ deleted: true, body: "" });
    // The history keeps both earlier bodies, and the audit log records the edit and the deletion.
    const kept = await json<{ history: { body: string; change: string }[] }>(await owner.client.get(`/api/chat/messages/${first.id}`));
    expect(kept.history.map((h) => [h.change, h.body])).toEqual([
      ["edit", "Hello **family**, the roof quote is in."],
      ["delete", "Hello family, the roof quote is in (edited)."],
    ]);
    const audited = sql(`SELECT action FROM audit_log WHERE target_id = '${first.id}' ORDER BY created_at`).map((r) => r.action);
    expect(audited).toEqual(["chat.message.edit", "chat.message.delete"]);
    // The deleted words stay out of everyone else's reach.
    const refused = await member.client.get(`/api/chat/messages/${first.id}`);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await refused.json())).not.toContain("roof quote");
    socket.ws.close();
  });

  it("refuses bad messages clearly and changes nothing: empty, too long, someone else's, a channel one has not joined", async () => {
    const owner = await startWorkspace(baseUrl, "chatbad", "The Strict Trust");
    const member = await addMember(baseUrl, owner.client, "beneficiary", "chatbadben");
    const channel = await general(owner.client);
    const mine = await post(owner.client, channel.id, { body: "Original words" });

    let response = await owner.client.postJson(`/api/chat/channels/${channel.id}/messages`, { body: "   " });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Write something before sending.");
    response = await owner.client.postJson(`/api/chat/channels/${channel.id}/messages`, { body: "x".repeat(10_001) });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("A message can be at most 10,000 characters.");
    expect((await owner.client.postJson(`/api/chat/channels/${channel.id}/messages`, { body: "x".repeat(10_000) })).status).toBe(201);
    response = await owner.client.postJson(`/api/chat/channels/${channel.id}/messages`, { body: "hi", extra: 1 });
    expect(response.status).toBe(400);
    response = await owner.client.postJson(`/api/chat/channels/${channel.id}/messages`, "{not json");
    expect(response.status).toBe(400);

    response = await send(member.client, "PATCH", `/api/chat/messages/${mine.id}`, { body: "Hijacked" });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toBe("You can only edit or delete your own messages.");
    expect((await send(member.client, "DELETE", `/api/chat/messages/${mine.id}`)).status).toBe(403);
    expect((await history(owner.client, channel.id)).messages.find((m) => m.id === mine.id)).toMatchObject({
      body: "Original words",
      deleted: false,
      editedAt: null,
    });

    // An open channel: readable before joining, writable only after.
    const created = await owner.client.postJson("/api/chat/channels", { name: "Taxes", kind: "open" });
    expect(created.status).toBe(201);
    const taxes = (await json<{ channel: { id: string } }>(created)).channel.id;
    expect((await owner.client.postJson("/api/chat/channels", { name: "taxes" })).status).toBe(409);
    expect(await errorOf(await owner.client.postJson("/api/chat/channels", { name: "" }))).toBe("Give the channel a name.");
    response = await member.client.postJson(`/api/chat/channels/${taxes}/messages`, { body: "Can I write?" });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toBe("You are not a member of this channel. Join it to write here.");
    expect((await history(member.client, taxes)).messages).toEqual([]);
    expect((await member.client.postJson(`/api/chat/channels/${taxes}/members`, { userIds: [member.me.id] })).status).toBe(200);
    await post(member.client, taxes, { body: "Now I can." });

    // Only administrators and the creator rename or archive; General stays.
    expect((await send(member.client, "PATCH", `/api/chat/channels/${taxes}`, { name: "Mine now" })).status).toBe(403);
    expect((await send(owner.client, "PATCH", `/api/chat/channels/${channel.id}`, { archived: true })).status).toBe(409);
    expect((await send(owner.client, "PATCH", `/api/chat/channels/${taxes}`, { name: "Tax filings" })).status).toBe(200);
    expect((await send(owner.client, "PATCH", `/api/chat/channels/${taxes}`, { archived: true })).status).toBe(200);
    response = await member.client.postJson(`/api/chat/channels/${taxes}/messages`, { body: "Too late" });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe("This channel is archived: nothing new can be written in it.");
  });

  it("keeps a private channel invisible to non-members: not listed, 404 everywhere, never pushed, never found", async () => {
    const owner = await startWorkspace(baseUrl, "chatpriv", "The Private Trust");
    const trustee = await addMember(baseUrl, owner.client, "trustee", "chatprivtr");
    const outsider = await addMember(baseUrl, owner.client, "beneficiary", "chatprivben");
    const other = await startWorkspace(baseUrl, "chatother", "Another Trust");
    const created = await owner.client.postJson("/api/chat/channels", { name: "Trustees only", kind: "private", memberIds: [trustee.me.id] });
    expect(created.status).toBe(201);
    const privateId = (await json<{ channel: { id: string } }>(created)).channel.id;

    const { socket } = await SocketClient.signedIn(outsider.client, outsider.me.id);
    socket.send({ type: "subscribe_thread", threadId: `chat:${owner.me.workspace.id}` });
    await socket.next("subscribed");
    const { socket: trusteeSocket } = await SocketClient.signedIn(trustee.client, trustee.me.id);
    trusteeSocket.send({ type: "subscribe_thread", threadId: `chat:${owner.me.workspace.id}` });
    await trusteeSocket.next("subscribed");

    await post(owner.client, privateId, { body: "Confidential succession plan zebra" });
    expect((await trusteeSocket.next((m) => m.type === "thread_event" && m.event.kind === "message.created")).event.message.body).toBe(
      "Confidential succession plan zebra",
    );

    expect((await channels(outsider.client)).map((c) => c.name)).not.toContain("Trustees only");
    expect((await channels(trustee.client)).map((c) => c.name)).toContain("Trustees only");
    for (const client of [outsider.client, other.client]) {
      expect((await client.get(`/api/chat/channels/${privateId}`)).status).toBe(404);
      expect((await client.get(`/api/chat/channels/${privateId}/messages`)).status).toBe(404);
      expect((await client.postJson(`/api/chat/channels/${privateId}/messages`, { body: "let me in" })).status).toBe(404);
      expect((await client.postJson(`/api/chat/channels/${privateId}/members`, { userIds: [outsider.me.id] })).status).toBe(404);
      expect((await client.get(`/channel/${privateId}`)).status).toBe(404);
      const found = await json<{ results: unknown[] }>(await client.get("/api/chat/search?q=zebra"));
      expect(found.results).toEqual([]);
    }
    expect((await json<{ results: unknown[] }>(await trustee.client.get("/api/chat/search?q=zebra"))).results).toHaveLength(1);
    // A malformed channel name is simply not found.
    expect((await outsider.client.get("/channel/%25")).status).toBe(404);
    expect((await outsider.client.get("/channel/no-such-channel")).status).toBe(404);
    // Another workspace's General is not reachable either.
    expect((await outsider.client.get(`/api/chat/channels/${(await general(other.client)).id}/messages`)).status).toBe(404);
    // Nothing of the private channel reached the outsider's socket.
    await new Promise((r) => setTimeout(r, 300));
    expect(socket.messages.filter((m) => m.type === "thread_event")).toEqual([]);
    socket.ws.close();
    trusteeSocket.ws.close();
  });

  it("shows a linked document's card only to people who may open it", async () => {
    const owner = await startWorkspace(baseUrl, "chatdoc", "The Card Trust");
    const beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "chatdocben");
    const other = await startWorkspace(baseUrl, "chatdocother", "Another Card Trust");
    const uploaded = await owner.client.fetch(`/api/documents?${new URLSearchParams({ fileName: "deed.txt" })}`, {
      method: "POST",
      headers: { "Content-Type": "application/octet-stream", Origin: owner.client.origin },
      body: "Grant deed for the lake cabin, recorded in Placer County." as unknown as BodyInit,
    });
    expect(uploaded.status).toBe(201);
    const doc = (await json<{ document: { id: string; title: string } }>(uploaded)).document;
    await post(owner.client, (await general(owner.client)).id, { body: `The deed: /documents/${doc.id}` });
    const cards = async (client: Client) =>
      (await json<{ documents: { id: string; title: string }[] }>(await client.get(`/api/chat/documents?ids=${doc.id},not-an-id`))).documents;
    expect((await cards(owner.client)).map((d) => d.id)).toEqual([doc.id]);
    expect(await cards(beneficiary.client)).toEqual([]);
    expect(await cards(other.client)).toEqual([]);
    expect((await send(owner.client, "PUT", `/api/documents/${doc.id}/shares/${beneficiary.me.id}`, { permission: "view" })).status).toBe(200);
    expect((await cards(beneficiary.client)).map((d) => d.id)).toEqual([doc.id]);
  });

  it("notifies mentioned members and followers, never muted topics", async () => {
    const owner = await startWorkspace(baseUrl, "chatmen", "The Mention Trust");
    const sister = await addMember(baseUrl, owner.client, "family_member", "chatmensis");
    const channel = await general(owner.client);
    const sisterName = (await json<{ name: string }>(await sister.client.get("/api/auth/user"))).name;
    const { socket } = await SocketClient.signedIn(sister.client, sister.me.id);

    const message = await post(owner.client, channel.id, { body: `@**${sisterName}** can you sign the roof contract?`, topic: "Roof" });
    const event = await socket.next("chat_notification");
    expect(event).toMatchObject({ reason: "mention", authorName: owner.account.name, channelName: "General", topicName: "Roof", messageId: message.id });
    expect(event.notificationId).toBeTruthy();
    const stored = sql(`SELECT type FROM notifications WHERE user_id = '${sister.me.id}'`);
    expect(stored.map((r) => r.type)).toEqual(["chat_mention"]);

    // Follow the topic: every message notifies. Mute it: nothing, not even a mention.
    expect((await send(sister.client, "PUT", `/api/chat/topics/${message.topicId}`, { mode: "follow" })).status).toBe(200);
    await post(owner.client, channel.id, { body: "Signed copy attached.", topicId: message.topicId });
    expect((await socket.next("chat_notification")).reason).toBe("follow");
    expect((await send(sister.client, "PUT", `/api/chat/topics/${message.topicId}`, { mode: "mute" })).status).toBe(200);
    await post(owner.client, channel.id, { body: `@**${sisterName}** one more thing`, topicId: message.topicId });
    await new Promise((r) => setTimeout(r, 500));
    expect(socket.messages.filter((m) => m.type === "chat_notification")).toEqual([]);
    expect(sql(`SELECT count(*) AS n FROM notifications WHERE user_id = '${sister.me.id}'`)[0].n).toBe(2);
    expect((await send(sister.client, "PUT", `/api/chat/topics/${message.topicId}`, { mode: "loud" })).status).toBe(400);
    socket.ws.close();
  });

  it("runs topics: resolve and reopen, purpose labels, moving a message, paging through older history", async () => {
    const owner = await startWorkspace(baseUrl, "chattop", "The Topic Trust");
    const channel = await general(owner.client);
    const tax = await post(owner.client, channel.id, { body: "W-9 received", topic: "2026 tax filing" });
    const stray = await post(owner.client, channel.id, { body: "Roofer arrives Monday", topicId: tax.topicId });
    let response = await send(owner.client, "PATCH", `/api/chat/messages/${stray.id}`, { topic: "Cedar Crest roof repair" });
    expect(response.status).toBe(200);
    expect((await json<{ message: Message }>(response)).message.topicName).toBe("Cedar Crest roof repair");
    expect((await history(owner.client, channel.id, `?topicId=${tax.topicId}`)).messages.map((m) => m.body)).toEqual(["W-9 received"]);

    response = await send(owner.client, "PATCH", `/api/chat/topics/${tax.topicId}`, { resolved: true, purpose: "2026 tax filing" });
    expect((await json<{ topic: Topic }>(response)).topic).toMatchObject({ resolved: true, purpose: "2026 tax filing" });
    const open = await json<{ topics: Topic[] }>(await owner.client.get("/api/chat/topics?state=open"));
    expect(open.topics.map((t) => t.name)).toEqual(["Cedar Crest roof repair"]);
    await send(owner.client, "PATCH", `/api/chat/topics/${tax.topicId}`, { resolved: false });
    expect((await json<{ topics: Topic[] }>(await owner.client.get("/api/chat/topics?state=resolved"))).topics).toEqual([]);
    expect((await send(owner.client, "PATCH", `/api/chat/topics/${tax.topicId}`, { purpose: "x".repeat(81) })).status).toBe(400);

    for (let i = 0; i < 55; i++) await post(owner.client, channel.id, { body: `Update ${i}`, topicId: tax.topicId });
    const newest = await history(owner.client, channel.id);
    expect(newest.messages).toHaveLength(50);
    expect(newest.hasOlder).toBe(true);
    const older = await history(owner.client, channel.id, `?before=${newest.messages[0].seq}`);
    expect(older.hasOlder).toBe(false);
    expect([...older.messages, ...newest.messages].map((m) => m.seq)).toEqual(Array.from({ length: 57 }, (_, i) => i + 1));
  });
});

describe("SMS threads", () => {
  it("the phone simulator without a workspace is a 404 page that says why, not a 500", async () => {
    const { client } = await registerUser(baseUrl, "nophone");
    const response = await client.get("/dev/phone");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Join or start a workspace to use team chat.");
  });

  it("texts a topic's phones with a reply code, routes replies to the right one of two topics, and honours STOP and START", async () => {
    const owner = await startWorkspace(baseUrl, "smsrt", "The Phone Trust");
    const channel = await general(owner.client);
    const roof = await post(owner.client, channel.id, { body: "Roof thread", topic: "Roof" });
    const taxes = await post(owner.client, channel.id, { body: "Tax thread", topic: "Taxes" });
    const phone = `+1555${String(Date.now()).slice(-7)}`;

    let response = await owner.client.postJson(`/api/chat/topics/${roof.topicId}/phones`, { name: "Grandma Rose", phone: "not a phone" });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Enter a phone number with its country code, for example +1 555 010 2030.");
    const national = `(555) ${phone.slice(5, 8)}-${phone.slice(8)}`;
    response = await owner.client.postJson(`/api/chat/topics/${roof.topicId}/phones`, { name: "Grandma Rose", phone: national });
    expect(response.status).toBe(201);
    expect((await json<{ topic: Topic }>(response)).topic.phones[0]).toMatchObject({ phone, name: "Grandma Rose", optedOut: false });
    expect((await owner.client.postJson(`/api/chat/topics/${roof.topicId}/phones`, { name: "Again", phone })).status).toBe(409);
    expect((await owner.client.postJson(`/api/chat/topics/${taxes.topicId}/phones`, { name: "Grandma Rose", phone })).status).toBe(201);
    const [roofPhone] = (await topicsOf(owner.client, channel.id)).find((t) => t.id === roof.topicId)!.phones;
    const [taxPhone] = (await topicsOf(owner.client, channel.id)).find((t) => t.id === taxes.topicId)!.phones;
    expect(roofPhone.replyCode).not.toBe(taxPhone.replyCode);

    // A member writes in Roof: the outbox holds the SMS with Roof's reply code.
    const update = await post(owner.client, channel.id, { body: "The **roofer** comes Monday", topicId: roof.topicId });
    // The writer's own answer says who was texted: a page whose socket is still connecting shows it all the same.
    expect(update.deliveries.map((d) => d.participantName)).toEqual(["Grandma Rose"]);
    const outbox = await json<{ messages: { direction: string; body: string; status: string; topicName: string }[] }>(
      await owner.client.get(`/api/dev/sms?phone=${encodeURIComponent(phone)}`),
    );
    const texted = outbox.messages.filter((m) => m.direction === "outbound");
    expect(texted).toHaveLength(1);
    expect(texted[0].body).toContain("The roofer comes Monday");
    expect(texted[0].body).toContain(`Reply starting with ${roofPhone.replyCode}`);
    // The phone read it: delivered, and the channel shows it.
    expect((await history(owner.client, channel.id)).messages.find((m) => m.id === update.id)!.deliveries).toEqual([
      { participantName: "Grandma Rose", status: "delivered", error: null },
    ]);

    // Then Taxes texts her: a code-less reply goes to Taxes (most recent), a coded one to Roof.
    await post(owner.client, channel.id, { body: "Need your signature on the 1041", topicId: taxes.topicId });
    response = await owner.client.postJson("/api/dev/sms", { from: phone, body: "Which page?" });
    expect((await json<{ result: { topicId: string; route: string } }>(response)).result).toMatchObject({ topicId: taxes.topicId, route: "most_recent" });
    response = await owner.client.postJson("/api/dev/sms", { from: phone, body: `${roofPhone.replyCode.toLowerCase()}: Monday is fine` });
    expect((await json<{ result: { topicId: string; route: string } }>(response)).result).toMatchObject({ topicId: roof.topicId, route: "reply_code" });
    const inRoof = (await history(owner.client, channel.id, `?topicId=${roof.topicId}`)).messages.at(-1)!;
    expect(inRoof).toMatchObject({ body: "Monday is fine", authorName: "Grandma Rose", sms: { participantName: "Grandma Rose", route: "reply_code" } });

    // STOP: no more texts, the topic shows it; START undoes it.
    await owner.client.postJson("/api/dev/sms", { from: phone, body: "STOP" });
    expect((await topicsOf(owner.client, channel.id)).find((t) => t.id === roof.topicId)!.phones[0].optedOut).toBe(true);
    const blocked = await post(owner.client, channel.id, { body: "Are you there?", topicId: roof.topicId });
    expect((await history(owner.client, channel.id)).messages.find((m) => m.id === blocked.id)!.deliveries[0].status).toBe("blocked");
    expect(sql(`SELECT count(*) AS n FROM sms_messages WHERE to_number = '${phone}' AND status != 'blocked' AND chat_message_id = '${blocked.id}'`)[0].n).toBe(
      0,
    );
    await owner.client.postJson("/api/dev/sms", { from: phone, body: "start" });
    expect((await topicsOf(owner.client, channel.id)).find((t) => t.id === roof.topicId)!.phones[0].optedOut).toBe(false);

    // A number in no topic of this workspace is refused.
    response = await owner.client.postJson("/api/dev/sms", { from: "+15550009999", body: "hello?" });
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe("This number is not part of any topic in this workspace.");
  });

  it("accepts only Twilio-signed webhooks, and applies delivery-status callbacks", async () => {
    const owner = await startWorkspace(baseUrl, "smswh", "The Webhook Trust");
    const channel = await general(owner.client);
    const topic = await post(owner.client, channel.id, { body: "Start", topic: "Webhook topic" });
    const phone = `+1555${String(Date.now() + 7).slice(-7)}`;
    expect((await owner.client.postJson(`/api/chat/topics/${topic.topicId}/phones`, { name: "Uncle Ben", phone })).status).toBe(201);
    const params = { From: phone, To: "+15550100000", Body: "Signed hello", MessageSid: `SM${"a".repeat(32)}`, AccountSid: `AC${"b".repeat(32)}` };
    const before = sql("SELECT count(*) AS n FROM chat_messages")[0].n as number;

    expect((await webhook("/api/sms/inbound", params, null)).status).toBe(403);
    expect((await webhook("/api/sms/inbound", params, "forged+signature=")).status).toBe(403);
    expect((await webhook("/api/sms/inbound", { ...params, Body: "Tampered" }, twilioSign(`${new URL(baseUrl).origin}/api/sms/inbound`, params))).status).toBe(
      403,
    );
    expect(sql("SELECT count(*) AS n FROM chat_messages")[0].n).toBe(before);

    const accepted = await webhook("/api/sms/inbound", params);
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get("Content-Type")).toContain("text/xml");
    expect((await history(owner.client, channel.id)).messages.at(-1)).toMatchObject({ body: "Signed hello", authorName: "Uncle Ben" });
    // Twilio resends a webhook it believes failed: the same MessageSid is stored once.
    expect((await webhook("/api/sms/inbound", params)).status).toBe(200);
    expect(sql("SELECT count(*) AS n FROM chat_messages")[0].n).toBe(before + 1);
    // "Yes" from a number that never said STOP is an answer, not a keyword.
    expect((await webhook("/api/sms/inbound", { ...params, Body: "Yes", MessageSid: `SM${"c".repeat(32)}` })).status).toBe(200);
    expect((await history(owner.client, channel.id)).messages.at(-1)).toMatchObject({ body: "Yes", authorName: "Uncle Ben" });
    // STOP from a number in no topic is still remembered, so adding it later sends it nothing.
    const stranger = `+1555${String(Date.now() + 11).slice(-7)}`;
    expect((await webhook("/api/sms/inbound", { ...params, From: stranger, Body: "STOP", MessageSid: `SM${"d".repeat(32)}` })).status).toBe(200);
    expect(sql(`SELECT count(*) AS n FROM sms_opt_outs WHERE phone = '${stranger}'`)[0].n).toBe(1);
    expect((await webhook("/api/sms/inbound", { ...params, From: "+15550001111", MessageSid: `SM${"e".repeat(32)}` })).status).toBe(404);

    // Delivery status: the outbound text gets Twilio's report.
    const sent = await post(owner.client, channel.id, { body: "Got it", topicId: topic.topicId });
    const sid = sql(`SELECT provider_sid FROM sms_messages WHERE chat_message_id = '${sent.id}'`)[0].provider_sid as string;
    expect((await webhook("/api/sms/status", { MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "30003" }, null)).status).toBe(403);
    expect((await webhook("/api/sms/status", { MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "30003" })).status).toBe(200);
    await eventually(async () => (await history(owner.client, channel.id)).messages.find((m) => m.id === sent.id)!.deliveries[0].status === "undelivered");
    expect((await webhook("/api/sms/status", { MessageSid: "SMnope", MessageStatus: "delivered" })).status).toBe(404);
  });
});
