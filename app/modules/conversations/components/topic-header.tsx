import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { chatApi } from "../chat-client";
import type { TopicView } from "../views";

/** The topic on screen: resolve or reopen it, follow or mute it, set its purpose, see its phones. */
export function TopicHeader({
  topic,
  canAct,
  onChange,
  onError,
}: {
  topic: TopicView;
  canAct: boolean;
  onChange: (t: TopicView) => void;
  onError: (e: string) => void;
}) {
  const { t } = useTranslation("conversations");
  async function resolve(resolved: boolean) {
    try {
      const { topic: next } = await chatApi<{ topic: TopicView }>("PATCH", `/api/chat/topics/${topic.id}`, { resolved });
      onChange({ ...next, follow: topic.follow });
    } catch (e) {
      onError((e as Error).message);
    }
  }
  async function follow(mode: "follow" | "mute" | "none") {
    try {
      const { follow: next } = await chatApi<{ follow: TopicView["follow"] }>("PUT", `/api/chat/topics/${topic.id}`, { mode });
      onChange({ ...topic, follow: next });
    } catch (e) {
      onError((e as Error).message);
    }
  }
  async function setPurpose(purpose: string) {
    try {
      const { topic: next } = await chatApi<{ topic: TopicView }>("PATCH", `/api/chat/topics/${topic.id}`, { purpose });
      onChange({ ...next, follow: topic.follow });
    } catch (e) {
      onError((e as Error).message);
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-solid border-border p-2" data-testid="topic-header">
      <strong>{topic.name}</strong>
      {topic.purpose ? (
        <span className="rounded bg-muted px-2 text-sm" data-testid="topic-purpose">
          {topic.purpose}
        </span>
      ) : null}
      <span className="text-sm text-muted-foreground" role="status">
        {topic.resolved ? t("topicResolved") : t("topicOpen")}
      </span>
      {canAct ? (
        <Button size="sm" variant="outline" onClick={() => void resolve(!topic.resolved)}>
          {topic.resolved ? t("reopen") : t("resolve")}
        </Button>
      ) : null}
      <label className="flex items-center gap-1 text-sm">
        {t("notifyLabel")}
        <NativeSelect value={topic.follow ?? "none"} onChange={(e) => void follow(e.target.value as "follow" | "mute" | "none")} className="h-8">
          <option value="none">{t("followNone")}</option>
          <option value="follow">{t("follow")}</option>
          <option value="mute">{t("mute")}</option>
        </NativeSelect>
      </label>
      {topic.follow === "mute" ? <span className="text-xs text-muted-foreground">{t("mutedExplained")}</span> : null}
      {canAct ? (
        <form
          className="flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            void setPurpose(String(new FormData(e.currentTarget).get("purpose") ?? ""));
          }}
        >
          <Input
            name="purpose"
            defaultValue={topic.purpose ?? ""}
            aria-label={t("purposeLabel")}
            placeholder={t("purposePlaceholder")}
            className="h-8 w-48"
            maxLength={80}
          />
          <Button type="submit" size="sm" variant="ghost">
            {t("purposeSave")}
          </Button>
        </form>
      ) : null}
      {topic.phones.length ? (
        <span className="text-sm">
          {t("phonesInTopic", { count: topic.phones.length })}{" "}
          {topic.phones.map((p) => (
            <span key={p.id} className="me-1" data-testid="topic-phone">
              {p.name}
              {p.optedOut ? <strong className="ms-1 text-destructive">({t("optedOut")})</strong> : null}
            </span>
          ))}
          <Link to={`/sms-threading?topic=${topic.id}`}>{t("managePhones")}</Link>
        </span>
      ) : null}
    </div>
  );
}
