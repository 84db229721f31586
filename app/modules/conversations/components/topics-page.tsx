import { Form, Link } from "@remix-run/react";
import { formatDistanceToNow } from "date-fns";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { useDateLocale } from "~/modules/preferences/date-locales";
import { useLanguage } from "~/modules/preferences/display";
import type { TopicView } from "../views";
import { TopicHeader } from "./topic-header";

/** /threaded-conversations: topics across channels with their last activity; resolve, follow, mute, label. */
export function TopicsPage({ topics: initial, state, canAct }: { topics: TopicView[]; state: "open" | "resolved" | "all"; canAct: boolean }) {
  const { t } = useTranslation("conversations");
  const { language } = useLanguage();
  const locale = useDateLocale(language);
  const [topics, setTopics] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <section aria-labelledby="topics-title" className="grid gap-4">
      <h1 id="topics-title" className="m-0">
        {t("topics.title")}
      </h1>
      <p className="m-0 text-muted-foreground">{t("topics.intro")}</p>
      <Form method="get" className="flex items-center gap-2" aria-label={t("topics.filter")}>
        {(["open", "resolved", "all"] as const).map((value) => (
          <Button
            key={value}
            type="submit"
            name="state"
            value={value}
            size="sm"
            variant={state === value ? "default" : "outline"}
            aria-pressed={state === value}
          >
            {t(`topics.state.${value}`)}
          </Button>
        ))}
      </Form>
      {error ? <Banner kind="error">{error}</Banner> : null}
      {topics.length === 0 ? <p>{t("topics.empty")}</p> : null}
      <ul className="m-0 grid list-none gap-3 p-0">
        {topics.map((topic) => (
          <li key={topic.id} className="grid gap-1" data-testid="topic-row">
            <div className="flex flex-wrap items-baseline gap-2">
              <Link to={`/channel/${topic.channelId}?topic=${topic.id}`} className="font-semibold">
                #{topic.channelName} › {topic.name}
              </Link>
              <span className="text-sm text-muted-foreground">
                {t("topics.meta", {
                  count: topic.messageCount,
                  when: formatDistanceToNow(new Date(topic.lastActivityAt), { addSuffix: true, ...(locale ? { locale } : {}) }),
                })}
              </span>
            </div>
            <TopicHeader
              topic={topic}
              canAct={canAct}
              onChange={(next) => setTopics((list) => list.map((tp) => (tp.id === next.id ? next : tp)))}
              onError={setError}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
