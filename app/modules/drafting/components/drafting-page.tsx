import { Form, Link } from "@remix-run/react";
import { useId, useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { useAnnouncer } from "~/modules/a11y/announcer";
import { DraftingError, downloadDraft, draftWithAi, saveDraft, toFormValues, type SaveTarget, type SavedDraft } from "../client";
import { type DraftValues, FIELDS, type FieldId, type FieldSpec, isFieldId } from "../fields";
import type { AnalysedDocument, FactSources } from "../prefill";
import { draftToPlainText, lateNoticeDays, renderDraft, TEMPLATE_IDS, TEMPLATES, type TemplateId } from "../templates";
import { AI_REQUEST_MAX, type DraftFormat, draftErrors } from "../validation";
import { unsupportedInPdf } from "../winansi";
import { DraftPreview } from "./draft-preview";
import { type Busy, SavePanel } from "./save-panel";

export interface DraftingPageProps {
  prefill: Record<TemplateId, DraftValues>;
  people: string[];
  sources: FactSources;
  analysed: AnalysedDocument[];
  initialTemplate: TemplateId;
  canSave: boolean;
  editable: { id: string; title: string }[];
  ai: { engine: string; model: string } | null;
  /** `?prefill=`: where one template's values came from (`label`), or null when that record could not be used. */
  external?: { param: string; label: string | null; tz: string | null } | null;
}

type Message = { kind: "success" | "error"; text: string; saved?: SavedDraft };

const textareaClass =
  "box-border w-full rounded-md border border-solid border-input bg-card px-3 py-2 font-sans text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive";

function formValuesOf(prefill: Record<TemplateId, DraftValues>) {
  return Object.fromEntries(TEMPLATE_IDS.map((id) => [id, toFormValues(prefill[id])])) as Record<TemplateId, Record<string, string>>;
}

/**
 * /document-drafting: pick a template, see it pre-filled from the workspace and its analyses,
 * change any field with the preview following, then download DOCX or PDF or save it into the
 * documents. "Draft with AI" fills the fields from a plain-language request when a model is set up.
 */
export function DraftingPage({ prefill, people, sources, analysed, initialTemplate, canSave, editable, ai, external }: DraftingPageProps) {
  const { t } = useTranslation("drafting");
  const { announceError, announceSuccess } = useAnnouncer();
  const id = useId();
  const [template, setTemplate] = useState<TemplateId>(initialTemplate);
  const [valuesBy, setValuesBy] = useState(() => formValuesOf(prefill));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [attempted, setAttempted] = useState<Set<TemplateId>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldId, string>>>({});
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [aiRequest, setAiRequest] = useState("");
  const formRef = useRef<HTMLFormElement>(null);

  const definition = TEMPLATES[template];
  const values = valuesBy[template];
  const errors = useMemo(() => ({ ...draftErrors(template, values, t), ...serverErrors }), [template, values, t, serverErrors]);
  const draft = useMemo(() => renderDraft(template, values), [template, values]);
  const pdfCharacters = useMemo(() => unsupportedInPdf(draftToPlainText(draft)), [draft]);
  const lateDays = template === "notice" ? lateNoticeDays(values) : null;
  const invalid = Object.keys(errors).length > 0;
  const showError = (field: FieldId) => (attempted.has(template) || touched.has(`${template}.${field}`) ? errors[field] : undefined);

  const setField = (field: FieldId, value: string) => {
    setValuesBy((all) => ({ ...all, [template]: { ...all[template], [field]: value } }));
    if (serverErrors[field]) setServerErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const touch = (field: FieldId) => setTouched((all) => new Set(all).add(`${template}.${field}`));

  const chooseTemplate = (next: TemplateId) => {
    setTemplate(next);
    setServerErrors({});
    setMessage(null);
  };

  const resetFields = () => {
    setValuesBy((all) => ({ ...all, [template]: toFormValues(prefill[template]) }));
    setTouched(new Set());
    setAttempted((all) => {
      const next = new Set(all);
      next.delete(template);
      return next;
    });
    setServerErrors({});
    setMessage(null);
  };

  /** Shows every problem and moves focus to the first; false when the draft cannot go out yet. */
  const ready = () => {
    if (!invalid) return true;
    setAttempted((all) => new Set(all).add(template));
    const first = definition.fields.find((f) => errors[f.id]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first.id}"]`)?.focus();
    const labels = definition.fields.filter((f) => errors[f.id]).map((f) => t(`field.${f.id}`));
    const text = t("errors.fixFields", { fields: labels.join(", ") });
    setMessage({ kind: "error", text });
    announceError(text);
    return false;
  };

  const fail = (error: unknown, fallback: string) => {
    const text = error instanceof Error && error.message ? error.message : fallback;
    if (error instanceof DraftingError && Object.keys(error.fieldErrors).length) {
      setServerErrors(error.fieldErrors);
      setAttempted((all) => new Set(all).add(template));
    }
    setMessage({ kind: "error", text });
    announceError(text);
  };

  const download = async (format: DraftFormat) => {
    if (busy || !ready()) return;
    setBusy(format);
    setMessage(null);
    try {
      const name = await downloadDraft(template, format, values, t("errors.exportFailed"));
      const text = t("export.done", { name });
      setMessage({ kind: "success", text });
      announceSuccess(text);
    } catch (error) {
      fail(error, t("errors.exportFailed"));
    } finally {
      setBusy(null);
    }
  };

  const save = async (format: DraftFormat, target: SaveTarget) => {
    if (busy || !ready()) return;
    setBusy("save");
    setMessage(null);
    try {
      const saved = await saveDraft(template, format, values, target, t("errors.saveFailed"));
      const text = saved.kind === "document" ? t("save.savedDocument", { title: saved.title }) : t("save.savedVersion", { number: saved.versionNumber });
      setMessage({ kind: "success", text, saved });
      announceSuccess(text);
    } catch (error) {
      fail(error, t("errors.saveFailed"));
    } finally {
      setBusy(null);
    }
  };

  const fillWithAi = async (event: FormEvent) => {
    event.preventDefault();
    if (!ai || busy || aiRequest.trim().length < 3) return;
    setBusy("ai");
    setMessage(null);
    try {
      const { fields, ignored } = await draftWithAi(template, aiRequest.trim(), values, t("errors.aiFailed", { reason: "" }).trim());
      const filled = Object.keys(fields).filter(isFieldId);
      setValuesBy((all) => ({ ...all, [template]: { ...all[template], ...toFormValues(fields) } }));
      setTouched((all) => new Set([...all, ...filled.map((f) => `${template}.${f}`)]));
      const labels = filled.map((f) => t(`field.${f}`)).join(", ");
      const text = `${t("ai.filled", { count: filled.length, fields: labels })}${ignored.length ? ` ${t("ai.ignored", { count: ignored.length })}` : ""}`;
      setMessage({ kind: "success", text });
      announceSuccess(text);
    } catch (error) {
      fail(error, t("errors.aiFailed", { reason: "" }).trim());
    } finally {
      setBusy(null);
    }
  };

  const fieldControl = (field: FieldId, required: boolean) => {
    const spec: FieldSpec = FIELDS[field];
    const controlId = `${id}-${field}`;
    const error = showError(field);
    const describedBy = [spec.hint ? `${controlId}-hint` : null, error ? `${controlId}-error` : null].filter(Boolean).join(" ") || undefined;
    const common = {
      id: controlId,
      name: field,
      value: values[field] ?? "",
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy,
      "aria-required": required || undefined,
      onBlur: () => touch(field),
      disabled: busy === "ai",
    };
    let control;
    if (spec.kind === "textarea" || spec.kind === "list") {
      control = (
        <textarea {...common} rows={spec.kind === "list" ? 3 : 4} className={textareaClass} onChange={(event) => setField(field, event.target.value)} />
      );
    } else if (spec.kind === "select") {
      control = (
        <NativeSelect {...common} onChange={(event) => setField(field, event.target.value)}>
          {!required ? <option value="">{t("option.none")}</option> : null}
          {(spec.options ?? []).map((option) => (
            <option key={option} value={option}>
              {t(`option.${field}.${option}`, { defaultValue: option })}
            </option>
          ))}
        </NativeSelect>
      );
    } else {
      control = (
        <Input
          {...common}
          type={spec.kind === "date" ? "date" : "text"}
          inputMode={spec.kind === "amount" ? "decimal" : undefined}
          list={spec.people ? `${id}-people` : undefined}
          maxLength={spec.max + 50}
          onChange={(event) => setField(field, event.target.value)}
        />
      );
    }
    return (
      <div key={field} className="grid gap-1" data-testid={`field-${field}`}>
        <label htmlFor={controlId} className="text-sm font-medium">
          {t(`field.${field}`)}
          {required ? <span aria-hidden="true"> *</span> : <span className="font-normal text-muted-foreground"> {t("optional")}</span>}
        </label>
        {spec.hint || spec.kind === "list" ? (
          <p id={`${controlId}-hint`} className="m-0 text-xs text-muted-foreground">
            {[spec.hint ? t(`hint.${field}`) : null, spec.kind === "list" ? t("onePerLine") : null].filter(Boolean).join(" ")}
          </p>
        ) : null}
        {control}
        {error ? (
          <p id={`${controlId}-error`} className="m-0 text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section className="grid grid-cols-1 gap-5" aria-labelledby={`${id}-title`}>
      <header className="grid gap-2">
        <h1 id={`${id}-title`} className="m-0 text-2xl">
          {t("title")}
        </h1>
        <p className="m-0 text-muted-foreground">{t("intro")}</p>
        <p className="m-0 text-sm text-muted-foreground">{t("disclaimer")}</p>
      </header>

      <fieldset className="m-0 grid min-w-0 gap-2 border-none p-0 sm:grid-cols-2 lg:grid-cols-5">
        <legend className="mb-2 p-0 text-sm font-medium">{t("chooseTemplate")}</legend>
        {TEMPLATE_IDS.map((templateId) => (
          <label
            key={templateId}
            className="flex cursor-pointer flex-col gap-1 rounded-lg border-2 border-solid border-border bg-card p-3 text-sm has-[:checked]:border-primary"
            data-testid={`template-${templateId}`}
          >
            <span className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                name="template"
                value={templateId}
                checked={template === templateId}
                onChange={() => chooseTemplate(templateId)}
                className="h-4 w-4"
              />
              {t(`template.${templateId}.name`)}
            </span>
            <span className="text-xs text-muted-foreground">{t(`template.${templateId}.description`)}</span>
            <span className="text-xs text-muted-foreground">{TEMPLATES[templateId].reference}</span>
          </label>
        ))}
      </fieldset>

      <div className="grid gap-2 rounded-lg border border-solid border-border bg-card p-4 text-sm" data-testid="prefill-sources">
        <p className="m-0">
          {sources.document
            ? t("sources.withDocument", {
                workspace: sources.workspace,
                document: sources.document.title,
                engine: t(`engine.${sources.document.engine}`, { defaultValue: sources.document.engine }),
              })
            : t("sources.workspaceOnly", { workspace: sources.workspace })}
        </p>
        {sources.amendments.length ? (
          <p className="m-0" data-testid="prefill-amendments">
            {t("sources.asAmended", {
              count: sources.amendments.length,
              amendments: sources.amendments.map((a) => a.title).join("; "),
            })}
          </p>
        ) : null}
        {external ? (
          <p className="m-0" data-testid="prefill-external" role={external.label ? undefined : "status"}>
            {external.label ?? t("sources.prefillUnavailable")}
          </p>
        ) : null}
        {analysed.length > 1 ? (
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="template" value={template} />
            {/* Another analysed document keeps the record's values and their time zone. */}
            {external?.label ? <input type="hidden" name="prefill" value={external.param} /> : null}
            {external?.label && external.tz ? <input type="hidden" name="tz" value={external.tz} /> : null}
            <div className="grid gap-1">
              <label htmlFor={`${id}-from`} className="text-xs font-medium">
                {t("sources.choose")}
              </label>
              <NativeSelect id={`${id}-from`} name="from" defaultValue={sources.document?.id ?? ""}>
                {analysed.map((doc) => (
                  <option key={doc.id} value={doc.id}>
                    {doc.title}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button type="submit" size="sm" variant="outline">
              {t("sources.use")}
            </Button>
          </Form>
        ) : null}
      </div>

      <section aria-labelledby={`${id}-ai`} className="grid gap-2 rounded-lg border border-solid border-border bg-card p-4" data-testid="draft-with-ai">
        <h2 id={`${id}-ai`} className="m-0 text-base">
          {t("ai.title")}
        </h2>
        {ai ? (
          <form onSubmit={fillWithAi} className="grid gap-2">
            <label htmlFor={`${id}-ai-request`} className="text-sm">
              {t("ai.label")}
            </label>
            <textarea
              id={`${id}-ai-request`}
              value={aiRequest}
              onChange={(event) => setAiRequest(event.target.value)}
              rows={2}
              maxLength={AI_REQUEST_MAX}
              className={textareaClass}
              placeholder={t(`ai.placeholder.${template}`)}
              disabled={busy !== null}
            />
            <p className="m-0 text-xs text-muted-foreground">
              {t("ai.privacy", { engine: t(`engine.${ai.engine}`, { defaultValue: ai.engine }), model: ai.model })}
            </p>
            <div>
              <Button type="submit" disabled={busy !== null || aiRequest.trim().length < 3}>
                {busy === "ai" ? t("ai.working") : t("ai.button")}
              </Button>
            </div>
          </form>
        ) : (
          <>
            <p className="m-0 text-sm text-muted-foreground" id={`${id}-ai-off`} data-testid="ai-unavailable">
              {t("ai.unavailable")}
            </p>
            <div>
              <Button type="button" disabled aria-describedby={`${id}-ai-off`}>
                {t("ai.button")}
              </Button>
            </div>
          </>
        )}
      </section>

      {message ? (
        <div data-testid="drafting-message">
          <Banner kind={message.kind}>
            {message.text}{" "}
            {message.saved ? (
              <Link to={`/documents/${message.saved.documentId}`} className="text-link">
                {t("save.open")}
              </Link>
            ) : null}
          </Banner>
        </div>
      ) : null}

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <form ref={formRef} noValidate onSubmit={(event) => event.preventDefault()} aria-labelledby={`${id}-fields`} className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`${id}-fields`} className="m-0 text-lg">
              {t("fields", { template: t(`template.${template}.name`) })}
            </h2>
            <Button type="button" variant="ghost" size="sm" onClick={resetFields} disabled={busy !== null}>
              {t("reset")}
            </Button>
          </div>
          <p className="m-0 text-xs text-muted-foreground">{t("requiredNote")}</p>
          {definition.fields.map((field) => fieldControl(field.id, !!field.required))}
          <datalist id={`${id}-people`}>
            {people.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </form>

        <div className="grid gap-4 lg:sticky lg:top-4">
          <h2 className="m-0 text-lg">{t("preview")}</h2>
          {lateDays ? (
            <p className="m-0 rounded-md bg-warning-soft px-3 py-2 text-sm text-warning-soft-foreground" data-testid="late-notice">
              {t("warnings.lateNotice", { days: lateDays })}
            </p>
          ) : null}
          <DraftPreview draft={draft} label={t("previewLabel", { template: t(`template.${template}.name`) })} />
          <div className="grid gap-2">
            <div className="flex flex-wrap gap-2">
              <Button type="button" onClick={() => download("docx")} disabled={busy !== null}>
                {busy === "docx" ? t("export.working") : t("export.docx")}
              </Button>
              <Button type="button" variant="outline" onClick={() => download("pdf")} disabled={busy !== null}>
                {busy === "pdf" ? t("export.working") : t("export.pdf")}
              </Button>
            </div>
            {pdfCharacters.length ? (
              <p className="m-0 text-xs text-muted-foreground" data-testid="pdf-characters">
                {t("warnings.pdfCharacters", { characters: pdfCharacters.slice(0, 12).join(" ") })}
              </p>
            ) : null}
          </div>
          <SavePanel
            canSave={canSave}
            editable={editable}
            busy={busy}
            defaultTitle={`${definition.documentTitle}${values.trustName ? ` — ${values.trustName}` : ""}`}
            onSave={save}
          />
        </div>
      </div>
    </section>
  );
}
