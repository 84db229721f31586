import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { formatMinor } from "~/modules/banking/money";
import { useLanguage } from "~/modules/preferences/display";
import { safeHarbourFormSchema } from "../form-schemas";
import { useTaxAnswer } from "./answer";

/** The estimated-tax helper: the lesser of 90% of this year's tax and 100% (110%) of last year's, in four payments. */
export function SafeHarbourPanel() {
  const { t } = useTranslation("tax");
  const { language } = useLanguage();
  const answer = useTaxAnswer(["safe-harbour"]);
  const [form, fields] = useForm({
    id: "safe-harbour",
    lastResult: answer?.result as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: safeHarbourFormSchema(t) }),
    shouldValidate: "onBlur",
  });
  const money = (minor: number) => formatMinor(minor, "USD", language);
  const harbour = answer?.harbour;
  return (
    <section aria-labelledby="safe-harbour-heading" className="grid grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border border-solid border-border bg-card p-5">
      <h2 id="safe-harbour-heading" className="m-0 text-lg">
        {t("harbour.heading")}
      </h2>
      <p className="m-0 text-sm text-muted-foreground">{t("harbour.help")}</p>
      <Form method="post" {...getFormProps(form)} className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-3 [&>*]:min-w-0">
        <input type="hidden" name="intent" value="safe-harbour" />
        <FormField id={fields.currentYearTax.id} errorId={fields.currentYearTax.errorId} label={t("harbour.current")} errors={fields.currentYearTax.errors}>
          <Input {...getInputProps(fields.currentYearTax, { type: "text" })} key={fields.currentYearTax.key} inputMode="decimal" />
        </FormField>
        <FormField id={fields.priorYearTax.id} errorId={fields.priorYearTax.errorId} label={t("harbour.prior")} errors={fields.priorYearTax.errors}>
          <Input {...getInputProps(fields.priorYearTax, { type: "text" })} key={fields.priorYearTax.key} inputMode="decimal" />
        </FormField>
        <FormField id={fields.priorYearAgi.id} errorId={fields.priorYearAgi.errorId} label={t("harbour.agi")} errors={fields.priorYearAgi.errors}>
          <Input {...getInputProps(fields.priorYearAgi, { type: "text" })} key={fields.priorYearAgi.key} inputMode="decimal" />
        </FormField>
        <div className="sm:col-span-3">
          <Button type="submit" variant="outline">
            {t("harbour.compute")}
          </Button>
        </div>
      </Form>
      {harbour ? (
        <p role="status" className="m-0" data-testid="harbour-result">
          {t(`harbour.result.${harbour.basis}`, { total: money(harbour.requiredAnnualMinor), each: money(harbour.installmentsMinor[0]) })}
        </p>
      ) : null}
    </section>
  );
}
