import type { CurrentSession } from "~/modules/auth/session.server";
import { Refusal } from "~/platform/http.server";
import { isUuid } from "~/platform/ids";
import { hitRateLimit, rateLimitRetryAfter, type Limit } from "~/platform/rate-limit.server";
import type { RequestContext } from "~/platform/request-context.server";
import type { PublishedTrack } from "../../../party/meeting-protocol";
import { roomSfu } from "./room-link.server";
import { meetingMedia } from "./media.server";
import { SfuUnavailable, type SfuProvider, type SfuTracksAnswer } from "./sfu.server";
import type { SfuCall } from "./validation";

/**
 * POST /api/meetings/{id}/sfu (ADR 0030): the Worker makes a browser's SFU calls for it, with the app secret the
 * browser never sees. The meeting's room is the authority on who may: the caller must be admitted in it now, on the
 * signed-in session of this request, so a person who left, was removed or was never let in from the lobby cannot
 * publish or pull anything. A browser only ever names participants; SFU session ids stay between the Worker and the
 * room, so nobody can pull from (or close) a session that is not in their meeting.
 */
/**
 * Per person: joining a meeting of ten takes about twenty calls, a reconnect as many again; a client pulling the same
 * tracks over and over (each pull opens new tracks on the SFU) is stopped well before it costs anything.
 */
export const SFU_CALL_LIMIT: Limit = { limit: 120, windowMs: 60_000 };

export async function sfuCall(ctx: RequestContext, session: CurrentSession, meetingId: string, call: SfuCall) {
  const { sfu } = meetingMedia(ctx.config);
  if (!sfu || !isUuid(meetingId)) throw new Refusal(404, "errors.meetingNotFound");
  const key = `sfu:user:${session.user.id}`;
  if ((await hitRateLimit(ctx.db, key, SFU_CALL_LIMIT)) > SFU_CALL_LIMIT.limit) {
    const seconds = Math.max(1, await rateLimitRetryAfter(ctx.db, key, SFU_CALL_LIMIT));
    throw new Refusal(429, "errors.sfuRateLimited", { seconds }, undefined, { "Retry-After": String(seconds) });
  }
  const room = roomSfu(ctx.env, meetingId);
  const caller = await room.participant(call.participantId, session.sessionId);
  if (!caller || caller.userId !== session.user.id) throw new Refusal(409, "errors.sfuNotInMeeting");
  try {
    switch (call.action) {
      case "publish": {
        const sessionId = await ownSession(sfu, room, call.participantId, session.sessionId, caller.sfuSessionId);
        const answer = await sfu.addTracks(
          sessionId,
          call.tracks.map(({ mid, trackName }) => ({ location: "local" as const, mid, trackName })),
          call.offer,
        );
        const failed = new Set(answer.tracks.filter((t) => t.errorCode).map((t) => t.trackName));
        const published: PublishedTrack[] = call.tracks.filter((t) => !failed.has(t.trackName)).map(({ trackName, kind }) => ({ trackName, kind }));
        // The caller may have left or been removed while the SFU answered: what it just opened is closed again.
        if (published.length && !(await room.published(call.participantId, session.sessionId, published))) await gone(sfu, sessionId, answer);
        return { answer: answer.sessionDescription, tracks: answer.tracks.map(({ mid, trackName, errorCode }) => ({ mid, trackName, errorCode })) };
      }
      case "pull": {
        const source = await room.source(call.participantId, session.sessionId, call.from);
        const tracks = source?.tracks.filter((t) => !call.tracks || call.tracks.includes(t.trackName)) ?? [];
        if (!source || !tracks.length) throw new Refusal(409, "errors.sfuNothingToPull");
        const sessionId = await ownSession(sfu, room, call.participantId, session.sessionId, caller.sfuSessionId);
        const answer = await sfu.addTracks(
          sessionId,
          tracks.map((t) => ({ location: "remote" as const, sessionId: source.sessionId, trackName: t.trackName })),
        );
        // Removed (or gone) while the SFU answered: the room closed the session's tracks before these existed.
        if (!(await stillIn(room, call.participantId, session.sessionId, sessionId))) await gone(sfu, sessionId, answer);
        return pulled(answer, call.from, tracks);
      }
      case "renegotiate": {
        if (!caller.sfuSessionId) throw new Refusal(409, "errors.sfuNotInMeeting");
        await sfu.renegotiate(caller.sfuSessionId, call.answer);
        return { ok: true as const };
      }
      case "close": {
        if (!caller.sfuSessionId) throw new Refusal(409, "errors.sfuNotInMeeting");
        const answer = await sfu.closeTracks(caller.sfuSessionId, call.mids, { offer: call.offer, force: !call.offer });
        return { answer: answer.sessionDescription };
      }
    }
  } catch (error) {
    if (!(error instanceof SfuUnavailable)) throw error;
    console.warn(`SFU call ${call.action} for meeting ${meetingId}: ${error.message}`);
    throw new Refusal(503, "errors.sfuUnavailable");
  }
}

async function stillIn(room: ReturnType<typeof roomSfu>, participantId: string, authSessionId: string, sfuSessionId: string) {
  return (await room.participant(participantId, authSessionId))?.sfuSessionId === sfuSessionId;
}

/**
 * The caller is no longer admitted, yet the SFU call it started before leaving opened tracks on its session: they are
 * closed at once (the room's own closing ran before they existed), and the caller is refused like any call from outside.
 */
async function gone(sfu: SfuProvider, sessionId: string, answer: SfuTracksAnswer): Promise<never> {
  const mids = answer.tracks.flatMap((t) => (t.mid && !t.errorCode ? [t.mid] : []));
  if (mids.length)
    await sfu
      .closeTracks(sessionId, mids, { force: true })
      .catch((error: unknown) => console.warn(`Could not close SFU session ${sessionId}'s new tracks`, error));
  throw new Refusal(409, "errors.sfuNotInMeeting");
}

/** The caller's SFU session: the one the room holds, or a new one the room then binds to this participant. */
async function ownSession(sfu: SfuProvider, room: ReturnType<typeof roomSfu>, participantId: string, authSessionId: string, existing: string | null) {
  if (existing) return existing;
  const created = await sfu.newSession();
  if (await room.bind(participantId, authSessionId, created)) return created;
  // Two first calls raced: the room kept the other session, which this call uses too.
  const kept = await room.participant(participantId, authSessionId);
  if (!kept?.sfuSessionId) throw new Refusal(409, "errors.sfuNotInMeeting");
  return kept.sfuSessionId;
}

/** What the browser needs to take pulled tracks: the SFU's offer and which mid carries whose track (kind included). */
function pulled(answer: SfuTracksAnswer, from: string, tracks: PublishedTrack[]) {
  const kinds = new Map(tracks.map((t) => [t.trackName, t.kind]));
  return {
    offer: answer.sessionDescription,
    requiresImmediateRenegotiation: answer.requiresImmediateRenegotiation,
    tracks: answer.tracks.map(({ mid, trackName, errorCode }) => ({ mid, trackName, kind: trackName ? kinds.get(trackName) : undefined, from, errorCode })),
  };
}
