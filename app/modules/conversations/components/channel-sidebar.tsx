import { Lock } from "lucide-react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ChatScreenData } from "../chat-page.server";
import { CreateChannelDialog } from "./create-channel-dialog";

/** The channel list beside the chat: joined and open channels with unread counts, then the archived. */
export function ChannelSidebar({ data, unread }: { data: ChatScreenData; unread: Record<string, number> }) {
  const { t } = useTranslation("conversations");
  const active = data.channels.filter((c) => !c.archived && (c.member || c.kind === "open"));
  const archived = data.channels.filter((c) => c.archived);
  return (
    <nav aria-label={t("channelsLabel")} className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h2 className="m-0 text-base">{t("channels")}</h2>
        {data.me.canCreate ? <CreateChannelDialog data={data} /> : null}
      </div>
      <ul className="m-0 grid list-none gap-1 p-0">
        {active.map((c) => (
          <li key={c.id}>
            <Link
              to={`/channel/${c.id}`}
              aria-current={c.id === data.channel.id ? "page" : undefined}
              className={`flex items-center justify-between gap-2 rounded-md px-2 py-1 no-underline ${c.id === data.channel.id ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-muted"}`}
              data-testid="channel-link"
              data-channel={c.name}
            >
              <span className="truncate">
                {c.kind === "private" ? <Lock aria-hidden="true" className="me-1 inline h-3.5 w-3.5 align-[-0.1em]" /> : <span aria-hidden="true"># </span>}
                {c.name}
                {c.kind === "private" ? <span className="sr-only"> ({t("private")})</span> : null}
                {!c.member ? <span className="ms-1 text-xs opacity-70">({t("notJoined")})</span> : null}
              </span>
              {unread[c.id] ? (
                <span className="rounded-full bg-destructive px-2 text-xs text-white">
                  <span aria-hidden="true" data-testid="unread-count">
                    {unread[c.id]}
                  </span>
                  <span className="sr-only">{t("unreadCount", { count: unread[c.id] })}</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      {archived.length ? (
        <details>
          <summary className="cursor-pointer text-sm text-muted-foreground">{t("archivedChannels", { count: archived.length })}</summary>
          <ul className="m-0 grid list-none gap-1 p-0">
            {archived.map((c) => (
              <li key={c.id}>
                <Link to={`/channel/${c.id}`} className="px-2 text-sm text-muted-foreground">
                  # {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <div className="mt-2 grid gap-1 text-sm">
        <Link to="/threaded-conversations">{t("allTopicsLink")}</Link>
        <Link to="/sms-threading">{t("smsLink")}</Link>
      </div>
    </nav>
  );
}
