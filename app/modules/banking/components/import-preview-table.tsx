import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { useLanguage } from "~/modules/preferences/display";
import type { ImportPreview } from "../imports.server";
import { formatMinor } from "../money";
import type { CsvMapping, DateFormat, GivenCsvMapping } from "../statements/types";

/** Rows drawn at once: a 10,000-row statement is summarised, and its first rows shown for checking. */
const SHOWN_ROWS = 200;
const COLUMN_ROLES = ["date", "description", "amount", "debit", "credit", "reference", "balance", "payee", "counterpartyAccount"] as const;

/** The columns the person chose, with dates and decimals left for the data to tell (the draft only guessed them). */
function readFromData({ dateFormat: _dateFormat, decimal: _decimal, ...chosen }: CsvMapping): GivenCsvMapping {
  return chosen;
}

/**
 * One statement's preview: each row new, a duplicate or a possible duplicate, with a tick the person can
 * change; for a CSV, the columns it was read with, which the person can correct and read again.
 */
export function ImportPreviewTable({
  preview,
  onRedo,
  onCommit,
  onDiscard,
}: {
  preview: ImportPreview;
  onRedo: (options: { mapping?: GivenCsvMapping; dateFormat?: DateFormat }) => void;
  onCommit: (overrides: Record<string, "import" | "skip">) => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation("banking");
  const { language } = useLanguage();
  const [overrides, setOverrides] = useState<Record<string, "import" | "skip">>({});
  const [mapping, setMapping] = useState<CsvMapping | undefined>(preview.proposedMapping);
  const counts = useMemo(() => {
    const c = { new: 0, duplicate: 0, possible_duplicate: 0, locked: 0 };
    for (const row of preview.rows) c[row.state] += 1;
    return c;
  }, [preview.rows]);
  // A row in a locked period is never imported: the server refuses it whatever is sent.
  const willImport = (index: number) =>
    preview.rows[index].state === "locked" ? "skip" : (overrides[String(index)] ?? (preview.rows[index].state === "new" ? "import" : "skip"));
  const lockedRefusal = preview.rows.find((row) => row.state === "locked")?.refusal;

  if (preview.ambiguousDateFormats?.length) {
    return (
      <div className="grid gap-2" role="group" aria-labelledby={`dates-${preview.importId}`}>
        <p id={`dates-${preview.importId}`} className="m-0">
          {t("import.ambiguousDates")}
        </p>
        <div className="flex flex-wrap gap-2">
          {preview.ambiguousDateFormats.map((format) => (
            <Button key={format} variant="outline" onClick={() => onRedo({ mapping, dateFormat: format })}>
              {t(`dateFormat.${format}`)}
            </Button>
          ))}
        </div>
      </div>
    );
  }

  const headers = preview.csvHeaders ?? Object.values(mapping?.columns ?? {}).filter((v): v is string => Boolean(v));
  const mappingFields = mapping ? (
    <fieldset className="grid gap-2 rounded-md border border-solid border-border p-3">
      <legend className="px-1 text-sm font-medium">{t("import.mappingLegend")}</legend>
      <p className="m-0 text-sm text-muted-foreground">{t("import.mappingHelp")}</p>
      <div className="grid gap-2 sm:grid-cols-4">
        {COLUMN_ROLES.map((role) => (
          <label key={role} className="grid gap-1 text-sm">
            {t(`mapping.${role}`)}
            <NativeSelect
              value={mapping.columns[role] ?? ""}
              onChange={(e) => setMapping({ ...mapping, columns: { ...mapping.columns, [role]: e.target.value || undefined } })}
            >
              <option value="">{t("mapping.none")}</option>
              {headers.map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
            </NativeSelect>
          </label>
        ))}
      </div>
      <Button variant="outline" className="justify-self-start" onClick={() => onRedo({ mapping: preview.needsMapping ? readFromData(mapping) : mapping })}>
        {t("import.readAgain")}
      </Button>
    </fieldset>
  ) : null;
  const complete = Boolean(mapping?.columns.date && mapping.columns.description && (mapping.columns.amount || mapping.columns.debit || mapping.columns.credit));

  if (preview.needsMapping) {
    return (
      <div className="grid gap-3">
        <p className="m-0 text-sm" role="status">
          {t("import.needsMapping")}
        </p>
        {mappingFields}
        {!complete ? <p className="m-0 text-sm text-muted-foreground">{t("import.needsMappingHint")}</p> : null}
        <div>
          <Button variant="outline" onClick={onDiscard}>
            {t("import.discard")}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-3">
      <p className="m-0 text-sm" role="status">
        {t("import.summary", {
          format: t(`format.${preview.format}`),
          total: preview.rows.length,
          fresh: counts.new,
          duplicates: counts.duplicate,
          possible: counts.possible_duplicate,
        })}
      </p>
      {counts.locked > 0 ? (
        <p className="m-0 rounded-md border border-solid border-border p-2 text-sm" data-testid="import-locked-rows">
          {t("import.lockedRows", { count: counts.locked })} {lockedRefusal}
        </p>
      ) : null}
      {preview.ledgerBalanceMinor != null ? (
        <p className="m-0 text-sm">
          {t("import.ledgerBalance", {
            amount: formatMinor(preview.ledgerBalanceMinor, preview.rows[0]?.currency ?? "USD", language),
            date: preview.ledgerBalanceOn,
          })}
        </p>
      ) : null}
      {mappingFields}
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{t("import.tableCaption")}</caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className="p-2">
                {t("import.colImport")}
              </th>
              <th scope="col" className="p-2">
                {t("import.colDate")}
              </th>
              <th scope="col" className="p-2">
                {t("import.colDescription")}
              </th>
              <th scope="col" className="p-2 text-right">
                {t("import.colAmount")}
              </th>
              <th scope="col" className="p-2">
                {t("import.colState")}
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.slice(0, SHOWN_ROWS).map((row, index) => (
              <tr key={index} className="border-0 border-t border-solid border-border" data-state={row.state}>
                <td className="p-2">
                  <input
                    type="checkbox"
                    checked={willImport(index) === "import"}
                    disabled={row.state === "locked"}
                    aria-label={t("import.rowToggle", { description: row.description, date: row.postedOn })}
                    onChange={(e) => setOverrides({ ...overrides, [String(index)]: e.target.checked ? "import" : "skip" })}
                  />
                </td>
                <td className="whitespace-nowrap p-2 tabular-nums">{row.postedOn}</td>
                <td className="p-2">{row.description}</td>
                <td className="whitespace-nowrap p-2 text-right tabular-nums">{formatMinor(row.amountMinor, row.currency, language)}</td>
                <td className="p-2" title={row.refusal}>
                  {t(`rowState.${row.state}`)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.rows.length > SHOWN_ROWS ? (
        <p className="m-0 text-sm text-muted-foreground">{t("import.moreRows", { count: preview.rows.length - SHOWN_ROWS })}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onCommit(overrides)}>{t("import.commit", { count: preview.rows.filter((_, i) => willImport(i) === "import").length })}</Button>
        <Button variant="outline" onClick={onDiscard}>
          {t("import.discard")}
        </Button>
      </div>
    </div>
  );
}
