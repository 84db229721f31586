import { Form, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

export const AUDIT_OUTCOMES = ["success", "failure", "denied"] as const;

const control = "w-full min-w-0 rounded-md border border-solid border-input bg-background p-1.5";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="grid min-w-0 gap-1 text-sm">
      {label}
      {children}
    </label>
  );
}

/** The audit page's filters (a GET form: the query string is the filter) and its two exports. */
export function AuditFilters({ people }: { people: { id: string; name: string }[] }) {
  const { t } = useTranslation("compliance");
  const [params] = useSearchParams();
  const value = (name: string) => params.get(name) ?? "";
  const exportHref = `/api/audit/entries?${new URLSearchParams([...params.entries(), ["format", "csv"]]).toString()}`;
  // A bundle is a contiguous run of the chain: only the period applies to it.
  const period = [...params.entries()].filter(([name, v]) => (name === "from" || name === "to") && v);
  const bundleHref = `/api/audit/entries?${new URLSearchParams([...period, ["format", "bundle"]]).toString()}`;
  const choices = (name: string, anyLabel: string, options: { value: string; label: string }[]) => (
    <select name={name} defaultValue={value(name)} className={control}>
      <option value="">{anyLabel}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  return (
    <Form method="get" className="grid gap-2 sm:grid-cols-3 lg:grid-cols-7" aria-label={t("audit.filters")}>
      <Field label={t("audit.person")}>
        {choices(
          "actor",
          t("audit.anyone"),
          people.map((p) => ({ value: p.id, label: p.name })),
        )}
      </Field>
      <Field label={t("audit.action")}>
        <input name="action" defaultValue={value("action")} placeholder="document." className={control} />
      </Field>
      <Field label={t("audit.target")}>
        <input name="target" defaultValue={value("target")} className={control} />
      </Field>
      <Field label={t("audit.outcome")}>
        {choices(
          "outcome",
          t("audit.any"),
          AUDIT_OUTCOMES.map((o) => ({ value: o, label: t(`audit.outcomes.${o}`) })),
        )}
      </Field>
      <Field label={t("audit.from")}>
        <input name="from" type="date" defaultValue={value("from")} className={control} />
      </Field>
      <Field label={t("audit.to")}>
        <input name="to" type="date" defaultValue={value("to")} className={control} />
      </Field>
      <div className="flex flex-wrap items-end gap-2">
        <Button type="submit" size="sm">
          {t("audit.filter")}
        </Button>
        <a href={exportHref} className="text-sm" download>
          {t("audit.exportCsv")}
        </a>
        <a href={bundleHref} className="text-sm" download title={t("audit.bundleHint")} data-testid="audit-bundle-link">
          {t("audit.exportBundle")}
        </a>
      </div>
    </Form>
  );
}
