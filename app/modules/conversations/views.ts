import type { SmsRoute, SmsStatus, TopicFollowMode } from "./schema";

/** A message as every viewer receives it (pages, the JSON API and live events). */
export interface MessageView {
  id: string;
  channelId: string;
  topicId: string;
  topicName: string;
  seq: number;
  authorId: string | null;
  authorName: string;
  /** Set when the message came in by SMS from someone without an account. */
  sms: { participantName: string; phone: string; route: SmsRoute | null } | null;
  /** Empty when deleted. */
  body: string;
  createdAt: string;
  editedAt: string | null;
  deleted: boolean;
  /** Delivery of this message to the topic's phones, one row per phone. */
  deliveries: { participantName: string; status: SmsStatus; error: string | null }[];
}

export interface TopicView {
  id: string;
  channelId: string;
  channelName: string;
  name: string;
  purpose: string | null;
  resolved: boolean;
  lastActivityAt: string;
  messageCount: number;
  /** This viewer's choice. */
  follow: TopicFollowMode | null;
  phones: { id: string; name: string; phone: string; replyCode: string; optedOut: boolean; optedOutAt: string | null }[];
}
