import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { apiFetch, ApiError, refusalSentence } from "~/platform/api-fetch";

export interface TemplateItem {
  key: string;
  security: boolean;
  unsubscribable: boolean;
  intro: string | null;
  customised: boolean;
}
export interface Branding {
  familyName: string | null;
  greeting: string | null;
  signature: string | null;
  accentTheme: string | null;
}
export interface EditorData {
  templates: TemplateItem[];
  branding: Branding;
  fields: readonly string[];
  themes: { id: string; colour: string }[];
  languages: { code: string; name: string; translated: boolean }[];
  members: { id: string; name: string }[];
}
interface Preview {
  subject: string;
  text: string;
  html: string;
  language: string;
  translated: boolean;
}

const area = "min-h-24 w-full rounded-md border border-solid border-input bg-background p-2 font-inherit";

/** The owner's editor: the shared look, one template's intro, a live preview in any language as any member, a test and a reset. */
export function TemplateEditor({ data, userLanguage }: { data: EditorData; userLanguage: string }) {
  const { t } = useTranslation("email");
  const [templates, setTemplates] = useState(data.templates);
  const [key, setKey] = useState(data.templates.find((x) => x.key === "notification")?.key ?? data.templates[0]!.key);
  const [branding, setBranding] = useState<Branding>(data.branding);
  const [intro, setIntro] = useState(templates.find((x) => x.key === key)?.intro ?? "");
  const [language, setLanguage] = useState(userLanguage);
  const [memberId, setMemberId] = useState("");
  const [preview, setPreview] = useState<Preview | null>(null);
  const [showText, setShowText] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const selected = templates.find((x) => x.key === key)!;
  const sequence = useRef(0);

  const changes = () => ({
    ...(selected.security
      ? { greeting: branding.greeting ?? "" }
      : { ...branding, familyName: branding.familyName ?? "", greeting: branding.greeting ?? "", signature: branding.signature ?? "", intro }),
  });

  // The preview follows every change, a moment after typing stops; an older answer never replaces a newer one.
  useEffect(() => {
    const mine = ++sequence.current;
    const timer = setTimeout(async () => {
      try {
        const answer = await apiFetch<{ preview: Preview }>(`/api/email/templates/${key}/preview`, {
          method: "POST",
          body: { ...changes(), language, memberId: memberId || null },
        });
        if (mine === sequence.current) {
          setPreview(answer.preview);
          setFieldErrors({});
        }
      } catch (caught) {
        if (mine !== sequence.current) return;
        setFieldErrors(caught instanceof ApiError ? (caught.fieldErrors ?? {}) : {});
        setStatus({ ok: false, text: refusalSentence(caught, t("errors.failed")) });
      }
    }, 350);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- changes() reads exactly these
  }, [key, branding, intro, language, memberId]);

  function choose(next: string) {
    setKey(next);
    setIntro(templates.find((x) => x.key === next)?.intro ?? "");
    setStatus(null);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    try {
      const answer = await apiFetch<{ template: TemplateItem; branding: Branding; markupRemoved: boolean }>(`/api/email/templates/${key}`, {
        method: "PUT",
        body: changes(),
      });
      setTemplates((list) => list.map((x) => (x.key === key ? answer.template : x)));
      setBranding(answer.branding);
      setIntro(answer.template.intro ?? "");
      setFieldErrors({});
      setStatus({ ok: true, text: answer.markupRemoved ? t("editor.savedCleaned") : t("editor.saved") });
    } catch (caught) {
      setFieldErrors(caught instanceof ApiError ? (caught.fieldErrors ?? {}) : {});
      setStatus({ ok: false, text: refusalSentence(caught, t("errors.failed")) });
    }
  }

  async function reset(everything: boolean) {
    setStatus(null);
    try {
      const answer = await apiFetch<{ template: TemplateItem; branding: Branding }>(`/api/email/templates/${key}${everything ? "?all=1" : ""}`, {
        method: "DELETE",
      });
      setTemplates((list) => list.map((x) => (x.key === key ? answer.template : x)));
      setBranding(answer.branding);
      setIntro("");
      setStatus({ ok: true, text: everything ? t("editor.resetAll") : t("editor.resetDone") });
    } catch (caught) {
      setStatus({ ok: false, text: refusalSentence(caught, t("errors.failed")) });
    }
  }

  async function sendTest() {
    setStatus(null);
    try {
      const answer = await apiFetch<{ sentTo: string }>(`/api/email/templates/${key}/test`, { method: "POST", body: { ...changes(), language } });
      setStatus({ ok: true, text: t("editor.testSent", { address: answer.sentTo }) });
    } catch (caught) {
      setStatus({ ok: false, text: refusalSentence(caught, t("errors.failed")) });
    }
  }

  const error = (field: string) =>
    fieldErrors[field]?.length ? (
      <p id={`${field}-error`} className="m-0 text-sm text-destructive">
        {fieldErrors[field]!.join(" ")}
      </p>
    ) : null;
  const described = (field: string) => (fieldErrors[field]?.length ? `${field}-error` : undefined);

  return (
    <section aria-labelledby="templates-heading" className="grid gap-4 rounded-lg border border-solid border-border bg-card p-4">
      <h2 id="templates-heading" className="m-0 text-lg">
        {t("editor.title")}
      </h2>
      <p className="m-0 text-sm text-muted-foreground">{t("editor.intro")}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        <form onSubmit={save} className="grid content-start gap-3" aria-describedby="email-fields-help">
          <div className="grid gap-1">
            <Label htmlFor="email-template">{t("editor.template")}</Label>
            <select
              id="email-template"
              value={key}
              onChange={(e) => choose(e.target.value)}
              className="h-10 rounded-md border border-solid border-input bg-background px-2"
            >
              {templates.map((x) => (
                <option key={x.key} value={x.key}>
                  {t(`template.${x.key}.name`)}
                  {x.customised ? ` · ${t("editor.customised")}` : ""}
                </option>
              ))}
            </select>
            <p className="m-0 text-sm text-muted-foreground">{t(`template.${key}.description`)}</p>
            {selected.security ? (
              <p role="note" className="m-0 rounded-md bg-muted p-2 text-sm">
                {t("editor.securityNote")}
              </p>
            ) : null}
          </div>
          {selected.security ? null : (
            <div className="grid gap-1">
              <Label htmlFor="email-family">{t("editor.familyName")}</Label>
              <Input
                id="email-family"
                value={branding.familyName ?? ""}
                onChange={(e) => setBranding({ ...branding, familyName: e.target.value })}
                aria-invalid={Boolean(fieldErrors.familyName)}
                aria-describedby={described("familyName")}
              />
              {error("familyName")}
            </div>
          )}
          <div className="grid gap-1">
            <Label htmlFor="email-greeting">{t("editor.greeting")}</Label>
            <Input
              id="email-greeting"
              value={branding.greeting ?? ""}
              placeholder={t("frame.greeting")}
              onChange={(e) => setBranding({ ...branding, greeting: e.target.value })}
              aria-invalid={Boolean(fieldErrors.greeting)}
              aria-describedby={described("greeting")}
            />
            {error("greeting")}
          </div>
          {selected.security ? null : (
            <>
              <div className="grid gap-1">
                <Label htmlFor="email-intro">{t("editor.introParagraph")}</Label>
                <textarea
                  id="email-intro"
                  className={area}
                  value={intro}
                  onChange={(e) => setIntro(e.target.value)}
                  aria-invalid={Boolean(fieldErrors.intro)}
                  aria-describedby={described("intro")}
                />
                {error("intro")}
              </div>
              <div className="grid gap-1">
                <Label htmlFor="email-signature">{t("editor.signature")}</Label>
                <textarea
                  id="email-signature"
                  className={area}
                  value={branding.signature ?? ""}
                  onChange={(e) => setBranding({ ...branding, signature: e.target.value })}
                  aria-invalid={Boolean(fieldErrors.signature)}
                  aria-describedby={described("signature")}
                />
                {error("signature")}
              </div>
              <fieldset className="m-0 grid gap-2 border-0 p-0">
                <legend className="mb-1 font-medium">{t("editor.colour")}</legend>
                <div className="flex flex-wrap gap-3">
                  {data.themes.map((theme) => (
                    <label key={theme.id} className="flex items-center gap-1">
                      <input
                        type="radio"
                        name="accent"
                        value={theme.id}
                        checked={branding.accentTheme === theme.id}
                        onChange={() => setBranding({ ...branding, accentTheme: theme.id })}
                      />
                      <span
                        aria-hidden="true"
                        className="inline-block h-4 w-4 rounded-full border border-solid border-border"
                        style={{ background: theme.colour }}
                      />
                      {t(`theme.${theme.id}`)}
                    </label>
                  ))}
                </div>
              </fieldset>
            </>
          )}
          <p id="email-fields-help" className="m-0 text-sm text-muted-foreground">
            {t("editor.fieldsHelp")} {data.fields.map((f) => `{{${f}}}`).join(", ")}. {selected.security ? "" : t("editor.markupHelp")}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit">{t("editor.save")}</Button>
            <Button type="button" variant="outline" onClick={() => void sendTest()}>
              {t("editor.test")}
            </Button>
            <Button type="button" variant="outline" onClick={() => void reset(false)}>
              {t("editor.reset")}
            </Button>
            <Button type="button" variant="ghost" onClick={() => void reset(true)}>
              {t("editor.resetEverything")}
            </Button>
          </div>
          {status ? (
            <p role={status.ok ? "status" : "alert"} className={`m-0 text-sm ${status.ok ? "" : "text-destructive"}`} data-testid="email-editor-status">
              {status.text}
            </p>
          ) : null}
        </form>
        <div className="grid content-start gap-2">
          <h3 className="m-0 text-base">{t("preview.title")}</h3>
          <div className="flex flex-wrap gap-3">
            <div className="grid gap-1 text-sm">
              <label htmlFor="email-preview-language">{t("preview.language")}</label>
              <select
                id="email-preview-language"
                value={language}
                onChange={(e) => setLanguage(e.target.value)}
                className="h-9 rounded-md border border-solid border-input bg-background px-2"
              >
                {data.languages.map((l) => (
                  <option key={l.code} value={l.code}>
                    {l.name}
                    {l.translated ? "" : ` (${t("preview.englishFallback")})`}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-1 text-sm">
              <label htmlFor="email-preview-member">{t("preview.member")}</label>
              <select
                id="email-preview-member"
                value={memberId}
                onChange={(e) => setMemberId(e.target.value)}
                className="h-9 rounded-md border border-solid border-input bg-background px-2"
              >
                <option value="">{t("preview.me")}</option>
                {data.members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            </div>
            <label className="flex items-center gap-1 self-end text-sm">
              <input type="checkbox" checked={showText} onChange={(e) => setShowText(e.target.checked)} />
              {t("preview.showText")}
            </label>
          </div>
          {preview ? (
            <div className="grid gap-1" aria-live="polite">
              <p className="m-0 text-sm">
                <span className="text-muted-foreground">{t("preview.subject")}</span> <strong data-testid="email-preview-subject">{preview.subject}</strong>
              </p>
              {preview.translated ? null : <p className="m-0 text-sm text-muted-foreground">{t("preview.notTranslated")}</p>}
              {showText ? (
                <pre
                  className="m-0 max-h-120 overflow-auto whitespace-pre-wrap rounded-md border border-solid border-border bg-background p-3 text-sm"
                  data-testid="email-preview-text"
                >
                  {preview.text}
                </pre>
              ) : (
                // Sandboxed without scripts: the mail is shown as a mail app would show it.
                <iframe
                  title={t("preview.frameTitle")}
                  sandbox=""
                  srcDoc={preview.html}
                  className="h-140 w-full rounded-md border border-solid border-border bg-white"
                  data-testid="email-preview-html"
                />
              )}
            </div>
          ) : (
            <p className="m-0 text-sm text-muted-foreground">{t("preview.loading")}</p>
          )}
        </div>
      </div>
    </section>
  );
}
