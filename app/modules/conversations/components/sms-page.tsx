import { Link, useRevalidator } from "@remix-run/react";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import type { TopicView } from "../views";
import { chatApi } from "../chat-client";

/** /sms-threading: who takes part by phone in which topic, how replies find their topic, opt-outs. */
export function SmsThreadingPage({
  topics,
  sms,
  chosen,
}: {
  topics: TopicView[];
  sms: { provider: string; from: string; simulator: boolean };
  chosen: string | null;
}) {
  const { t } = useTranslation("conversations");
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const withPhones = topics.filter((tp) => tp.phones.length > 0);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await chatApi("POST", `/api/chat/topics/${String(form.get("topicId"))}/phones`, {
        name: String(form.get("name") ?? ""),
        phone: String(form.get("phone") ?? ""),
      });
      setDone(t("sms.added"));
      (event.target as HTMLFormElement).reset();
      revalidator.revalidate();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  async function remove(topicId: string, participantId: string) {
    try {
      await chatApi("DELETE", `/api/chat/topics/${topicId}/phones`, { participantId });
      revalidator.revalidate();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <section aria-labelledby="sms-title" className="grid gap-4">
      <h1 id="sms-title" className="m-0">
        {t("sms.title")}
      </h1>
      <p className="m-0">{t("sms.intro")}</p>
      <div className="rounded-md border border-solid border-border p-3 text-sm" data-testid="sms-provider">
        {sms.provider === "twilio" ? t("sms.providerTwilio", { from: sms.from }) : t("sms.providerOutbox", { from: sms.from })}{" "}
        {sms.simulator ? <Link to="/dev/phone">{t("sms.openSimulator")}</Link> : null}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">{t("sms.routingTitle")}</summary>
        <ul>
          <li>{t("sms.routingCode")}</li>
          <li>{t("sms.routingRecent")}</li>
          <li>{t("sms.routingStop")}</li>
        </ul>
      </details>
      {error ? <Banner kind="error">{error}</Banner> : null}
      {done ? <Banner kind="success">{done}</Banner> : null}
      {topics.length === 0 ? (
        <p>
          {t("sms.noTopics")} <Link to="/chat">{t("sms.openChat")}</Link>
        </p>
      ) : (
        <form onSubmit={add} className="grid max-w-xl gap-2 rounded-lg border border-solid border-border p-3" aria-labelledby={`${id}-h`}>
          <h2 id={`${id}-h`} className="m-0 text-base">
            {t("sms.addTitle")}
          </h2>
          <label htmlFor={`${id}-topic`}>{t("sms.topic")}</label>
          <NativeSelect id={`${id}-topic`} name="topicId" defaultValue={chosen ?? topics[0]?.id} required>
            {topics.map((tp) => (
              <option key={tp.id} value={tp.id}>
                #{tp.channelName} › {tp.name}
              </option>
            ))}
          </NativeSelect>
          <label htmlFor={`${id}-name`}>{t("sms.name")}</label>
          <Input id={`${id}-name`} name="name" required maxLength={80} autoComplete="off" />
          <label htmlFor={`${id}-phone`}>{t("sms.phone")}</label>
          <Input id={`${id}-phone`} name="phone" type="tel" required inputMode="tel" placeholder="+1 555 010 2030" aria-describedby={`${id}-phone-help`} />
          <p id={`${id}-phone-help`} className="m-0 text-xs text-muted-foreground">
            {t("sms.phoneHelp")}
          </p>
          <Button type="submit" disabled={busy}>
            {t("sms.add")}
          </Button>
        </form>
      )}
      <h2 className="m-0 text-lg">{t("sms.topicsWithPhones")}</h2>
      {withPhones.length === 0 ? <p>{t("sms.none")}</p> : null}
      <ul className="m-0 grid list-none gap-3 p-0">
        {withPhones.map((topic) => (
          <li key={topic.id} className="rounded-md border border-solid border-border p-3" data-testid="sms-topic">
            <Link to={`/channel/${topic.channelId}?topic=${topic.id}`} className="font-semibold">
              #{topic.channelName} › {topic.name}
            </Link>
            <ul className="m-0 mt-2 grid list-none gap-1 p-0">
              {topic.phones.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center gap-2" data-testid="sms-participant">
                  <span>{p.name}</span>
                  <span className="font-mono text-sm">{p.phone}</span>
                  <span className="text-sm">
                    {t("sms.replyCode")} <strong className="font-mono">{p.replyCode}</strong>
                  </span>
                  {p.optedOut ? (
                    <strong className="text-destructive" data-testid="opted-out">
                      {t("sms.optedOutSince", { date: new Date(p.optedOutAt!).toLocaleDateString() })}
                    </strong>
                  ) : null}
                  <Button size="sm" variant="ghost" onClick={() => void remove(topic.id, p.id)} aria-label={t("removeParticipant", { name: p.name })}>
                    {t("sms.remove")}
                  </Button>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
