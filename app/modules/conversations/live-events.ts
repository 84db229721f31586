/**
 * How the chat screen applies a live chat event: pure functions over what the screen holds, one per
 * piece of state (so each can run as a React state updater and events arriving between two renders
 * are never lost), and the side effects the screen performs afterwards.
 */
import type { ChatEvent } from "../../../party/protocol";
import type { MessageView, TopicView } from "./views";

/** Who is looking at which channel, and through which topic (null: every topic). */
export interface LiveChatView {
  channelId: string;
  meId: string;
  topicFilter: string | null;
}

export type LiveChatEffect =
  /** The channel list or this channel changed: the page loads its data again. */
  | { kind: "revalidate" }
  /** Someone else wrote in this channel: a screen reader hears it. */
  | { kind: "announce"; message: MessageView }
  /** A new message is on screen: mark it read and scroll to it. */
  | { kind: "shown"; seq: number };

const isShown = (message: MessageView, view: LiveChatView) => !view.topicFilter || message.topicId === view.topicFilter;

export function liveMessages(list: MessageView[], event: ChatEvent, view: LiveChatView): MessageView[] {
  if (event.channelId !== view.channelId) return list;
  switch (event.kind) {
    case "message.created":
      if (!isShown(event.message, view) || list.some((m) => m.id === event.message.id)) return list;
      return [...list, event.message];
    case "message.updated": {
      const updated = event.message;
      if (!isShown(updated, view)) return list.filter((m) => m.id !== updated.id);
      // Moved into the topic on screen: it joins the list in its place.
      return list.some((m) => m.id === updated.id) ? list.map((m) => (m.id === updated.id ? updated : m)) : mergeMessages(list, [updated]);
    }
    case "message.deleted":
      return markDeleted(list, event.messageId);
    default:
      return list;
  }
}

export function liveTopics(list: TopicView[], event: ChatEvent, view: LiveChatView): TopicView[] {
  if (event.channelId !== view.channelId) return list;
  if (event.kind === "topic.updated") return mergeTopic(list, event.topic);
  if (event.kind === "message.created") return touchTopic(list, event.message);
  return list;
}

/** Unread counts of the other channels: others' new messages there add one. */
export function liveUnread(unread: Record<string, number>, event: ChatEvent, view: LiveChatView): Record<string, number> {
  if (event.kind !== "message.created" || event.channelId === view.channelId || event.message.authorId === view.meId) return unread;
  return { ...unread, [event.channelId]: (unread[event.channelId] ?? 0) + 1 };
}

export function liveEffects(event: ChatEvent, view: LiveChatView): LiveChatEffect[] {
  if (event.kind === "channel.updated") return [{ kind: "revalidate" }];
  if (event.kind !== "message.created" || event.channelId !== view.channelId) return [];
  const effects: LiveChatEffect[] = [];
  if (event.message.authorId !== view.meId) effects.push({ kind: "announce", message: event.message });
  if (isShown(event.message, view)) effects.push({ kind: "shown", seq: event.message.seq });
  return effects;
}

/** Two pages of messages as one, each message once, in channel order. */
export function mergeMessages(a: MessageView[], b: MessageView[]) {
  const byId = new Map([...a, ...b].map((m) => [m.id, m]));
  return [...byId.values()].sort((x, y) => x.seq - y.seq);
}

/** A deleted message keeps its place (and date) but loses its words. */
export function markDeleted(list: MessageView[], messageId: string) {
  return list.map((m) => (m.id === messageId ? { ...m, deleted: true, body: "" } : m));
}

/** A live topic update carries no one's follow choice: keep this viewer's. */
export function mergeTopic(list: TopicView[], topic: TopicView) {
  const old = list.find((tp) => tp.id === topic.id);
  const next = { ...topic, follow: old ? old.follow : topic.follow };
  return old ? list.map((tp) => (tp.id === topic.id ? next : tp)) : [next, ...list];
}

/** A new message puts its topic first (the list is by latest activity), creating it if it is new. */
export function touchTopic(list: TopicView[], message: MessageView): TopicView[] {
  const existing = list.find((tp) => tp.id === message.topicId);
  if (!existing) {
    return [
      {
        id: message.topicId,
        channelId: message.channelId,
        channelName: "",
        name: message.topicName,
        purpose: null,
        resolved: false,
        lastActivityAt: message.createdAt,
        messageCount: 1,
        follow: null,
        phones: [],
      },
      ...list,
    ];
  }
  return [{ ...existing, lastActivityAt: message.createdAt, messageCount: existing.messageCount + 1 }, ...list.filter((tp) => tp.id !== existing.id)];
}
