import { describe, expect, it } from "vitest";
import type { AppConfig } from "~/platform/env.server";
import { chooseIceProvider, embeddedIceProvider, IceServersUnavailable, realtimeTurnProvider } from "./ice-servers.server";

function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const config = (extra: Partial<AppConfig>) => ({ MEETINGS_STUN_URLS: [], ...extra }) as AppConfig;

describe("ICE servers", () => {
  it("embedded: the configured STUN servers, or none, and says so", async () => {
    expect(await embeddedIceProvider([]).forParticipant("u1")).toEqual({ iceServers: [], provider: "embedded", ttlSeconds: 3600 });
    expect((await embeddedIceProvider(["stun:stun.example.com:3478"]).forParticipant("u1")).iceServers).toEqual([{ urls: ["stun:stun.example.com:3478"] }]);
    expect(chooseIceProvider(config({})).id).toBe("embedded");
  });

  it("Cloudflare Realtime: posts the TTL with the key's token and hands back only the ICE servers", async () => {
    const minted = { urls: ["stun:stun.cloudflare.com:3478", "turn:turn.cloudflare.com:3478?transport=udp"], username: "u-abc", credential: "c-xyz" };
    const fake = fakeFetch(201, { iceServers: minted });
    const provider = chooseIceProvider(config({ REALTIME_TURN_KEY_ID: "key123456", REALTIME_TURN_KEY_API_TOKEN: "secret-token-0123456789" }), fake.fetch);
    expect(provider.id).toBe("cloudflare-realtime");
    const answer = await provider.forParticipant("u1");
    expect(answer).toEqual({ iceServers: [minted], provider: "cloudflare-realtime", ttlSeconds: 3600 });
    expect(JSON.stringify(answer)).not.toContain("secret-token");
    const [call] = fake.calls;
    expect(call.url).toBe("https://rtc.live.cloudflare.com/v1/turn/keys/key123456/credentials/generate-ice-servers");
    expect(call.init.method).toBe("POST");
    expect((call.init.headers as Record<string, string>).authorization).toBe("Bearer secret-token-0123456789");
    expect(JSON.parse(String(call.init.body))).toEqual({ ttl: 3600 });
  });

  it("accepts a list of servers, and refuses a refusal, an unreachable API or an answer without servers", async () => {
    const list = fakeFetch(200, { iceServers: [{ urls: "stun:a" }, { urls: ["turn:b"], username: "x", credential: "y" }] });
    expect((await realtimeTurnProvider({ keyId: "k", apiToken: "t", fetch: list.fetch }).forParticipant("u")).iceServers).toHaveLength(2);
    await expect(realtimeTurnProvider({ keyId: "k", apiToken: "t", fetch: fakeFetch(401, { errors: [] }).fetch }).forParticipant("u")).rejects.toThrow(
      "HTTP 401",
    );
    await expect(realtimeTurnProvider({ keyId: "k", apiToken: "t", fetch: fakeFetch(200, {}).fetch }).forParticipant("u")).rejects.toBeInstanceOf(
      IceServersUnavailable,
    );
    await expect(
      realtimeTurnProvider({ keyId: "k", apiToken: "t", fetch: fakeFetch(200, { iceServers: [{ urls: 5 }] }).fetch }).forParticipant("u"),
    ).rejects.toBeInstanceOf(IceServersUnavailable);
    const down = (async () => {
      throw new TypeError("network down");
    }) as unknown as typeof fetch;
    await expect(realtimeTurnProvider({ keyId: "k", apiToken: "t", fetch: down }).forParticipant("u")).rejects.toThrow("could not be reached");
  });
});
