import { useRevalidator } from "@remix-run/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { ProgressBar } from "~/components/ui/progress";
import { NativeSelect } from "~/components/ui/select";
import { apiFetch, apiUpload, refusalSentence } from "~/platform/api-fetch";
import type { AccountSummary } from "../accounts.server";
import type { ImportPreview } from "../imports.server";
import type { DateFormat, GivenCsvMapping } from "../statements/types";
import { ImportPreviewTable } from "./import-preview-table";

interface Pending {
  key: string;
  file: File;
  progress: number | null;
  preview?: ImportPreview;
  error?: string;
  committed?: { imported: number; skipped: number };
}

/**
 * Statements in: drop or pick several files, watch each upload, check each preview (new, duplicate,
 * possible duplicate; a CSV's columns on its first import) and commit it. Nothing is in the books until
 * the person commits.
 */
export function StatementImport({ accounts }: { accounts: AccountSummary[] }) {
  const { t } = useTranslation("banking");
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? "");
  const [pending, setPending] = useState<Pending[]>([]);
  const [dragging, setDragging] = useState(false);
  const inputId = useId();
  const revalidator = useRevalidator();

  const update = (key: string, patch: Partial<Pending>) => setPending((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  const errorText = (error: unknown) => refusalSentence(error, t("import.failed"));

  async function upload(item: Pending, options: { mapping?: GivenCsvMapping; dateFormat?: DateFormat } = {}) {
    update(item.key, { progress: 0, error: undefined, preview: undefined });
    const form = new FormData();
    form.set("file", item.file);
    if (options.mapping) form.set("mapping", JSON.stringify(options.mapping));
    if (options.dateFormat) form.set("dateFormat", options.dateFormat);
    try {
      const preview = await apiUpload<ImportPreview & { success: true }>(`/api/banking/accounts/${accountId}/imports`, form, {
        onProgress: (progress) => update(item.key, { progress }),
      });
      update(item.key, { preview, progress: null });
    } catch (error) {
      update(item.key, { error: errorText(error), progress: null });
    }
  }

  async function addFiles(files: FileList | null) {
    if (!files?.length) return;
    const items = [...files].map((file, i) => ({ key: `${Date.now()}-${i}-${file.name}`, file, progress: 0 }) satisfies Pending);
    setPending((list) => [...items, ...list]);
    // One at a time: each preview is checked against what is already in the books.
    for (const item of items) await upload(item);
  }

  async function commit(item: Pending, overrides: Record<string, "import" | "skip">) {
    if (!item.preview) return;
    try {
      const result = await apiFetch<{ imported: number; skipped: number }>(`/api/banking/imports/${item.preview.importId}/commit`, {
        method: "POST",
        body: { overrides },
      });
      update(item.key, { committed: result, preview: undefined });
      revalidator.revalidate();
    } catch (error) {
      update(item.key, { error: errorText(error) });
    }
  }

  return (
    <section aria-labelledby="import-heading" className="grid gap-4 rounded-lg border border-solid border-border bg-card p-5">
      <h2 id="import-heading" className="m-0 text-lg">
        {t("import.heading")}
      </h2>
      <label className="grid max-w-sm gap-1.5 text-sm font-medium">
        {t("import.account")}
        <NativeSelect value={accountId} onChange={(e) => setAccountId(e.target.value)}>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {t("import.accountOption", { name: a.name, lastFour: a.lastFour })}
            </option>
          ))}
        </NativeSelect>
      </label>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          void addFiles(e.dataTransfer.files);
        }}
        data-dragging={dragging}
        className="grid place-items-center gap-2 rounded-lg border-2 border-dashed border-border p-6 text-center data-[dragging=true]:border-primary data-[dragging=true]:bg-muted"
      >
        <p className="m-0">{t("import.drop")}</p>
        <label htmlFor={inputId} className="cursor-pointer font-medium text-primary underline">
          {t("import.choose")}
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept=".ofx,.qfx,.csv,.xml,.txt,text/csv,application/xml,text/xml,application/x-ofx"
          className="sr-only"
          onChange={(e) => {
            void addFiles(e.target.files);
            e.target.value = "";
          }}
        />
        <p className="m-0 text-sm text-muted-foreground">{t("import.formats")}</p>
      </div>
      {pending.map((item) => (
        <article key={item.key} className="grid gap-3 rounded-md border border-solid border-border p-4" aria-label={item.file.name}>
          <h3 className="m-0 break-all text-base">{item.file.name}</h3>
          {item.progress !== null && !item.preview && !item.error ? (
            <>
              <ProgressBar value={item.progress} label={t("import.progress", { file: item.file.name })} />
              {item.progress >= 99 ? (
                <p className="m-0 text-sm text-muted-foreground" role="status">
                  {t("import.reading")}
                </p>
              ) : null}
            </>
          ) : null}
          {item.error ? <Banner kind="error">{item.error}</Banner> : null}
          {item.committed ? (
            <Banner kind="success">{t("import.committed", { imported: item.committed.imported, skipped: item.committed.skipped })}</Banner>
          ) : null}
          {item.preview ? (
            <ImportPreviewTable
              preview={item.preview}
              onRedo={(options) => void upload(item, options)}
              onCommit={(overrides) => void commit(item, overrides)}
              onDiscard={() => setPending((list) => list.filter((p) => p.key !== item.key))}
            />
          ) : null}
        </article>
      ))}
    </section>
  );
}
