import { describe, expect, it } from "vitest";
import { parseClientMessage, serverMessageSchema } from "./protocol";

describe("realtime protocol", () => {
  it("parses every client message of spec section 7", () => {
    for (const message of [
      { type: "authenticate", userId: "u1" },
      { type: "subscribe_thread", threadId: "t1" },
      { type: "unsubscribe_thread", threadId: "t1" },
      { type: "ping" },
    ]) {
      expect(parseClientMessage(JSON.stringify(message))).toEqual({ ok: true, message });
    }
  });

  it("answers malformed and unknown messages with a reason", () => {
    expect(parseClientMessage("{")).toEqual({ ok: false, error: "Message is not valid JSON" });
    expect(parseClientMessage('{"type":"dance"}')).toEqual({ ok: false, error: "Unknown message type: dance" });
    expect(parseClientMessage('{"type":"authenticate"}')).toEqual({ ok: false, error: "Invalid authenticate message" });
  });

  it("describes every server message", () => {
    const samples = [
      { type: "authenticated", userName: "Eleanor" },
      { type: "vote_cast", voterName: "James", optionText: "Yes", pollTitle: "Roof repair" },
      { type: "poll_completed", pollTitle: "Roof repair", finalResult: "Yes" },
      { type: "vote_required", pollTitle: "Roof repair" },
      { type: "poll_created", creatorName: "Eleanor", pollTitle: "Roof repair" },
      { type: "pending_notifications", notifications: [{ id: "n1", type: "vote_required", metadata: {}, createdAt: "2026-11-22T00:00:00Z" }] },
      { type: "subscribed", threadId: "t1" },
      { type: "unsubscribed", threadId: "t1" },
      { type: "error", message: "nope" },
    ];
    for (const sample of samples) expect(serverMessageSchema.safeParse(sample).success).toBe(true);
  });
});

describe("thread events", () => {
  it("carries the chat's and the polls' events, and nothing else", () => {
    for (const event of [
      { kind: "channel.updated", channelId: "c1" },
      { kind: "message.deleted", channelId: "c1", messageId: "m1", topicId: "t1" },
      { kind: "ballot", pollId: "p1" },
      { kind: "closed", pollId: "p1" },
    ]) {
      expect(serverMessageSchema.parse({ type: "thread_event", threadId: "t1", event })).toEqual({ type: "thread_event", threadId: "t1", event });
    }
    expect(serverMessageSchema.safeParse({ type: "thread_event", threadId: "t1", event: { kind: "dance" } }).success).toBe(false);
    expect(serverMessageSchema.safeParse({ type: "thread_event", threadId: "t1", event: { kind: "message.created", channelId: "c1" } }).success).toBe(false);
  });
});
