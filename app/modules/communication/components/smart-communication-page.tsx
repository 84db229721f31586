import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AssistPanel } from "./assist-panel";
import { ScheduleForm, type Draft } from "./schedule-form";
import { ScheduledList, type ScheduledView } from "./scheduled-list";
import { TemplatesPanel, type TemplateView } from "./templates-panel";

export interface Choice {
  id: string;
  name: string;
}

export type PageData =
  { allowed: false } | { allowed: true; templates: TemplateView[]; fields: string[]; scheduled: ScheduledView[]; channels: Choice[]; members: Choice[] };

/** /smart-communication: the family's message templates, a message to send later, and what is waiting to go. */
export function SmartCommunicationPage({ page }: { page: PageData }) {
  const { t } = useTranslation("communication");
  const [draft, setDraft] = useState<Draft | null>(null);
  const [scheduled, setScheduled] = useState(page.allowed ? page.scheduled : []);
  return (
    <div className="mx-auto grid max-w-5xl gap-6 p-4">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("page.title")}</h1>
        <p className="m-0 text-muted-foreground">{t("page.intro")}</p>
      </header>
      {!page.allowed ? (
        <p role="status" className="m-0 rounded-md border border-solid border-border bg-muted p-3" data-testid="communication-not-allowed">
          {t("errors.onlyOrganisers")}
        </p>
      ) : (
        <>
          <TemplatesPanel
            templates={page.templates}
            fields={page.fields}
            members={page.members}
            onUse={(template) => setDraft({ body: template.body, subject: template.subject })}
          />
          <AssistPanel channels={page.channels} onUse={(text) => setDraft({ body: text, subject: null })} />
          <ScheduleForm
            channels={page.channels}
            members={page.members}
            templates={page.templates}
            draft={draft}
            onSaved={(item) => setScheduled((list) => [item, ...list.filter((x) => x.id !== item.id)])}
            onDone={() => setDraft(null)}
          />
          <ScheduledList
            items={scheduled}
            onChanged={(item) => setScheduled((list) => list.map((x) => (x.id === item.id ? item : x)))}
            onEdit={(item) =>
              setDraft({
                id: item.id,
                body: item.body,
                subject: item.subject,
                sendAt: item.sendAt,
                target: item.target,
                urgent: item.urgent,
                localTime: item.localTime,
              })
            }
          />
        </>
      )}
    </div>
  );
}
