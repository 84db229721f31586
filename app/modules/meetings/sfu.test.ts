import { describe, expect, it } from "vitest";
import type { AppConfig } from "~/platform/env.server";
import { getConfig } from "~/platform/env.server";
import { meetingMedia } from "./media.server";
import { chooseSfu, realtimeSfuProvider, SfuUnavailable, topologyFor } from "./sfu.server";

function fakeFetch(answers: { status: number; body: unknown }[] | Error) {
  const calls: { url: string; method: string; auth: string; body: unknown }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({
      url,
      method: String(init.method),
      auth: (init.headers as Record<string, string>).authorization,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    if (answers instanceof Error) throw answers;
    const next = answers.shift()!;
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { "Content-Type": "application/json" } });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const options = { appId: "app-0123456789", appSecret: "secret-0123456789abcdef" };
const config = (extra: Partial<AppConfig>) => ({ MEETINGS_SFU_FROM: 7, REALTIME_API_BASE_URL: "https://rtc.live.cloudflare.com/v1", ...extra }) as AppConfig;

describe("Cloudflare Realtime SFU adapter", () => {
  it("creates a session, publishes with the offer and passes on only the answer and the tracks", async () => {
    const fake = fakeFetch([
      { status: 201, body: { sessionId: "s1" } },
      {
        status: 200,
        body: {
          requiresImmediateRenegotiation: false,
          sessionDescription: { type: "answer", sdp: "v=0 a" },
          tracks: [{ mid: "0", trackName: "audio" }],
          extra: "x",
        },
      },
    ]);
    const sfu = realtimeSfuProvider({ ...options, fetch: fake.fetch });
    expect(await sfu.newSession()).toBe("s1");
    const answer = await sfu.addTracks("s1", [{ location: "local", mid: "0", trackName: "audio" }], { type: "offer", sdp: "v=0 o" });
    expect(answer).toEqual({
      sessionDescription: { type: "answer", sdp: "v=0 a" },
      requiresImmediateRenegotiation: false,
      tracks: [{ mid: "0", trackName: "audio" }],
    });
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "POST https://rtc.live.cloudflare.com/v1/apps/app-0123456789/sessions/new",
      "POST https://rtc.live.cloudflare.com/v1/apps/app-0123456789/sessions/s1/tracks/new",
    ]);
    expect(fake.calls.every((c) => c.auth === "Bearer secret-0123456789abcdef")).toBe(true);
    expect(fake.calls[1].body).toEqual({ sessionDescription: { type: "offer", sdp: "v=0 o" }, tracks: [{ location: "local", mid: "0", trackName: "audio" }] });
  });

  it("reads a failed track, closes tracks with force, and lists a session's tracks", async () => {
    const fake = fakeFetch([
      {
        status: 200,
        body: {
          requiresImmediateRenegotiation: true,
          sessionDescription: { type: "offer", sdp: "o" },
          tracks: [{ trackName: "video", error: { errorCode: "not_found" } }],
        },
      },
      { status: 200, body: { tracks: [{ mid: "3" }] } },
      { status: 200, body: { tracks: [{ mid: "3", trackName: "audio", location: "remote", status: "active" }, { location: "local" }] } },
    ]);
    const sfu = realtimeSfuProvider({ ...options, baseUrl: "http://127.0.0.1:9/v1/", fetch: fake.fetch });
    const pulled = await sfu.addTracks("s1", [{ location: "remote", sessionId: "s2", trackName: "video" }]);
    expect(pulled.tracks).toEqual([{ trackName: "video", errorCode: "not_found" }]);
    expect(pulled.requiresImmediateRenegotiation).toBe(true);
    await sfu.closeTracks("s1", ["3"], { force: true });
    expect(fake.calls[1]).toMatchObject({
      method: "PUT",
      url: "http://127.0.0.1:9/v1/apps/app-0123456789/sessions/s1/tracks/close",
      body: { tracks: [{ mid: "3" }], force: true },
    });
    expect(await sfu.sessionTracks("s1")).toEqual([{ mid: "3", trackName: "audio", location: "remote", status: "active" }]);
  });

  it("turns a refusal, an error code, an unreachable API or a missing session id into SfuUnavailable", async () => {
    await expect(realtimeSfuProvider({ ...options, fetch: fakeFetch([{ status: 401, body: { errorCode: "x" } }]).fetch }).newSession()).rejects.toThrow(
      SfuUnavailable,
    );
    await expect(
      realtimeSfuProvider({ ...options, fetch: fakeFetch([{ status: 200, body: { errorCode: "session_error" } }]).fetch }).renegotiate("s", {
        type: "answer",
        sdp: "a",
      }),
    ).rejects.toThrow(/session_error/);
    await expect(realtimeSfuProvider({ ...options, fetch: fakeFetch(new TypeError("network")).fetch }).newSession()).rejects.toThrow(SfuUnavailable);
    await expect(realtimeSfuProvider({ ...options, fetch: fakeFetch([{ status: 201, body: {} }]).fetch }).newSession()).rejects.toThrow(SfuUnavailable);
  });

  it("is chosen by configuration, for meetings of MEETINGS_SFU_FROM people or more", () => {
    expect(chooseSfu(config({}))).toBeNull();
    expect(topologyFor(config({}), 50)).toBe("mesh");
    const configured = config({ REALTIME_SFU_APP_ID: "app-0123456789", REALTIME_SFU_APP_SECRET: "secret-0123456789abcdef" });
    expect(chooseSfu(configured)?.id).toBe("cloudflare-realtime");
    expect(topologyFor(configured, 6)).toBe("mesh");
    expect(topologyFor(configured, 7)).toBe("sfu");
  });

  it("one media adapter: the embedded mesh by default, Cloudflare Realtime's TURN and SFU when configured", () => {
    const embedded = meetingMedia(config({ MEETINGS_STUN_URLS: [] }));
    expect([embedded.ice.id, embedded.sfu, embedded.topology(40)]).toEqual(["embedded", null, "mesh"]);
    const realtime = meetingMedia(
      config({
        MEETINGS_STUN_URLS: [],
        REALTIME_TURN_KEY_ID: "key123456",
        REALTIME_TURN_KEY_API_TOKEN: "secret-token-0123456789",
        REALTIME_SFU_APP_ID: "app-0123456789",
        REALTIME_SFU_APP_SECRET: "secret-0123456789abcdef",
      }),
    );
    expect([realtime.ice.id, realtime.sfu?.id, realtime.topology(3), realtime.topology(8)]).toEqual([
      "cloudflare-realtime",
      "cloudflare-realtime",
      "mesh",
      "sfu",
    ]);
  });

  it("refuses half a configuration and a threshold below two people", () => {
    const env = (extra: Record<string, string>) =>
      ({ APP_ENV: "test", PUBLIC_ORIGIN: "http://localhost:8787", PASSWORD_PEPPER: "p".repeat(32), ...extra }) as unknown as Env;
    expect(() => getConfig(env({ REALTIME_SFU_APP_ID: "app-0123456789" }))).toThrow("REALTIME_SFU_APP_ID and REALTIME_SFU_APP_SECRET");
    expect(() => getConfig(env({ MEETINGS_SFU_FROM: "1" }))).toThrow("MEETINGS_SFU_FROM");
    expect(getConfig(env({ MEETINGS_SFU_FROM: "12" })).MEETINGS_SFU_FROM).toBe(12);
    expect(getConfig(env({})).MEETINGS_SFU_FROM).toBe(7);
  });
});
