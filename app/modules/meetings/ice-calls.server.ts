import type { CurrentSession } from "~/modules/auth/session.server";
import { Refusal } from "~/platform/http.server";
import { hitRateLimit, rateLimitRetryAfter, type Limit } from "~/platform/rate-limit.server";
import type { RequestContext } from "~/platform/request-context.server";
import { meetingScope, requireMeetingOrLobby } from "./access.server";
import { embeddedIceProvider, IceServersUnavailable, type IceServers } from "./ice-servers.server";
import { meetingMedia } from "./media.server";
import { admittedInRoom } from "./room-link.server";

/**
 * Per person, like the SFU calls: a join asks once, an admission from the lobby and each rejoin once more; a client
 * asking over and over (each answer may mint relay credentials on Cloudflare's account) is stopped.
 */
export const ICE_CALL_LIMIT: Limit = { limit: 30, windowMs: 60_000 };

/**
 * GET /api/meetings/{id}/ice-servers (ADR 0027). Relay (TURN) credentials, minted here with a key that never leaves
 * the server, go only to the host, the invitees and those the host let in from the lobby (the room says so, for this
 * signed-in session). A member still knocking gets the STUN servers alone: enough to wait, nothing to relay through
 * on our account; the page asks again once admitted.
 */
export async function meetingIceServers(ctx: RequestContext, session: CurrentSession, id: string) {
  const scope = meetingScope(session);
  const { meeting, lobby } = await requireMeetingOrLobby(ctx, scope, id);
  // Nobody can join an ended meeting, so nobody needs (TURN) credentials for it.
  if (meeting.status === "ended") throw new Refusal(409, "errors.meetingEnded");
  const key = `ice:user:${scope.userId}`;
  if ((await hitRateLimit(ctx.db, key, ICE_CALL_LIMIT)) > ICE_CALL_LIMIT.limit) {
    const seconds = Math.max(1, await rateLimitRetryAfter(ctx.db, key, ICE_CALL_LIMIT));
    throw new Refusal(429, "errors.iceRateLimited", { seconds }, undefined, { "Retry-After": String(seconds) });
  }
  const relay = !lobby || (await admittedInRoom(ctx.env, meeting.id, scope.userId, session.sessionId));
  if (!relay) return plain(await embeddedIceProvider(ctx.config.MEETINGS_STUN_URLS).forParticipant(scope.userId));
  try {
    return plain(await meetingMedia(ctx.config).ice.forParticipant(scope.userId));
  } catch (error) {
    if (!(error instanceof IceServersUnavailable)) throw error;
    console.warn(`ICE servers for meeting ${meeting.id}: ${error.message}`);
    throw new Refusal(503, "errors.iceUnavailable");
  }
}

/** The JSON answer's shape (a plain record, as json routes take it). */
const plain = (servers: IceServers) => ({ ...servers });
