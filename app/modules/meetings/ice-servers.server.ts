import type { AppConfig } from "~/platform/env.server";

/** One entry of RTCConfiguration.iceServers, as the browser takes it. */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export interface IceServers {
  iceServers: IceServer[];
  /** Who supplied them: "embedded" (configured STUN, or none: direct connections only) or Cloudflare Realtime's TURN. */
  provider: "embedded" | "cloudflare-realtime";
  /** How long the credentials are good for; the page asks again before that. */
  ttlSeconds: number;
}

/**
 * Where a meeting's browsers find their ICE servers (issue 20): one interface, chosen by configuration like the AI and
 * SMS adapters. Credentials are minted on the server; the TURN key's token never leaves it.
 */
export interface IceServerProvider {
  id: IceServers["provider"];
  forParticipant(userId: string): Promise<IceServers>;
}

/**
 * An hour (ADR 0027): a leaked relay credential soon stops working. The page asks again on a rejoin and when a
 * credential nears expiry, so a longer meeting reconnects with fresh ones.
 */
export const TURN_TTL_SECONDS = 3600;

/** The embedded default: the configured STUN servers (none unless MEETINGS_STUN_URLS is set), no relay. */
export function embeddedIceProvider(stunUrls: readonly string[]): IceServerProvider {
  return {
    id: "embedded",
    forParticipant: async () => ({ iceServers: stunUrls.length ? [{ urls: [...stunUrls] }] : [], provider: "embedded", ttlSeconds: TURN_TTL_SECONDS }),
  };
}

export class IceServersUnavailable extends Error {}

export interface RealtimeTurnOptions {
  keyId: string;
  apiToken: string;
  fetch?: typeof fetch;
  ttlSeconds?: number;
  baseUrl?: string;
}

/**
 * Cloudflare Realtime TURN: POST /v1/turn/keys/{keyId}/credentials/generate-ice-servers with the key's API token,
 * answered with `{ iceServers: [...] }` holding short-lived credentials
 * (https://developers.cloudflare.com/realtime/turn/generate-credentials/).
 */
export function realtimeTurnProvider(options: RealtimeTurnOptions): IceServerProvider {
  const doFetch = options.fetch ?? fetch;
  const ttl = options.ttlSeconds ?? TURN_TTL_SECONDS;
  const url = `${(options.baseUrl ?? "https://rtc.live.cloudflare.com/v1").replace(/\/+$/, "")}/turn/keys/${encodeURIComponent(options.keyId)}/credentials/generate-ice-servers`;
  return {
    id: "cloudflare-realtime",
    async forParticipant() {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${options.apiToken}`, "content-type": "application/json" },
          body: JSON.stringify({ ttl }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch {
        throw new IceServersUnavailable("Cloudflare Realtime could not be reached");
      }
      if (!response.ok) throw new IceServersUnavailable(`Cloudflare Realtime refused to mint TURN credentials (HTTP ${response.status})`);
      const body = (await response.json().catch(() => null)) as { iceServers?: unknown } | null;
      const servers = normaliseIceServers(body?.iceServers);
      if (!servers) throw new IceServersUnavailable("Cloudflare Realtime answered without ICE servers");
      return { iceServers: servers, provider: "cloudflare-realtime", ttlSeconds: ttl };
    },
  };
}

/** The API has answered both one object and a list; anything else is refused rather than handed to browsers. */
function normaliseIceServers(value: unknown): IceServer[] | null {
  const list = Array.isArray(value) ? value : value && typeof value === "object" ? [value] : null;
  if (!list?.length) return null;
  const servers: IceServer[] = [];
  for (const entry of list) {
    if (!entry || typeof entry !== "object") return null;
    const { urls, username, credential } = entry as Record<string, unknown>;
    const validUrls = typeof urls === "string" || (Array.isArray(urls) && urls.every((u) => typeof u === "string"));
    if (!validUrls) return null;
    servers.push({
      urls: urls as string | string[],
      ...(typeof username === "string" ? { username } : {}),
      ...(typeof credential === "string" ? { credential } : {}),
    });
  }
  return servers;
}

export function chooseIceProvider(config: AppConfig, fetchImpl?: typeof fetch): IceServerProvider {
  if (config.REALTIME_TURN_KEY_ID && config.REALTIME_TURN_KEY_API_TOKEN) {
    return realtimeTurnProvider({
      keyId: config.REALTIME_TURN_KEY_ID,
      apiToken: config.REALTIME_TURN_KEY_API_TOKEN,
      baseUrl: config.REALTIME_API_BASE_URL,
      fetch: fetchImpl,
    });
  }
  return embeddedIceProvider(config.MEETINGS_STUN_URLS);
}
