/** ICE servers are asked for again this long before their credentials lapse. */
export const ICE_MARGIN_MS = 5 * 60_000;

/** The credentials are near the end of their time (or past it). */
export function iceStale(at: { now: number; fetchedAt: number; ttlMs: number }): boolean {
  return at.now - at.fetchedAt > at.ttlMs - ICE_MARGIN_MS;
}

/**
 * Whether a welcome into the meeting must wait for fresh ICE servers (ADR 0027): relay (TURN) credentials go only to
 * those let in and last an hour, so a person knocking at the lobby asks again once admitted (they held STUN alone),
 * everyone asks again on a rejoin after a dropped connection, and anyone whose credentials are near expiry.
 */
export function needsFreshIce(at: { now: number; fetchedAt: number; ttlMs: number; rejoin: boolean; role: "host" | "invitee" | "guest" }): boolean {
  return at.rejoin || at.role === "guest" || iceStale(at);
}
