import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";

interface TemplateChoice {
  id: string;
  name: string;
  body: string;
}

/**
 * A template in the chat composer (and so in SMS threads, whose messages are written there): the list is fetched
 * when opened, and the chosen one is filled with the workspace's values and put in the box as a draft the person
 * edits before sending. Texts come from the composer's own namespace, so the chat page loads nothing more.
 */
export function TemplatePicker({ onInsert, onError }: { onInsert: (text: string) => void; onError: (message: string) => void }) {
  const { t } = useTranslation("conversations");
  const [open, setOpen] = useState(false);
  const [templates, setTemplates] = useState<TemplateChoice[] | null>(null);

  async function toggle() {
    const next = !open;
    setOpen(next);
    if (!next || templates) return;
    try {
      setTemplates((await apiFetch<{ templates: TemplateChoice[] }>("/api/communication/templates")).templates);
    } catch (caught) {
      setOpen(false);
      onError(refusalSentence(caught, t("composer.templatesFailed")));
    }
  }

  async function choose(template: TemplateChoice) {
    setOpen(false);
    try {
      const { text } = await apiFetch<{ text: string }>("/api/communication/templates/preview", { method: "POST", body: { body: template.body } });
      onInsert(text);
    } catch (caught) {
      onError(refusalSentence(caught, t("composer.templatesFailed")));
    }
  }

  return (
    <div className="relative">
      <Button type="button" variant="outline" size="sm" aria-expanded={open} onClick={() => void toggle()} data-testid="composer-templates">
        {t("composer.templates")}
      </Button>
      {open ? (
        <ul
          className="absolute bottom-10 end-0 z-10 m-0 max-h-56 w-64 list-none overflow-y-auto rounded-md border border-solid border-border bg-card p-1 shadow"
          aria-label={t("composer.templates")}
          aria-busy={templates === null}
        >
          {templates === null ? <li className="p-1 text-sm text-muted-foreground">{t("composer.templatesLoading")}</li> : null}
          {templates?.map((template) => (
            <li key={template.id}>
              <button
                type="button"
                className="w-full cursor-pointer rounded border-none bg-transparent p-1 text-start text-foreground hover:bg-muted"
                onClick={() => void choose(template)}
              >
                {template.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
