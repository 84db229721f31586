import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { MAX_MESSAGE_CHARS } from "../limits";

/** Editing one's own message in place; Escape cancels. */
export function EditForm({ initial, onSave, onCancel }: { initial: string; onSave: (body: string) => void; onCancel: () => void }) {
  const { t } = useTranslation("conversations");
  const [body, setBody] = useState(initial);
  return (
    <form
      className="grid gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        if (body.trim()) onSave(body);
      }}
    >
      <textarea
        value={body}
        onChange={(e) => setBody(e.target.value)}
        aria-label={t("editLabel")}
        className="min-h-16 rounded-md border border-solid border-border bg-background p-2 text-foreground"
        maxLength={MAX_MESSAGE_CHARS}
        autoFocus
        onKeyDown={(e) => e.key === "Escape" && onCancel()}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!body.trim()}>
          {t("save")}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
