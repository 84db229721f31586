import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NOTIFICATION_KINDS } from "~/modules/registry";

export interface NotificationItem {
  id: string;
  type: string;
  metadata: Record<string, unknown>;
  read: boolean;
  createdAt: string;
}

/** One notification in words, in the reader's language, linked to what it is about (the words are its module's). */
export function NotificationText({ item }: { item: NotificationItem }) {
  const kind = NOTIFICATION_KINDS[item.type];
  const { t } = useTranslation(kind?.namespace ?? "common");
  const words = kind ? kind.describe(item.metadata, t) : { text: item.type, href: null };
  return words.href ? (
    <Link to={words.href} className={item.read ? "text-muted-foreground" : "font-medium"}>
      {words.text}
    </Link>
  ) : (
    <span>{words.text}</span>
  );
}
