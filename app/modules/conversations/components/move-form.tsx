import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { TopicView } from "../views";

/** Moving a message to another topic, existing or new. */
export function MoveForm({ topics, onMove, onCancel }: { topics: TopicView[]; onMove: (topic: string) => void; onCancel: () => void }) {
  const { t } = useTranslation("conversations");
  const listId = useId();
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const topic = String(new FormData(e.currentTarget).get("topic") ?? "").trim();
        if (topic) onMove(topic);
      }}
    >
      <Input name="topic" list={listId} aria-label={t("moveTo")} placeholder={t("moveTo")} className="h-8 w-56" autoFocus />
      <datalist id={listId}>
        {topics.map((tp) => (
          <option key={tp.id} value={tp.name} />
        ))}
      </datalist>
      <Button type="submit" size="sm">
        {t("move")}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
        {t("cancel")}
      </Button>
    </form>
  );
}
