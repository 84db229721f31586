import { useTranslation } from "react-i18next";
import { DigestPanel, type EmailSettingsView } from "./digest-panel";
import { TemplateEditor, type EditorData } from "./template-editor";

export interface PageData {
  settings: EmailSettingsView;
  editor: EditorData | null;
  language: string;
}

/** /email-personalization: each person's own e-mail choices, and for owners how the family's e-mails look. */
export function EmailPersonalizationPage({ page }: { page: PageData }) {
  const { t } = useTranslation("email");
  return (
    <div className="mx-auto grid max-w-6xl gap-6 p-4">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("page.title")}</h1>
        <p className="m-0 text-muted-foreground">{t("page.intro")}</p>
      </header>
      <DigestPanel initial={page.settings} />
      {page.editor ? (
        <TemplateEditor data={page.editor} userLanguage={page.language} />
      ) : (
        <p role="status" className="m-0 rounded-md border border-solid border-border bg-muted p-3" data-testid="email-not-owner">
          {t("page.onlyOwners")}
        </p>
      )}
    </div>
  );
}
