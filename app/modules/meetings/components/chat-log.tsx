import { useTranslation } from "react-i18next";
import { useLanguage } from "~/modules/preferences/display";

export interface ChatLogLine {
  id: string;
  name: string;
  text: string;
  at: string;
}

/** An ended meeting's chat, as the room kept it (GET /api/meetings/{id}/chat): who said what, and when. */
export function ChatLog({ messages }: { messages: ChatLogLine[] }) {
  const { t } = useTranslation("meetings");
  const { language } = useLanguage();
  const time = new Intl.DateTimeFormat(language, { timeStyle: "short" });
  return (
    <section aria-labelledby="chat-log-heading" className="grid gap-2">
      <h2 id="chat-log-heading" className="m-0 text-lg">
        {t("page.chatLog")}
      </h2>
      {messages.length === 0 ? (
        <p className="m-0 text-sm text-muted-foreground">{t("page.chatLogEmpty")}</p>
      ) : (
        <ol className="m-0 grid list-none gap-1 p-0 text-sm" data-testid="chat-log">
          {messages.map((m) => (
            <li key={m.id} className="break-words">
              <time dateTime={m.at} className="text-muted-foreground">
                {time.format(new Date(m.at))}
              </time>{" "}
              <strong>{m.name}:</strong> {m.text}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
