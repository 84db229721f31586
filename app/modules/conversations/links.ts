/** Where a chat notification leads: the message in its channel and topic. */
export function chatMessageLink(m: { channelId: string; topicId: string; messageId: string }) {
  return `/channel/${m.channelId}?topic=${encodeURIComponent(m.topicId)}#message-${m.messageId}`;
}
