import { REALTIME_TOAST_MS } from "../realtime/toast-durations";
import { MessageSquareText, MessagesSquare, Smartphone } from "lucide-react";
import { area, defineModule, metadataText, type NotificationKind, type NotificationMetadata } from "../../platform/module-manifest";
import { chatMessageLink } from "./links";

function describeChat(key: "realtime.chatMention" | "realtime.chatFollow"): NotificationKind["describe"] {
  return (m: NotificationMetadata, t) => {
    const [channelId, topicId, messageId] = [metadataText(m, "channelId"), metadataText(m, "topicId"), metadataText(m, "messageId")];
    return {
      text: t(key, { name: metadataText(m, "authorName"), channel: metadataText(m, "channelName"), topic: metadataText(m, "topicName") }),
      href: channelId && messageId ? chatMessageLink({ channelId, topicId, messageId }) : null,
      detail: metadataText(m, "excerpt") || undefined,
    };
  };
}

/** Team chat with topics, and the family members who take part by SMS (spec section 2: /chat, /channel/{id}). */
export const conversationsModule = defineModule({
  id: "conversations",
  areas: [
    area("/chat", "conversations", MessagesSquare, true, { alsoAt: ["/channel"] }),
    area("/threaded-conversations", "conversations", MessageSquareText, true),
    area("/sms-threading", "conversations", Smartphone, true),
  ],
  pages: [
    // /chat opens the channel used last; /channel/{id} is the same screen.
    { path: "chat", file: "routes/chat.tsx", id: "chat" },
    { path: "channel/:channelId", file: "routes/chat.tsx", id: "channel" },
    { path: "threaded-conversations", file: "routes/threaded-conversations.tsx" },
    { path: "sms-threading", file: "routes/sms-threading.tsx" },
  ],
  routes: [
    { path: "api/chat/channels", file: "routes/api.chat.channels.ts" },
    { path: "api/chat/channels/:id", file: "routes/api.chat.channels.$id.ts" },
    { path: "api/chat/channels/:id/messages", file: "routes/api.chat.channels.$id.messages.ts" },
    { path: "api/chat/channels/:id/members", file: "routes/api.chat.channels.$id.members.ts" },
    { path: "api/chat/channels/:id/read", file: "routes/api.chat.channels.$id.read.ts" },
    { path: "api/chat/messages/:id", file: "routes/api.chat.messages.$id.ts" },
    { path: "api/chat/search", file: "routes/api.chat.search.ts" },
    { path: "api/chat/documents", file: "routes/api.chat.documents.ts" },
    { path: "api/chat/topics", file: "routes/api.chat.topics.ts" },
    { path: "api/chat/topics/:id", file: "routes/api.chat.topics.$id.ts" },
    { path: "api/chat/topics/:id/phones", file: "routes/api.chat.topics.$id.phones.ts" },
    { path: "api/sms/inbound", file: "routes/api.sms.inbound.ts" },
    { path: "api/sms/status", file: "routes/api.sms.status.ts" },
    // Development tools: a simulated phone (404 unless DEV_TOOLS is on, outside production, on loopback).
    { path: "api/dev/sms", file: "routes/api.dev.sms.ts" },
    { path: "dev/phone", file: "routes/dev.phone.tsx" },
  ],
  helpTopics: ["collaboration"],
  notifications: {
    // Someone wrote @**your name**: like being spoken to, so also by e-mail. Followed topics: in the app only.
    chat_mention: {
      defaults: { in_app: true, email: true, sms: false },
      describe: describeChat("realtime.chatMention"),
      toast: { titleKey: "realtime.chatMentionTitle", durationMs: REALTIME_TOAST_MS.poll_completed },
    },
    topic_message: {
      defaults: { in_app: true, email: false, sms: false },
      describe: describeChat("realtime.chatFollow"),
      // Someone already reading that channel sees the message arrive; no toast on top of it.
      toast: {
        titleKey: "realtime.chatFollowTitle",
        durationMs: REALTIME_TOAST_MS.poll_completed,
        skipOn: (m, pathname) => pathname.endsWith(metadataText(m, "channelId")),
      },
    },
  },
  seed: () => import("./seed"),
});
