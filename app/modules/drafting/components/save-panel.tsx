import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { DocumentTypeOptions } from "~/modules/documents/components/document-type";
import { type SaveTarget } from "../client";
import { type DraftFormat, NOTE_MAX, TITLE_MAX } from "../validation";

/** What the drafting page is doing, if anything: every button waits for it. */
export type Busy = null | "docx" | "pdf" | "save" | "ai";

export function SavePanel({
  canSave,
  editable,
  busy,
  defaultTitle,
  onSave,
}: {
  canSave: boolean;
  editable: { id: string; title: string }[];
  busy: Busy;
  defaultTitle: string;
  onSave: (format: DraftFormat, target: SaveTarget) => void;
}) {
  const { t } = useTranslation("drafting");
  const id = useId();
  const [kind, setKind] = useState<"document" | "version">("document");
  const [format, setFormat] = useState<DraftFormat>("docx");
  const [title, setTitle] = useState("");
  const [type, setType] = useState("");
  const [documentId, setDocumentId] = useState(editable[0]?.id ?? "");
  const [note, setNote] = useState("");

  if (!canSave) {
    return (
      <p className="m-0 rounded-lg border border-solid border-border bg-card p-4 text-sm text-muted-foreground" data-testid="save-not-allowed">
        {t("save.notAllowed")}
      </p>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kind === "version" && !documentId) return;
    onSave(
      format,
      kind === "document" ? { kind, title: title.trim() || undefined, type: type || undefined } : { kind, documentId, note: note.trim() || undefined },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4"
      aria-labelledby={`${id}-title`}
      data-testid="save-draft"
    >
      <h2 id={`${id}-title`} className="m-0 text-base">
        {t("save.title")}
      </h2>
      <p className="m-0 text-xs text-muted-foreground">{t("save.explain")}</p>
      <fieldset className="m-0 flex flex-wrap gap-4 border-none p-0" disabled={busy !== null}>
        <legend className="sr-only">{t("save.as")}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="save-kind" checked={kind === "document"} onChange={() => setKind("document")} className="h-4 w-4" />
          {t("save.newDocument")}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="save-kind"
            checked={kind === "version"}
            disabled={editable.length === 0}
            onChange={() => setKind("version")}
            className="h-4 w-4"
          />
          {t("save.newVersion")}
        </label>
      </fieldset>
      {editable.length === 0 ? <p className="m-0 text-xs text-muted-foreground">{t("save.noEditable")}</p> : null}
      {kind === "document" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1">
            <label htmlFor={`${id}-doc-title`} className="text-sm">
              {t("save.documentTitle")}
            </label>
            <Input
              id={`${id}-doc-title`}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              maxLength={TITLE_MAX}
              placeholder={defaultTitle}
              disabled={busy !== null}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${id}-type`} className="text-sm">
              {t("save.type")}
            </label>
            <NativeSelect id={`${id}-type`} value={type} onChange={(event) => setType(event.target.value)} disabled={busy !== null}>
              <DocumentTypeOptions emptyLabel={t("save.typeAuto")} />
            </NativeSelect>
          </div>
        </div>
      ) : (
        <div className="grid gap-3">
          <div className="grid gap-1">
            <label htmlFor={`${id}-document`} className="text-sm">
              {t("save.document")}
            </label>
            <NativeSelect id={`${id}-document`} value={documentId} onChange={(event) => setDocumentId(event.target.value)} disabled={busy !== null}>
              {editable.map((doc) => (
                <option key={doc.id} value={doc.id}>
                  {doc.title}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${id}-note`} className="text-sm">
              {t("save.note")}
            </label>
            <Input id={`${id}-note`} value={note} onChange={(event) => setNote(event.target.value)} maxLength={NOTE_MAX} disabled={busy !== null} />
          </div>
        </div>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor={`${id}-format`} className="text-sm">
            {t("save.format")}
          </label>
          <NativeSelect id={`${id}-format`} value={format} onChange={(event) => setFormat(event.target.value as DraftFormat)} disabled={busy !== null}>
            <option value="docx">{t("format.docx")}</option>
            <option value="pdf">{t("format.pdf")}</option>
          </NativeSelect>
        </div>
        <Button type="submit" disabled={busy !== null || (kind === "version" && !documentId)}>
          {busy === "save" ? t("save.working") : t("save.button")}
        </Button>
      </div>
    </form>
  );
}
