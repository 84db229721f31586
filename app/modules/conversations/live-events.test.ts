import { describe, expect, it } from "vitest";
import { chatEventSchema, type ChatEvent } from "../../../party/protocol";
import { liveEffects, liveMessages, liveTopics, liveUnread, mergeMessages, type LiveChatView } from "./live-events";
import type { MessageView, TopicView } from "./views";

const ME = "me";
const view: LiveChatView = { channelId: "c1", meId: ME, topicFilter: null };
const roofOnly: LiveChatView = { ...view, topicFilter: "roof" };

function message(seq: number, over: Partial<MessageView> = {}): MessageView {
  return {
    id: `m${seq}`,
    channelId: "c1",
    topicId: "roof",
    topicName: "Roof",
    seq,
    authorId: "eleanor",
    authorName: "Eleanor",
    sms: null,
    body: `Message ${seq}`,
    createdAt: `2026-11-2${seq}T10:00:00.000Z`,
    editedAt: null,
    deleted: false,
    deliveries: [],
    ...over,
  };
}

function topic(id: string, over: Partial<TopicView> = {}): TopicView {
  return {
    id,
    channelId: "c1",
    channelName: "General",
    name: id,
    purpose: null,
    resolved: false,
    lastActivityAt: "2026-11-20T10:00:00.000Z",
    messageCount: 1,
    follow: null,
    phones: [],
    ...over,
  };
}

const created = (m: MessageView): ChatEvent => ({ kind: "message.created", channelId: m.channelId, message: m });

describe("live chat events", () => {
  it("every event kind is one the protocol carries", () => {
    const events: ChatEvent[] = [
      created(message(1)),
      { kind: "message.updated", channelId: "c1", message: message(1) },
      { kind: "message.deleted", channelId: "c1", messageId: "m1", topicId: "roof" },
      { kind: "channel.updated", channelId: "c1" },
      { kind: "topic.updated", channelId: "c1", topic: topic("roof") },
    ];
    for (const event of events) expect(chatEventSchema.parse(event)).toEqual(event);
  });

  describe("message.created", () => {
    it("appends another's message once, puts its topic first, announces it and shows it", () => {
      const list = [message(1)];
      const next = created(message(2, { topicId: "taxes", topicName: "Taxes" }));
      expect(liveMessages(list, next, view).map((m) => m.id)).toEqual(["m1", "m2"]);
      expect(liveMessages([message(1), message(2)], created(message(2)), view)).toHaveLength(2);
      const topics = liveTopics([topic("roof"), topic("taxes", { messageCount: 4 })], next, view);
      expect(topics.map((t) => [t.id, t.messageCount, t.lastActivityAt])).toEqual([
        ["taxes", 5, message(2).createdAt],
        ["roof", 1, "2026-11-20T10:00:00.000Z"],
      ]);
      expect(liveEffects(next, view)).toEqual([
        { kind: "announce", message: next.kind === "message.created" && next.message },
        { kind: "shown", seq: 2 },
      ]);
      expect(liveUnread({ c1: 0 }, next, view)).toEqual({ c1: 0 });
    });

    it("a new topic joins the list first", () => {
      const topics = liveTopics([topic("roof")], created(message(2, { topicId: "fence", topicName: "Fence" })), view);
      expect(topics[0]).toEqual({ ...topic("fence"), name: "Fence", channelName: "", lastActivityAt: message(2).createdAt });
    });

    it("my own message is not announced", () => {
      expect(liveEffects(created(message(2, { authorId: ME })), view)).toEqual([{ kind: "shown", seq: 2 }]);
    });

    it("outside the topic on screen: not listed nor shown, but its topic moves and it is announced", () => {
      const other = created(message(2, { topicId: "taxes", topicName: "Taxes" }));
      const list = [message(1)];
      expect(liveMessages(list, other, roofOnly)).toBe(list);
      expect(liveTopics([topic("roof"), topic("taxes")], other, roofOnly)[0].id).toBe("taxes");
      expect(liveEffects(other, roofOnly).map((e) => e.kind)).toEqual(["announce"]);
    });

    it("in another channel: counts as unread unless mine, and touches nothing else", () => {
      const elsewhere = created(message(5, { channelId: "c2" }));
      const list = [message(1)];
      const topics = [topic("roof")];
      expect(liveUnread({ c2: 2 }, elsewhere, view)).toEqual({ c2: 3 });
      expect(liveUnread({}, elsewhere, view)).toEqual({ c2: 1 });
      expect(liveUnread({ c2: 2 }, created(message(5, { channelId: "c2", authorId: ME })), view)).toEqual({ c2: 2 });
      expect(liveMessages(list, elsewhere, view)).toBe(list);
      expect(liveTopics(topics, elsewhere, view)).toBe(topics);
      expect(liveEffects(elsewhere, view)).toEqual([]);
    });
  });

  describe("message.updated", () => {
    const edited = message(2, { body: "Edited", editedAt: "2026-11-23T00:00:00.000Z" });
    const event: ChatEvent = { kind: "message.updated", channelId: "c1", message: edited };

    it("replaces the message in place", () => {
      expect(liveMessages([message(1), message(2), message(3)], event, view)).toEqual([message(1), edited, message(3)]);
    });

    it("moved out of the topic on screen: it leaves the list", () => {
      const moved: ChatEvent = { kind: "message.updated", channelId: "c1", message: { ...edited, topicId: "taxes" } };
      expect(liveMessages([message(1), message(2)], moved, roofOnly)).toEqual([message(1)]);
    });

    it("moved into the topic on screen: it joins the list in its place", () => {
      expect(liveMessages([message(1), message(3)], event, roofOnly).map((m) => m.id)).toEqual(["m1", "m2", "m3"]);
    });

    it("changes nothing else, and nothing in another channel", () => {
      const topics = [topic("roof")];
      expect(liveTopics(topics, event, view)).toBe(topics);
      expect(liveUnread({}, event, view)).toEqual({});
      expect(liveEffects(event, view)).toEqual([]);
      const list = [message(2)];
      expect(liveMessages(list, { ...event, channelId: "c2" }, view)).toBe(list);
    });
  });

  describe("message.deleted", () => {
    const event: ChatEvent = { kind: "message.deleted", channelId: "c1", messageId: "m2", topicId: "roof" };

    it("keeps the message's place but not its words", () => {
      expect(liveMessages([message(1), message(2)], event, view)).toEqual([message(1), { ...message(2), deleted: true, body: "" }]);
      expect(liveEffects(event, view)).toEqual([]);
    });

    it("ignores another channel's deletions", () => {
      const list = [message(2)];
      expect(liveMessages(list, { ...event, channelId: "c2" }, view)).toBe(list);
    });
  });

  describe("channel.updated", () => {
    it("reloads the page's data, for this channel or any other", () => {
      expect(liveEffects({ kind: "channel.updated", channelId: "c1" }, view)).toEqual([{ kind: "revalidate" }]);
      expect(liveEffects({ kind: "channel.updated", channelId: "c2" }, view)).toEqual([{ kind: "revalidate" }]);
      const list = [message(1)];
      expect(liveMessages(list, { kind: "channel.updated", channelId: "c1" }, view)).toBe(list);
    });
  });

  describe("topic.updated", () => {
    it("replaces the topic but keeps this viewer's follow choice", () => {
      const event: ChatEvent = { kind: "topic.updated", channelId: "c1", topic: topic("roof", { resolved: true, follow: null }) };
      expect(liveTopics([topic("taxes"), topic("roof", { follow: "mute" })], event, view)).toEqual([
        topic("taxes"),
        topic("roof", { resolved: true, follow: "mute" }),
      ]);
      expect(liveEffects(event, view)).toEqual([]);
    });

    it("a topic not listed yet comes first", () => {
      const event: ChatEvent = { kind: "topic.updated", channelId: "c1", topic: topic("fence") };
      expect(liveTopics([topic("roof")], event, view).map((t) => t.id)).toEqual(["fence", "roof"]);
    });

    it("another channel's topic is ignored", () => {
      const topics = [topic("roof")];
      expect(liveTopics(topics, { kind: "topic.updated", channelId: "c2", topic: topic("roof", { channelId: "c2" }) }, view)).toBe(topics);
    });
  });

  it("merges pages by id in channel order", () => {
    expect(mergeMessages([message(3), message(4)], [message(1), message(3, { body: "newer" })]).map((m) => [m.id, m.body])).toEqual([
      ["m1", "Message 1"],
      ["m3", "newer"],
      ["m4", "Message 4"],
    ]);
  });
});
