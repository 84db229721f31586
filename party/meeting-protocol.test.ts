import { describe, expect, it } from "vitest";
import { e2eeSummary, keyDistributor, MAX_MEETING_MESSAGE_BYTES, parseMeetingMessage } from "./meeting-protocol";

const ok = (raw: unknown) => {
  const parsed = parseMeetingMessage(JSON.stringify(raw));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.message;
};

describe("meeting protocol parsing", () => {
  it("reads every client message", () => {
    expect(ok({ type: "join", e2ee: true, publicKey: "BASE64KEY" })).toEqual({ type: "join", e2ee: true, publicKey: "BASE64KEY" });
    expect(ok({ type: "signal", to: "p2", description: { type: "offer", sdp: "v=0\r\n" } })).toMatchObject({ type: "signal", to: "p2" });
    expect(ok({ type: "signal", to: "p2", candidate: { candidate: "candidate:1 1 udp 1 10.0.0.1 9 typ host", sdpMid: "0", sdpMLineIndex: 0 } })).toMatchObject({
      type: "signal",
    });
    expect(ok({ type: "signal", to: "p2", candidate: null })).toEqual({ type: "signal", to: "p2", candidate: null });
    expect(ok({ type: "key", to: "p2", epoch: 3, wrapped: "abc" })).toEqual({ type: "key", to: "p2", epoch: 3, wrapped: "abc" });
    expect(ok({ type: "media", audio: true, video: false, screen: false })).toMatchObject({ type: "media" });
    expect(ok({ type: "hand", raised: true })).toEqual({ type: "hand", raised: true });
    expect(ok({ type: "chat", text: "  hello  " })).toEqual({ type: "chat", text: "hello" });
    for (const type of ["admit", "deny", "mute", "remove"]) expect(ok({ type, participantId: "p9" })).toEqual({ type, participantId: "p9" });
    expect(ok({ type: "leave" })).toEqual({ type: "leave" });
    expect(ok({ type: "ping" })).toEqual({ type: "ping" });
  });

  it("ignores a client's own `from`: it is not part of what the room reads", () => {
    expect(ok({ type: "signal", to: "p2", from: "forged", description: { type: "answer", sdp: "x" } })).not.toHaveProperty("from");
  });

  it("refuses what is not JSON, unknown, incomplete, too long or binary, with a code and a sentence", () => {
    expect(parseMeetingMessage("{nope")).toEqual({ ok: false, code: "invalid-json", error: "Message is not valid JSON" });
    expect(parseMeetingMessage(JSON.stringify({ type: "dance" }))).toEqual({ ok: false, code: "unknown-type", error: "Unknown message type: dance" });
    expect(parseMeetingMessage(JSON.stringify([1]))).toMatchObject({ ok: false, code: "unknown-type" });
    expect(parseMeetingMessage(JSON.stringify({ type: "signal", to: "p2" }))).toMatchObject({ ok: false, code: "invalid-message" });
    expect(parseMeetingMessage(JSON.stringify({ type: "chat", text: "x".repeat(2001) }))).toMatchObject({ ok: false, code: "invalid-message" });
    expect(parseMeetingMessage(JSON.stringify({ type: "chat", text: "   " }))).toMatchObject({ ok: false, code: "invalid-message" });
    expect(parseMeetingMessage(JSON.stringify({ type: "key", to: "p2", epoch: -1, wrapped: "a" }))).toMatchObject({ ok: false, code: "invalid-message" });
    expect(parseMeetingMessage(JSON.stringify({ type: "signal", to: "p2", description: { type: "offer", sdp: "x", extra: 1 } }))).toMatchObject({
      ok: false,
      code: "invalid-message",
    });
    expect(parseMeetingMessage("x".repeat(MAX_MEETING_MESSAGE_BYTES + 1))).toMatchObject({ ok: false, code: "too-large" });
    // Multi-byte characters are counted in bytes.
    expect(parseMeetingMessage(JSON.stringify({ type: "chat", text: "é".repeat(MAX_MEETING_MESSAGE_BYTES / 2) }))).toMatchObject({
      ok: false,
      code: "too-large",
    });
    expect(parseMeetingMessage(new Uint8Array([1, 2]))).toMatchObject({ ok: false, code: "binary" });
  });
});

describe("key distribution rule", () => {
  const p = (id: string, role: "host" | "invitee" | "guest", joinedAt: string) => ({ id, role, joinedAt });

  it("is the host when present, else the earliest to join", () => {
    expect(keyDistributor([])).toBeNull();
    expect(keyDistributor([p("b", "invitee", "2026-01-01T10:00:00Z"), p("a", "host", "2026-01-01T10:05:00Z")])).toBe("a");
    expect(keyDistributor([p("c", "guest", "2026-01-01T10:02:00Z"), p("b", "invitee", "2026-01-01T10:01:00Z")])).toBe("b");
    expect(keyDistributor([p("z", "invitee", "2026-01-01T10:00:00Z"), p("y", "invitee", "2026-01-01T10:00:00Z")])).toBe("y");
  });

  it("says who keeps the meeting unencrypted", () => {
    expect(e2eeSummary([{ name: "Ann", e2ee: true }])).toEqual({ everyoneSupports: true, unsupported: [] });
    expect(
      e2eeSummary([
        { name: "Ann", e2ee: true },
        { name: "Bob", e2ee: false },
      ]),
    ).toEqual({ everyoneSupports: false, unsupported: ["Bob"] });
  });
});
