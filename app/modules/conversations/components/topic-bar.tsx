import { BellOff, Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { TopicView } from "../views";

/** The topic chips: all topics, or one (the twelve most recently active). */
export function TopicBar({ topics, current, onChoose }: { topics: TopicView[]; current: string | null; onChoose: (id: string | null) => void }) {
  const { t } = useTranslation("conversations");
  return (
    <div role="group" aria-label={t("topicsLabel")} className="flex flex-wrap gap-2">
      <Button size="sm" variant={current === null ? "default" : "outline"} aria-pressed={current === null} onClick={() => onChoose(null)}>
        {t("allTopics")}
      </Button>
      {topics.slice(0, 12).map((topic) => (
        <Button
          key={topic.id}
          size="sm"
          variant={current === topic.id ? "default" : "outline"}
          aria-pressed={current === topic.id}
          onClick={() => onChoose(topic.id)}
          data-testid="topic-chip"
        >
          {topic.resolved ? (
            <>
              <Check aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">{t("resolved")}: </span>
            </>
          ) : null}
          {topic.name}
          {topic.follow === "mute" ? (
            <>
              <BellOff aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only"> ({t("muted")})</span>
            </>
          ) : null}
        </Button>
      ))}
    </div>
  );
}
