import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/modules/preferences/display";
import { sendAccountingFormSchema } from "../form-schemas";
import type { FinancialPageData } from "../page.server";
import { AccountingPeriodFields } from "./accounting-period-fields";
import { ActionBanner, useLastResult } from "./action-banner";
import { dayIn } from "./money";

/** "Save and send": the accounting saved into the documents, shared with and sent to the ticked beneficiaries. */
export function SendAccounting({
  from,
  to,
  jurisdiction,
  qualified,
}: {
  from: string;
  to: string;
  jurisdiction: string;
  qualified: FinancialPageData["qualified"];
}) {
  const { t } = useTranslation("finance");
  const [form, fields] = useForm({
    id: "send-accounting",
    lastResult: useLastResult("send-accounting"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sendAccountingFormSchema(t) }),
    shouldValidate: "onBlur",
  });
  return (
    <section aria-labelledby="send-accounting-heading" className="grid grid-cols-[minmax(0,1fr)] gap-3 border-0 border-t border-solid border-border pt-4">
      <h3 id="send-accounting-heading" className="m-0 text-base">
        {t("accounting.sendHeading")}
      </h3>
      <ActionBanner intents={["send-accounting"]} />
      {qualified.length === 0 ? (
        <p className="m-0 text-sm text-muted-foreground">{t("errors.noQualified")}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-4 [&>*]:min-w-0">
          <input type="hidden" name="intent" value="send-accounting" />
          <AccountingPeriodFields
            idPrefix="send-accounting"
            from={from}
            to={to}
            jurisdiction={jurisdiction}
            toError={fields.to.errors ? { id: fields.to.errorId, message: fields.to.errors[0] } : undefined}
          />
          <fieldset className="m-0 grid gap-1 border-0 p-0 sm:col-span-4" aria-describedby={fields.recipients.errors ? fields.recipients.errorId : undefined}>
            <legend className="text-sm font-medium">{t("accounting.recipients")}</legend>
            {qualified.map((q) => (
              <label key={q.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name={fields.recipients.name} value={q.id} defaultChecked />
                {q.name}
              </label>
            ))}
            {fields.recipients.errors ? (
              <span id={fields.recipients.errorId} className="text-sm text-destructive">
                {fields.recipients.errors[0]}
              </span>
            ) : null}
          </fieldset>
          <div className="sm:col-span-4">
            <Button type="submit">{t("accounting.send")}</Button>
          </div>
        </Form>
      )}
    </section>
  );
}

/** The accountings sent: to whom, when, and whether each has opened it. */
export function SentAccountings({ sent }: { sent: FinancialPageData["sent"] }) {
  const { t } = useTranslation("finance");
  const { language } = useLanguage();
  const day = dayIn(language);
  if (sent.length === 0) return null;
  return (
    <div className="grid gap-2" data-testid="sent-accountings">
      <h3 className="m-0 text-base">{t("accounting.sentHeading")}</h3>
      <ul className="m-0 grid list-none gap-2 p-0">
        {sent.map((a) => (
          <li key={a.id} className="grid gap-1 text-sm">
            <Link to={`/documents/${a.documentId}`} className="underline">
              {t("accounting.sentLine", { from: day(a.from), to: day(a.to), on: day(a.sentAt.slice(0, 10)) })}
            </Link>
            <span className="text-muted-foreground">
              {a.deliveries
                .map((d) => t(d.openedAt ? "accounting.deliveredOpened" : "accounting.delivered", { name: d.name, on: day(d.deliveredAt.slice(0, 10)) }))
                .join(" · ")}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
