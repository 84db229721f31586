import { beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { SocketClient } from "../helpers/socket";
import { addMember, eventually, sql as runSql, startWorkspace } from "../helpers/workspace";

const baseUrl = testServer().baseUrl;
const sqlUrl = testServer().sqlUrl;
const sql = (query: string) => runSql(sqlUrl, query);

type Person = Awaited<ReturnType<typeof addMember>>;

/** Joins the meeting's room and waits for the welcome. */
async function join(client: Client, id: string) {
  const socket = await SocketClient.connect(client, `/meetings/${id}/ws`);
  socket.send({ type: "join", e2ee: true, publicKey: `key-${Math.random().toString(36).slice(2)}` });
  await socket.next((m) => m.type === "welcome");
  return socket;
}

/** A yes/no poll for the owner and the trustee, both voting yes, closed by hand. */
async function decidedPoll(owner: Client, trustee: Person, ownerId: string) {
  const created = await owner.postJson("/api/polls", {
    title: "Replace the roof this spring",
    type: "yes_no",
    eligibility: "people",
    eligibleUserIds: [ownerId, trustee.me.id],
    quorumPercent: 0,
    closesAt: new Date(Date.now() + 3600_000).toISOString(),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const pollId = ((await created.json()) as { poll: { id: string } }).poll.id;
  const detail = (await (await owner.get(`/api/polls/${pollId}`)).json()) as { options: { id: string; text: string }[] };
  const yes = detail.options.find((o) => o.text === "Yes")!.id;
  for (const client of [owner, trustee.client]) expect((await client.postJson(`/api/polls/${pollId}/ballot`, { choices: [yes] })).status).toBe(200);
  expect((await owner.postJson(`/api/polls/${pollId}/close`, {})).status).toBe(200);
  return pollId;
}

describe("meeting minutes", () => {
  let owner: Awaited<ReturnType<typeof startWorkspace>>;
  let trustee: Person;
  let beneficiary: Person;
  let cousin: Person;
  let meetingId: string;

  beforeAll(async () => {
    owner = await startWorkspace(baseUrl, "minowner", "The Minutes Family Trust");
    trustee = await addMember(baseUrl, owner.client, "trustee", "mintrustee");
    beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "minbenef");
    cousin = await addMember(baseUrl, owner.client, "family_member", "mincousin");
    const pollId = await decidedPoll(owner.client, trustee, owner.me.id);
    const scheduled = await owner.client.postJson("/api/meetings", {
      title: "Roof council",
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      durationMinutes: 45,
      inviteeIds: [trustee.me.id, beneficiary.me.id],
      agenda: "1. The roof\n2. Sophie's tuition",
      pollId,
    });
    expect(scheduled.status, await scheduled.clone().text()).toBe(201);
    meetingId = ((await scheduled.json()) as { id: string }).id;
    // The host and the trustee join (the trustee twice, from two devices); the beneficiary never does.
    const sockets = [await join(owner.client, meetingId), await join(trustee.client, meetingId), await join(trustee.client, meetingId)];
    expect((await owner.client.postJson(`/api/meetings/${meetingId}/end`, {})).status).toBe(200);
    for (const socket of sockets) await eventually(async () => socket.closed, { timeoutMs: 10_000, intervalMs: 25 });
  });

  it("GET /api/meetings/{id}/minutes: the agenda's lines, who came once each, who never joined, the poll with its result", async () => {
    const response = await owner.client.get(`/api/meetings/${meetingId}/minutes?tz=Europe/Paris`);
    expect(response.status, await response.clone().text()).toBe(200);
    const body = (await response.json()) as { template: string; fields: Record<string, string | string[]> };
    expect(body.template).toBe("minutes");
    expect(body.fields).toMatchObject({
      location: "Video meeting",
      chair: owner.account.name,
      recorder: owner.account.name,
      attendees: [owner.account.name, trustee.account.name],
      absent: [beneficiary.account.name],
      agenda: ["The roof", "Sophie's tuition"],
      resolutions: ["Vote on “Replace the roof this spring”: Approved (Yes 100%) · turnout 100%."],
    });
    const [started] = sql(`SELECT started_at, ended_at FROM meetings WHERE id = '${meetingId}'`);
    const paris = (at: number) => new Date(at).toLocaleString("sv-SE", { timeZone: "Europe/Paris" });
    expect(body.fields.meetingDate).toBe(paris(Number(started.started_at ?? started.ended_at)).slice(0, 10));
    expect(body.fields.meetingTime).toMatch(/^\d{1,2}:\d{2} (AM|PM) GMT\+[12]$/);
    expect(body.fields.adjournedAt).toMatch(/GMT\+[12]$/);

    // The fields save through drafting as they come (with drafting's own trust name).
    const saved = await owner.client.postJson("/api/drafting/save", {
      template: "minutes",
      format: "pdf",
      fields: { trustName: "The Minutes Family Trust", ...body.fields },
      target: { kind: "document" },
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
  });

  it("answers 404 to a member who was not invited, and to another workspace; drafting then names no meeting", async () => {
    const stranger = await startWorkspace(baseUrl, "minstranger", "Another Minutes Trust");
    for (const client of [cousin.client, stranger.client]) {
      const hidden = await client.get(`/api/meetings/${meetingId}/minutes`);
      expect(hidden.status).toBe(404);
      expect(((await hidden.json()) as { error: string }).error).toBe("There is no such meeting, or you are not invited to it.");
    }
    const page = await cousin.client.get(`/document-drafting?template=minutes&prefill=meeting:${meetingId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("The record to pre-fill from could not be found, or you may not see it.");
    expect(html).not.toContain("Roof council");
    const unknown = await owner.client.get("/document-drafting?template=minutes&prefill=ledger:whatever");
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain("The record to pre-fill from could not be found");
    const audited = sql(`SELECT count(*) AS n FROM audit_log WHERE target_id = '${meetingId}' AND action = 'meeting.access_denied'`);
    expect(Number(audited[0].n)).toBeGreaterThanOrEqual(3);
  });

  it("the drafting page's data holds the meeting's values over the minutes template, and says where they came from", async () => {
    const data = await owner.client.get(`/document-drafting.data?template=minutes&prefill=meeting:${meetingId}`);
    expect(data.status).toBe(200);
    const text = await data.text();
    expect(text).toContain("Pre-filled from the meeting “Roof council”: its date, who attended, the agenda and the linked poll.");
    for (const name of [trustee.account.name, beneficiary.account.name, "Sophie's tuition", "Replace the roof this spring"]) expect(text).toContain(name);

    const html = await (await owner.client.get(`/document-drafting?template=minutes&prefill=meeting:${meetingId}`)).text();
    expect(html).toContain("Pre-filled from the meeting “Roof council”");
    expect(html).toContain(`${owner.account.name}\n${trustee.account.name}`);
    // The ended meeting's page links there.
    const meetingPage = await (await owner.client.get(`/video-meetings/${meetingId}`)).text();
    expect(meetingPage).toContain(`/document-drafting?template=minutes&amp;prefill=meeting%3A${meetingId}`);
    expect(meetingPage).toContain("Draft the minutes");
  });
});
