import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { chatMessageLink } from "~/modules/realtime/realtime-provider";

export interface NotificationItem {
  id: string;
  type: string;
  metadata: Record<string, unknown>;
  read: boolean;
  createdAt: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** One notification in words, in the reader's language, linked to what it is about. */
export function NotificationText({ item }: { item: NotificationItem }) {
  const { t } = useTranslation();
  const m = item.metadata;
  const poll = text(m.pollTitle);
  let words: string;
  switch (item.type) {
    case "poll_created":
      words = t("realtime.pollCreated", { name: text(m.creatorName), poll });
      break;
    case "vote_required":
      words = t("realtime.voteRequired", { poll });
      break;
    case "vote_reminder":
      words = t("notifications.reminder", { poll });
      break;
    case "vote_cast":
      words =
        text(m.voterName) && text(m.optionText)
          ? t("realtime.voteCast", { name: text(m.voterName), option: text(m.optionText), poll })
          : text(m.voterName)
            ? t("realtime.voteCastHidden", { name: text(m.voterName), poll })
            : t("realtime.voteCastAnonymous", { poll });
      break;
    case "poll_completed":
      words = t("realtime.pollCompleted", { poll, result: text(m.finalResult) });
      break;
    case "chat_mention":
    case "topic_message":
      words = t(item.type === "chat_mention" ? "realtime.chatMention" : "realtime.chatFollow", { name: text(m.authorName), channel: text(m.channelName), topic: text(m.topicName) });
      break;
    default:
      words = item.type;
  }
  const pollId = text(m.pollId);
  if (text(m.channelId) && text(m.messageId)) {
    return (
      <Link to={chatMessageLink({ channelId: text(m.channelId), topicId: text(m.topicId), messageId: text(m.messageId) })} className={item.read ? "text-muted-foreground" : "font-medium"}>
        {words}
      </Link>
    );
  }
  return pollId ? (
    <Link to={`/polling/${pollId}`} className={item.read ? "text-muted-foreground" : "font-medium"}>
      {words}
    </Link>
  ) : (
    <span>{words}</span>
  );
}
