import type { AppConfig } from "~/platform/env.server";

/**
 * Cloudflare Realtime's SFU for larger meetings (issue 20, ADR 0030): each browser holds one connection to the SFU,
 * publishes its own tracks there and pulls everyone else's, instead of sending its media to every other browser.
 * The Worker makes every call with the app secret, which never reaches a browser; the browsers' frames are still
 * encrypted end to end, so the SFU forwards what it cannot read. Chosen by configuration like TURN, AI and SMS; the
 * mesh stays the embedded default.
 *
 * API: https://developers.cloudflare.com/realtime/sfu/api/ (POST sessions/new, POST sessions/{id}/tracks/new,
 * PUT sessions/{id}/renegotiate, PUT sessions/{id}/tracks/close, GET sessions/{id}).
 */

export interface SessionDescription {
  type: "offer" | "answer";
  sdp: string;
}

/** A track to publish (`local`, by the mid of its transceiver) or to pull (`remote`, from another session). */
export type SfuTrackRequest = { location: "local"; mid: string; trackName: string } | { location: "remote"; sessionId: string; trackName: string };

export interface SfuTrackResult {
  mid?: string;
  trackName?: string;
  sessionId?: string;
  /** Set when this one track failed (the others may have worked). */
  errorCode?: string;
  errorDescription?: string;
}

export interface SfuTracksAnswer {
  /** The SFU's answer to our offer, or its own offer when pulling tracks (then `requiresImmediateRenegotiation`). */
  sessionDescription: SessionDescription | null;
  requiresImmediateRenegotiation: boolean;
  tracks: SfuTrackResult[];
}

export interface SfuSessionTrack {
  mid: string;
  trackName: string;
  location: string;
  status: string;
}

export interface SfuProvider {
  id: "cloudflare-realtime";
  newSession(): Promise<string>;
  addTracks(sessionId: string, tracks: SfuTrackRequest[], offer?: SessionDescription): Promise<SfuTracksAnswer>;
  renegotiate(sessionId: string, answer: SessionDescription): Promise<void>;
  /** Closes tracks; `force` closes them on the SFU at once, without waiting for the browser to renegotiate. */
  closeTracks(sessionId: string, mids: string[], options: { offer?: SessionDescription; force: boolean }): Promise<SfuTracksAnswer>;
  /** The session's tracks as the SFU sees them (used to close every track of someone who is made to leave). */
  sessionTracks(sessionId: string): Promise<SfuSessionTrack[]>;
}

/** The SFU could not be reached or refused the call: the page says to try again; nothing else is lost. */
export class SfuUnavailable extends Error {}

export interface RealtimeSfuOptions {
  appId: string;
  appSecret: string;
  baseUrl?: string;
  fetch?: typeof fetch;
}

export const REALTIME_API_BASE_URL = "https://rtc.live.cloudflare.com/v1";

export function realtimeSfuProvider(options: RealtimeSfuOptions): SfuProvider {
  const doFetch = options.fetch ?? fetch;
  const root = `${(options.baseUrl ?? REALTIME_API_BASE_URL).replace(/\/+$/, "")}/apps/${encodeURIComponent(options.appId)}/sessions`;
  const session = (id: string) => `${root}/${encodeURIComponent(id)}`;

  async function call(method: string, url: string, body?: unknown): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers: { authorization: `Bearer ${options.appSecret}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new SfuUnavailable("Cloudflare Realtime could not be reached");
    }
    const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok || !answer || typeof answer !== "object") {
      throw new SfuUnavailable(`Cloudflare Realtime refused ${method} ${new URL(url).pathname} (HTTP ${response.status})`);
    }
    // The API reports some failures with 200 and an errorCode.
    if (typeof answer.errorCode === "string")
      throw new SfuUnavailable(`Cloudflare Realtime: ${answer.errorCode} ${String(answer.errorDescription ?? "")}`.trim());
    return answer;
  }

  return {
    id: "cloudflare-realtime",
    async newSession() {
      const answer = await call("POST", `${root}/new`);
      if (typeof answer.sessionId !== "string" || !answer.sessionId) throw new SfuUnavailable("Cloudflare Realtime answered without a session id");
      return answer.sessionId;
    },
    async addTracks(sessionId, tracks, offer) {
      return tracksAnswer(await call("POST", `${session(sessionId)}/tracks/new`, { ...(offer ? { sessionDescription: offer } : {}), tracks }));
    },
    async renegotiate(sessionId, answer) {
      await call("PUT", `${session(sessionId)}/renegotiate`, { sessionDescription: answer });
    },
    async closeTracks(sessionId, mids, { offer, force }) {
      return tracksAnswer(
        await call("PUT", `${session(sessionId)}/tracks/close`, {
          ...(offer ? { sessionDescription: offer } : {}),
          tracks: mids.map((mid) => ({ mid })),
          force,
        }),
      );
    },
    async sessionTracks(sessionId) {
      const answer = await call("GET", session(sessionId));
      const tracks = Array.isArray(answer.tracks) ? (answer.tracks as Record<string, unknown>[]) : [];
      return tracks.flatMap((t) =>
        typeof t.mid === "string"
          ? [{ mid: t.mid, trackName: String(t.trackName ?? ""), location: String(t.location ?? ""), status: String(t.status ?? "") }]
          : [],
      );
    },
  };
}

/** Only the parts the browser needs, in the shapes it expects: nothing else the SFU says is passed on. */
function tracksAnswer(answer: Record<string, unknown>): SfuTracksAnswer {
  const description = answer.sessionDescription as Record<string, unknown> | undefined;
  const sessionDescription: SessionDescription | null =
    description && (description.type === "offer" || description.type === "answer") && typeof description.sdp === "string"
      ? { type: description.type, sdp: description.sdp }
      : null;
  const tracks = (Array.isArray(answer.tracks) ? (answer.tracks as Record<string, unknown>[]) : []).map((t) => {
    const error = (t.error ?? {}) as Record<string, unknown>;
    const errorCode = typeof t.errorCode === "string" ? t.errorCode : typeof error.errorCode === "string" ? error.errorCode : undefined;
    const errorDescription =
      typeof t.errorDescription === "string" ? t.errorDescription : typeof error.errorDescription === "string" ? error.errorDescription : undefined;
    return {
      ...(typeof t.mid === "string" ? { mid: t.mid } : {}),
      ...(typeof t.trackName === "string" ? { trackName: t.trackName } : {}),
      ...(typeof t.sessionId === "string" ? { sessionId: t.sessionId } : {}),
      ...(errorCode ? { errorCode } : {}),
      ...(errorDescription ? { errorDescription } : {}),
    };
  });
  return { sessionDescription, requiresImmediateRenegotiation: answer.requiresImmediateRenegotiation === true, tracks };
}

/** The SFU when an app is configured (both its id and its secret), else none: meetings use the mesh. */
export function chooseSfu(config: AppConfig, fetchImpl?: typeof fetch): SfuProvider | null {
  if (!config.REALTIME_SFU_APP_ID || !config.REALTIME_SFU_APP_SECRET) return null;
  return realtimeSfuProvider({
    appId: config.REALTIME_SFU_APP_ID,
    appSecret: config.REALTIME_SFU_APP_SECRET,
    baseUrl: config.REALTIME_API_BASE_URL,
    fetch: fetchImpl,
  });
}

export type MeetingTopology = "mesh" | "sfu";

/**
 * How a meeting's media travel: through the SFU when one is configured and the meeting expects at least
 * `MEETINGS_SFU_FROM` people (its host and invitees), else the mesh. The room fixes the answer when the first person
 * arrives, so a meeting never switches while people are in it.
 */
export function topologyFor(config: AppConfig, expectedPeople: number): MeetingTopology {
  return chooseSfu(config) && expectedPeople >= config.MEETINGS_SFU_FROM ? "sfu" : "mesh";
}

/**
 * Someone left the meeting, or was made to: every track of their SFU session closes at once, so nothing they pulled
 * keeps arriving (with end-to-end encryption the new key already keeps them out; without it, this does). Best effort:
 * the SFU also drops tracks of a connection that has gone quiet.
 */
export async function closeSfuSession(config: AppConfig, sessionId: string): Promise<void> {
  const sfu = chooseSfu(config);
  if (!sfu) return;
  try {
    const open = (await sfu.sessionTracks(sessionId)).filter((t) => t.status !== "inactive" && t.status !== "closed");
    if (open.length) await sfu.closeTracks(sessionId, [...new Set(open.map((t) => t.mid))], { force: true });
  } catch (error) {
    console.warn(`Could not close SFU session ${sessionId}`, error);
  }
}
