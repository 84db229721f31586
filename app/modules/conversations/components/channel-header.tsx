import { Lock } from "lucide-react";
import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { chatApi } from "../chat-client";
import type { ChatScreenData } from "../chat-page.server";

/** The channel's name, purpose and member count; managers rename and archive it here. */
export function ChannelHeader({ data, onError }: { data: ChatScreenData; onError: (e: string) => void }) {
  const { t } = useTranslation("conversations");
  const revalidator = useRevalidator();
  const [renaming, setRenaming] = useState(false);
  const channel = data.channel;
  async function patch(body: Record<string, unknown>) {
    try {
      await chatApi("PATCH", `/api/chat/channels/${channel.id}`, body);
      setRenaming(false);
      revalidator.revalidate();
    } catch (e) {
      onError((e as Error).message);
    }
  }
  return (
    <header className="flex flex-wrap items-center justify-between gap-2">
      <div className="grid">
        {renaming ? (
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void patch({ name: String(new FormData(e.currentTarget).get("name") ?? "") });
            }}
          >
            <Input name="name" defaultValue={channel.name} aria-label={t("rename.label")} autoFocus maxLength={60} />
            <Button type="submit" size="sm">
              {t("rename.save")}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setRenaming(false)}>
              {t("cancel")}
            </Button>
          </form>
        ) : (
          <h1 id="channel-title" className="m-0 text-xl">
            {channel.kind === "private" ? <Lock aria-hidden="true" className="me-1 inline h-4 w-4 align-[-0.1em]" /> : <span aria-hidden="true"># </span>}
            {channel.name}
            {channel.archived ? <span className="ms-2 text-sm font-normal text-muted-foreground">({t("archived")})</span> : null}
          </h1>
        )}
        {channel.description ? <p className="m-0 text-sm text-muted-foreground">{channel.description}</p> : null}
        <p className="m-0 text-xs text-muted-foreground">{t("memberCount", { count: data.members.length })}</p>
      </div>
      {channel.manage && !channel.isDefault ? (
        <div className="flex gap-2">
          {!channel.archived ? (
            <Button size="sm" variant="outline" onClick={() => setRenaming(true)}>
              {t("rename.button")}
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => void patch({ archived: !channel.archived })}>
            {channel.archived ? t("unarchive") : t("archive")}
          </Button>
        </div>
      ) : null}
    </header>
  );
}
