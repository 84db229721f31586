import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { allocationTable } from "../allocation";
import { allocationsFormSchema } from "../form-schemas";
import { ActionBanner, useLastResult } from "./action-banner";

type Row = ReturnType<typeof allocationTable>[number];
const percent = (bp: number) => String(Math.round(bp) / 100);

/**
 * Principal and income: each category's share charged to (or credited to) income, by the Uniform Principal and Income
 * Act unless the trustee changed it because the instrument directs otherwise.
 */
export function AllocationPanel({ rows, canManage }: { rows: Row[]; canManage: boolean }) {
  const { t } = useTranslation(["finance", "banking"]);
  const [form, fields] = useForm({
    id: "finance-allocations",
    lastResult: useLastResult("allocations"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: allocationsFormSchema(t) }),
    shouldValidate: "onBlur",
  });
  const table = (
    <table className="w-full text-sm" data-testid="allocation-table">
      <caption className="sr-only">{t("allocation.caption")}</caption>
      <thead>
        <tr>
          <th scope="col" className="text-left">
            {t("allocation.category")}
          </th>
          <th scope="col" className="text-right">
            {t("allocation.income")}
          </th>
          <th scope="col" className="text-right">
            {t("allocation.principal")}
          </th>
          <th scope="col" className="text-left">
            {t("allocation.rule")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const field = (fields as Record<string, { id: string; name: string; errors?: string[]; errorId: string }>)[row.category];
          return (
            <tr key={row.category}>
              <th scope="row" className="text-left font-normal">
                {t(`category.${row.category}`, { ns: "banking" })}
              </th>
              <td className="text-right">
                {canManage ? (
                  <span className="inline-flex items-center gap-1">
                    <Input
                      id={field?.id}
                      name={row.category}
                      defaultValue={percent(row.incomeShareBp)}
                      inputMode="decimal"
                      className="w-20 text-right"
                      aria-label={t("allocation.incomeShareOf", { category: t(`category.${row.category}`, { ns: "banking" }) })}
                      aria-invalid={field?.errors ? true : undefined}
                    />
                    %
                  </span>
                ) : (
                  `${percent(row.incomeShareBp)}%`
                )}
                {field?.errors ? <span className="block text-destructive">{field.errors[0]}</span> : null}
              </td>
              <td className="text-right tabular-nums">{percent(10_000 - row.incomeShareBp)}%</td>
              <td className="text-left text-muted-foreground">
                {row.isDefault ? row.citation : t("allocation.changed", { default: percent(row.defaultIncomeShareBp), citation: row.citation })}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
  return (
    <section
      aria-labelledby="allocation-heading"
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border border-solid border-border bg-card p-5"
    >
      <h2 id="allocation-heading" className="m-0 text-lg">
        {t("allocation.heading")}
      </h2>
      <p className="m-0 text-sm text-muted-foreground">{t("allocation.help")}</p>
      <ActionBanner intents={["allocations"]} />
      {canManage ? (
        <Form method="post" {...getFormProps(form)} className="grid gap-3">
          <input type="hidden" name="intent" value="allocations" />
          <div className="overflow-x-auto">{table}</div>
          <div>
            <Button type="submit" variant="outline">
              {t("allocation.save")}
            </Button>
          </div>
        </Form>
      ) : (
        <div className="overflow-x-auto">{table}</div>
      )}
    </section>
  );
}
