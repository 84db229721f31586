import { describe, expect, it } from "vitest";
import { sendJson, sendText } from "./send";

function socket(readyState: number) {
  const sent: string[] = [];
  return {
    sent,
    readyState,
    send(message: string) {
      // As workerd does: "Can't call WebSocket send() after close()".
      if (this.readyState !== 1) throw new TypeError("Can't call WebSocket send() after close().");
      sent.push(message);
    },
  };
}

describe("sendJson (a room's answer to a socket)", () => {
  it("writes the message as JSON to an open socket", () => {
    const open = socket(1);
    expect(sendJson(open, { type: "authenticated", userName: "Eleanor" })).toBe(true);
    expect(open.sent).toEqual(['{"type":"authenticated","userName":"Eleanor"}']);
  });

  it.each([
    [0, "connecting"],
    [2, "closing"],
    [3, "closed"],
  ])("drops it for a socket in state %i (%s) instead of throwing", (state) => {
    const gone = socket(state);
    expect(sendJson(gone, { type: "pending_notifications", notifications: [] })).toBe(false);
    expect(gone.sent).toEqual([]);
  });

  it("sendText writes text already written out, and drops it for a closed socket", () => {
    const open = socket(1);
    const closed = socket(3);
    expect([sendText(open, "{}"), sendText(closed, "{}")]).toEqual([true, false]);
    expect(open.sent).toEqual(["{}"]);
  });
});
