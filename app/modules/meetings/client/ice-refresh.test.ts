import { describe, expect, it } from "vitest";
import { needsFreshIce } from "./ice-refresh";

const hour = 3600_000;
const at = (patch: Partial<Parameters<typeof needsFreshIce>[0]>) =>
  needsFreshIce({ now: 1_000_000, fetchedAt: 1_000_000, ttlMs: hour, rejoin: false, role: "invitee", ...patch });

describe("when the page asks for ICE servers again", () => {
  it("not on a first welcome with fresh credentials (host or invitee)", () => {
    expect(at({})).toBe(false);
    expect(at({ role: "host", now: 1_000_000 + 30 * 60_000 })).toBe(false);
  });

  it("once let in from the lobby: the knocking person held STUN alone", () => {
    expect(at({ role: "guest" })).toBe(true);
  });

  it("on every rejoin after a dropped connection, and when the credentials near their hour", () => {
    expect(at({ rejoin: true })).toBe(true);
    expect(at({ now: 1_000_000 + 56 * 60_000 })).toBe(true);
    expect(at({ now: 1_000_000 + 2 * hour })).toBe(true);
  });
});
