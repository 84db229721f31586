import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";
import type { Choice } from "./smart-communication-page";

export interface TemplateView {
  id: string;
  name: string;
  subject: string | null;
  body: string;
  builtin: boolean;
  updatedAt: string | null;
}

const area = "min-h-32 w-full rounded-md border border-solid border-input bg-background p-2 font-inherit";

/** The templates: each one's text, a preview filled with the workspace's values for a chosen member, and a new one. */
export function TemplatesPanel({
  templates: initial,
  fields,
  members,
  onUse,
}: {
  templates: TemplateView[];
  fields: string[];
  members: Choice[];
  onUse: (t: TemplateView) => void;
}) {
  const { t } = useTranslation("communication");
  const [templates, setTemplates] = useState(initial);
  const [selectedId, setSelectedId] = useState(initial[0]?.id ?? "");
  const [recipientId, setRecipientId] = useState("");
  const [preview, setPreview] = useState<{ text: string; missing: string[] } | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const selected = templates.find((x) => x.id === selectedId);

  async function showPreview() {
    if (!selected) return;
    setStatus(null);
    try {
      setPreview(await apiFetch("/api/communication/templates/preview", { method: "POST", body: { body: selected.body, recipientId: recipientId || null } }));
    } catch (caught) {
      setStatus({ ok: false, text: refusalSentence(caught, t("templates.failed")) });
    }
  }

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setStatus(null);
    try {
      const { template, markupRemoved } = await apiFetch<{ template: TemplateView; markupRemoved: boolean }>("/api/communication/templates", {
        method: "POST",
        body: { name: data.get("name"), body: data.get("body") },
      });
      setTemplates((list) => [...list, template]);
      setSelectedId(template.id);
      form.reset();
      setStatus({ ok: true, text: markupRemoved ? t("templates.savedWithoutMarkup") : t("templates.saved") });
    } catch (caught) {
      setStatus({ ok: false, text: refusalSentence(caught, t("templates.failed")) });
    }
  }

  async function remove(id: string) {
    try {
      await apiFetch(`/api/communication/templates/${id}`, { method: "DELETE" });
      setTemplates((list) => list.filter((x) => x.id !== id));
      setSelectedId(templates[0]?.id ?? "");
      setStatus({ ok: true, text: t("templates.deleted") });
    } catch (caught) {
      setStatus({ ok: false, text: refusalSentence(caught, t("templates.failed")) });
    }
  }

  return (
    <section aria-labelledby="templates-heading" className="grid gap-3 rounded-md border border-solid border-border bg-card p-4" data-testid="templates">
      <h2 id="templates-heading" className="m-0 text-lg">
        {t("templates.title")}
      </h2>
      <div className="grid gap-3 md:grid-cols-[16rem_minmax(0,1fr)]">
        <ul className="m-0 grid list-none content-start gap-1 p-0" aria-label={t("templates.list")}>
          {templates.map((template) => (
            <li key={template.id}>
              <Button
                variant={template.id === selectedId ? "secondary" : "ghost"}
                className="w-full justify-start"
                aria-pressed={template.id === selectedId}
                onClick={() => (setSelectedId(template.id), setPreview(null))}
              >
                {template.name}
                {template.builtin ? <span className="sr-only"> ({t("templates.builtin")})</span> : null}
              </Button>
            </li>
          ))}
        </ul>
        {selected ? (
          <div className="grid content-start gap-2" data-testid="template-detail">
            <h3 className="m-0 text-base">{selected.name}</h3>
            {selected.subject ? <p className="m-0 text-sm">{t("templates.subject", { subject: selected.subject })}</p> : null}
            <pre className="m-0 whitespace-pre-wrap rounded-md bg-muted p-2 font-inherit text-sm">{selected.body}</pre>
            <div className="flex flex-wrap items-end gap-2">
              <div className="grid gap-1">
                <Label htmlFor="preview-recipient">{t("templates.previewFor")}</Label>
                <select
                  id="preview-recipient"
                  value={recipientId}
                  onChange={(e) => setRecipientId(e.target.value)}
                  className="rounded-md border border-solid border-input bg-background p-1.5"
                >
                  <option value="">{t("templates.previewChannel")}</option>
                  {members.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name}
                    </option>
                  ))}
                </select>
              </div>
              <Button variant="outline" onClick={() => void showPreview()}>
                {t("templates.preview")}
              </Button>
              <Button onClick={() => onUse(selected)}>{t("templates.use")}</Button>
              {!selected.builtin ? (
                <Button variant="ghost" onClick={() => void remove(selected.id)}>
                  {t("templates.delete")}
                </Button>
              ) : null}
            </div>
            {preview ? (
              <div className="grid gap-1" data-testid="template-preview" aria-live="polite">
                <pre className="m-0 whitespace-pre-wrap rounded-md border border-solid border-border p-2 font-inherit text-sm">{preview.text}</pre>
                {preview.missing.length ? (
                  <p className="m-0 text-sm text-muted-foreground">{t("templates.missing", { fields: preview.missing.map((f) => `{{${f}}}`).join(", ") })}</p>
                ) : null}
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
      <form onSubmit={create} className="grid gap-2" aria-labelledby="new-template-heading">
        <h3 id="new-template-heading" className="m-0 text-base">
          {t("templates.new")}
        </h3>
        <Label htmlFor="template-name">{t("templates.name")}</Label>
        <Input id="template-name" name="name" maxLength={120} />
        <Label htmlFor="template-body">{t("templates.body")}</Label>
        <textarea id="template-body" name="body" className={area} maxLength={4000} aria-describedby="template-fields" />
        <p id="template-fields" className="m-0 text-sm text-muted-foreground">
          {t("templates.fields", { fields: fields.map((f) => `{{${f}}}`).join(" ") })}
        </p>
        <div>
          <Button type="submit">{t("templates.save")}</Button>
        </div>
      </form>
      {status ? (
        <p role={status.ok ? "status" : "alert"} className="m-0 text-sm" data-testid="templates-status">
          {status.text}
        </p>
      ) : null}
    </section>
  );
}
