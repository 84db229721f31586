import { beforeAll, describe, expect, it } from "vitest";
import { testServer } from "../helpers/test-server";
import type { Client } from "../helpers/client";
import { fakeSessionTracks, holdNextPull, realtimeCalls, releasePull, TEST_SFU_APP_ID, TEST_SFU_APP_SECRET } from "../helpers/fake-realtime";
import { SocketClient } from "../helpers/socket";
import { addMember, eventually, startWorkspace } from "../helpers/workspace";

// Larger meetings through Cloudflare Realtime's SFU (issue 20, ADR 0030), against a stand-in for its API
// (tests/helpers/fake-realtime.ts) that the test Worker is configured with: meetings of 4 people or more use it.
const baseUrl = testServer().baseUrl;
const realtimeUrl = testServer().realtimeUrl;

type Person = Awaited<ReturnType<typeof addMember>>;

async function schedule(client: Client, inviteeIds: string[]) {
  const startsAt = new Date(Date.now() + 86_400_000).toISOString();
  const response = await client.postJson("/api/meetings", { title: "Family council", startsAt, durationMinutes: 60, inviteeIds });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function join(client: Client, id: string) {
  const socket = await SocketClient.connect(client, `/meetings/${id}/ws`);
  socket.send({ type: "join", e2ee: true, publicKey: `key-${Math.random().toString(36).slice(2)}` });
  return { socket, welcome: await socket.next("welcome") };
}

const sfu = (client: Client, id: string, body: Record<string, unknown>) => client.postJson(`/api/meetings/${id}/sfu`, body);
const offer = { type: "offer", sdp: "v=0\r\ns=browser-offer\r\n" };

describe("video meetings through the SFU", () => {
  let owner: Awaited<ReturnType<typeof startWorkspace>>;
  let trustee: Person;
  let beneficiary: Person;
  let cousin: Person;
  let stranger: Awaited<ReturnType<typeof startWorkspace>>;

  beforeAll(async () => {
    owner = await startWorkspace(baseUrl, "sfuowner", "SFU Trust");
    trustee = await addMember(baseUrl, owner.client, "trustee", "sfutrustee");
    beneficiary = await addMember(baseUrl, owner.client, "beneficiary", "sfubenef");
    cousin = await addMember(baseUrl, owner.client, "family_member", "sfucousin");
    stranger = await startWorkspace(baseUrl, "sfustranger", "Other Trust");
  });

  it("a meeting of four goes through the SFU, a smaller one stays a mesh, and the SFU refuses calls for a mesh", async () => {
    const small = await schedule(owner.client, [trustee.me.id]);
    const smallHost = await join(owner.client, small);
    expect(smallHost.welcome).toMatchObject({ topology: "mesh", meshLimit: 6 });
    const refused = await sfu(owner.client, small, {
      action: "publish",
      participantId: smallHost.welcome.you,
      offer,
      tracks: [{ mid: "0", trackName: "audio", kind: "audio" }],
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe("You are not in this meeting right now; join it first.");
    smallHost.socket.close();

    const large = await schedule(owner.client, [trustee.me.id, beneficiary.me.id, cousin.me.id]);
    const host = await join(owner.client, large);
    expect(host.welcome).toMatchObject({ topology: "sfu", participants: [{ id: host.welcome.you, tracks: [] }] });
    host.socket.close();
  });

  it("publishes with the app secret kept on the server, tells the others, and lets them pull by participant, never by session", async () => {
    const id = await schedule(owner.client, [trustee.me.id, beneficiary.me.id, cousin.me.id]);
    const host = await join(owner.client, id);
    const sister = await join(trustee.client, id);
    await host.socket.next("participant-joined");
    const callsBefore = (await realtimeCalls(realtimeUrl)).length;

    const published = await sfu(owner.client, id, {
      action: "publish",
      participantId: host.welcome.you,
      offer,
      tracks: [
        { mid: "0", trackName: "audio", kind: "audio" },
        { mid: "1", trackName: "video", kind: "video" },
      ],
    });
    expect(published.status).toBe(200);
    const publishedBody = await published.text();
    expect(JSON.parse(publishedBody)).toEqual({
      success: true,
      answer: { type: "answer", sdp: "v=0\r\ns=fake-answer\r\n" },
      tracks: [
        { mid: "0", trackName: "audio" },
        { mid: "1", trackName: "video" },
      ],
    });
    expect(publishedBody).not.toContain(TEST_SFU_APP_SECRET);
    const tracks = [
      { trackName: "audio", kind: "audio" },
      { trackName: "video", kind: "video" },
    ];
    expect(await sister.socket.next("tracks")).toEqual({ type: "tracks", participantId: host.welcome.you, tracks });

    const calls = (await realtimeCalls(realtimeUrl)).slice(callsBefore);
    expect(calls.map((c) => `${c.method} ${c.path.replace(/sessions\/[0-9a-f]{32}/, "sessions/S")}`)).toEqual([
      `POST /v1/apps/${TEST_SFU_APP_ID}/sessions/new`,
      `POST /v1/apps/${TEST_SFU_APP_ID}/sessions/S/tracks/new`,
    ]);
    expect(calls.every((c) => c.authorization === `Bearer ${TEST_SFU_APP_SECRET}`)).toBe(true);
    expect(calls[1].body).toEqual({
      sessionDescription: offer,
      tracks: [
        { location: "local", mid: "0", trackName: "audio" },
        { location: "local", mid: "1", trackName: "video" },
      ],
    });
    const hostSession = /sessions\/([0-9a-f]{32})/.exec(calls[1].path)![1];

    // A newcomer learns what is published from its welcome; the sister pulls the host's tracks by participant id.
    const cousinIn = await join(cousin.client, id);
    expect(cousinIn.welcome.participants.find((p: { id: string }) => p.id === host.welcome.you).tracks).toEqual(tracks);
    const pull = await sfu(trustee.client, id, { action: "pull", participantId: sister.welcome.you, from: host.welcome.you });
    expect(pull.status).toBe(200);
    const pullText = await pull.text();
    const pulled = JSON.parse(pullText) as { offer: { type: string }; requiresImmediateRenegotiation: boolean; tracks: Record<string, unknown>[] };
    expect(pulled.offer.type).toBe("offer");
    expect(pulled.requiresImmediateRenegotiation).toBe(true);
    expect(pulled.tracks.map(({ trackName, kind, from }) => ({ trackName, kind, from }))).toEqual([
      { trackName: "audio", kind: "audio", from: host.welcome.you },
      { trackName: "video", kind: "video", from: host.welcome.you },
    ]);
    expect(pulled.tracks.every((t) => typeof t.mid === "string")).toBe(true);
    expect(pullText).not.toContain(hostSession);
    const pullCall = (await realtimeCalls(realtimeUrl)).at(-1)!;
    expect(pullCall.body!.tracks).toEqual([
      { location: "remote", sessionId: hostSession, trackName: "audio" },
      { location: "remote", sessionId: hostSession, trackName: "video" },
    ]);
    // Only the camera, when asked for it alone; then the answer goes back.
    const camera = await sfu(cousin.client, id, { action: "pull", participantId: cousinIn.welcome.you, from: host.welcome.you, tracks: ["video"] });
    expect(((await camera.json()) as { tracks: { trackName: string }[] }).tracks.map((t) => t.trackName)).toEqual(["video"]);
    const renegotiated = await sfu(trustee.client, id, {
      action: "renegotiate",
      participantId: sister.welcome.you,
      answer: { type: "answer", sdp: "v=0\r\n" },
    });
    expect(renegotiated.status).toBe(200);
    expect(await renegotiated.json()).toMatchObject({ ok: true });

    for (const p of [host, sister, cousinIn]) p.socket.close();
  });

  it("refuses calls from anyone not admitted on this session, and bad input, with a sentence and no SFU call", async () => {
    const id = await schedule(owner.client, [trustee.me.id, beneficiary.me.id, cousin.me.id]);
    const host = await join(owner.client, id);
    const sister = await join(trustee.client, id);
    const before = (await realtimeCalls(realtimeUrl)).length;

    // Someone else's participant id, a member who has not joined, another workspace, a meeting that does not exist.
    const asHost = await sfu(trustee.client, id, { action: "pull", participantId: host.welcome.you, from: sister.welcome.you });
    expect(asHost.status).toBe(409);
    expect((await sfu(beneficiary.client, id, { action: "pull", participantId: sister.welcome.you, from: host.welcome.you })).status).toBe(409);
    expect((await sfu(stranger.client, id, { action: "pull", participantId: host.welcome.you, from: sister.welcome.you })).status).toBe(409);
    const unknown = await sfu(owner.client, "00000000-0000-4000-8000-000000000000", {
      action: "renegotiate",
      participantId: host.welcome.you,
      answer: { type: "answer", sdp: "v" },
    });
    expect(unknown.status).toBe(409);
    expect((await sfu(owner.client, "not-a-meeting", { action: "renegotiate", participantId: "x", answer: { type: "answer", sdp: "v" } })).status).toBe(404);
    // Nothing published yet: nothing to pull. Not negotiated yet: nothing to renegotiate.
    const nothing = await sfu(trustee.client, id, { action: "pull", participantId: sister.welcome.you, from: host.welcome.you });
    expect(nothing.status).toBe(409);
    expect(((await nothing.json()) as { error: string }).error).toBe("That participant shares no camera or microphone right now.");
    expect((await sfu(owner.client, id, { action: "renegotiate", participantId: host.welcome.you, answer: { type: "answer", sdp: "v" } })).status).toBe(409);
    // Malformed: an unknown action, a track name with a slash, an answer where an offer belongs.
    for (const body of [
      { action: "teleport", participantId: host.welcome.you },
      { action: "publish", participantId: host.welcome.you, offer, tracks: [{ mid: "0", trackName: "../other", kind: "audio" }] },
      { action: "publish", participantId: host.welcome.you, offer: { type: "answer", sdp: "v" }, tracks: [{ mid: "0", trackName: "audio", kind: "audio" }] },
    ]) {
      const bad = await sfu(owner.client, id, body);
      expect(bad.status).toBeGreaterThanOrEqual(400);
      expect(bad.status).toBeLessThan(500);
      expect(((await bad.json()) as { error: string }).error).toBeTruthy();
    }
    expect((await realtimeCalls(realtimeUrl)).length).toBe(before);
    host.socket.close();
    sister.socket.close();
  });

  it("someone the host removes loses their SFU tracks at once and can make no further call", async () => {
    const id = await schedule(owner.client, [trustee.me.id, beneficiary.me.id, cousin.me.id]);
    const host = await join(owner.client, id);
    const sister = await join(trustee.client, id);
    await sfu(owner.client, id, { action: "publish", participantId: host.welcome.you, offer, tracks: [{ mid: "0", trackName: "audio", kind: "audio" }] });
    const pull = await sfu(trustee.client, id, { action: "pull", participantId: sister.welcome.you, from: host.welcome.you });
    expect(pull.status).toBe(200);
    const pulledMid = ((await pull.json()) as { tracks: { mid: string }[] }).tracks[0].mid;
    const sisterSession = /sessions\/([0-9a-f]{32})/.exec((await realtimeCalls(realtimeUrl)).at(-1)!.path)![1];

    host.socket.send({ type: "remove", participantId: sister.welcome.you });
    const close = await eventually(async () =>
      (await realtimeCalls(realtimeUrl)).find((c) => c.method === "PUT" && c.path.endsWith(`/sessions/${sisterSession}/tracks/close`)),
    );
    expect(close.body).toEqual({ tracks: [{ mid: pulledMid }], force: true });
    const after = await sfu(trustee.client, id, { action: "pull", participantId: sister.welcome.you, from: host.welcome.you });
    expect(after.status).toBe(409);
    host.socket.close();
  });

  it("a pull still in flight when its maker is removed is closed on the SFU and refused, so the removed get nothing", async () => {
    const id = await schedule(owner.client, [trustee.me.id, beneficiary.me.id, cousin.me.id]);
    const host = await join(owner.client, id);
    const sister = await join(trustee.client, id);
    await sfu(owner.client, id, { action: "publish", participantId: host.welcome.you, offer, tracks: [{ mid: "0", trackName: "video", kind: "video" }] });
    const before = (await realtimeCalls(realtimeUrl)).length;

    await holdNextPull(realtimeUrl);
    const pulling = sfu(trustee.client, id, { action: "pull", participantId: sister.welcome.you, from: host.welcome.you });
    const held = await eventually(async () =>
      (await realtimeCalls(realtimeUrl)).slice(before).find((c) => c.method === "POST" && c.path.endsWith("/tracks/new")),
    );
    const sisterSession = /sessions\/([0-9a-f]{32})/.exec(held.path)![1];
    host.socket.send({ type: "remove", participantId: sister.welcome.you });
    await host.socket.next((m) => m.type === "participant-left" && m.participantId === sister.welcome.you);
    await releasePull(realtimeUrl);

    const pulled = await pulling;
    expect(pulled.status).toBe(409);
    expect(((await pulled.json()) as { error: string }).error).toBe("You are not in this meeting right now; join it first.");
    const tracks = await eventually(async () => {
      const now = await fakeSessionTracks(realtimeUrl, sisterSession);
      return now.length > 0 && now.every((t) => t.status === "inactive") ? now : null;
    });
    expect(tracks.map((t) => t.trackName)).toEqual(["video"]);
    host.socket.close();
  });
});
