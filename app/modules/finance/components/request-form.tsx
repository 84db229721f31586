import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { requestFormSchema } from "../form-schemas";
import type { FinancialPageData } from "../page.server";
import type { action } from "../routes/financial";
import { ActionBanner, useLastResult } from "./action-banner";
import { WarningList } from "./warning-list";

/**
 * "Request a distribution": for whom, how much, why, from principal or income, and the clause that allows it,
 * chosen from the analysed instrument with its words shown before it is sent.
 */
export function RequestForm({ page }: { page: FinancialPageData }) {
  const { t } = useTranslation("finance");
  const answer = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "distribution-request",
    lastResult: useLastResult("request"),
    defaultValue: { principalOrIncome: "income", approvalMode: "trustee", beneficiary: page.beneficiaries[0]?.value ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: requestFormSchema(t) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [authority, setAuthority] = useState("");
  const chosen = page.authorities
    .flatMap((d) => d.provisions.map((p) => ({ ...p, documentTitle: d.title, value: `${d.documentId}:${p.provisionId}` })))
    .find((p) => p.value === authority);
  if (page.authorities.length === 0) return <p className="m-0 text-sm text-muted-foreground">{t("request.noAuthorities")}</p>;
  return (
    <section aria-labelledby="request-heading" className="grid grid-cols-[minmax(0,1fr)] gap-3 border-0 border-t border-solid border-border pt-4">
      <h3 id="request-heading" className="m-0 text-base">
        {t("request.heading")}
      </h3>
      <ActionBanner intents={["request"]} />
      {answer?.intent === "request" && answer.warnings?.length ? <WarningList warnings={answer.warnings} /> : null}
      <Form method="post" {...getFormProps(form)} className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2 [&>*]:min-w-0">
        <input type="hidden" name="intent" value="request" />
        <input type="hidden" name="currency" value={page.currency ?? "USD"} />
        <FormField id={fields.beneficiary.id} errorId={fields.beneficiary.errorId} label={t("request.beneficiary")} errors={fields.beneficiary.errors}>
          <NativeSelect className="w-full min-w-0" {...getSelectProps(fields.beneficiary)} key={fields.beneficiary.key}>
            {page.beneficiaries.map((b) => (
              <option key={b.value} value={b.value}>
                {b.member ? b.label : t("request.namedNoLogin", { name: b.label })}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={fields.amount.id}
          errorId={fields.amount.errorId}
          label={t("request.amount", { currency: page.currency ?? "USD" })}
          errors={fields.amount.errors}
        >
          <Input {...getInputProps(fields.amount, { type: "text" })} key={fields.amount.key} inputMode="decimal" />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id={fields.purpose.id} errorId={fields.purpose.errorId} label={t("request.purpose")} errors={fields.purpose.errors}>
            <textarea
              {...getTextareaProps(fields.purpose)}
              key={fields.purpose.key}
              rows={2}
              className="rounded-md border border-solid border-input bg-background p-2"
            />
          </FormField>
        </div>
        <FormField
          id={fields.principalOrIncome.id}
          errorId={fields.principalOrIncome.errorId}
          label={t("request.side")}
          errors={fields.principalOrIncome.errors}
        >
          <NativeSelect className="w-full min-w-0" {...getSelectProps(fields.principalOrIncome)} key={fields.principalOrIncome.key}>
            <option value="income">{t("side.income")}</option>
            <option value="principal">{t("side.principal")}</option>
          </NativeSelect>
        </FormField>
        <FormField id={fields.neededBy.id} errorId={fields.neededBy.errorId} label={t("request.neededBy")} errors={fields.neededBy.errors}>
          <Input {...getInputProps(fields.neededBy, { type: "date" })} key={fields.neededBy.key} />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id={fields.authority.id} errorId={fields.authority.errorId} label={t("request.authority")} errors={fields.authority.errors}>
            <NativeSelect
              className="w-full min-w-0"
              {...getSelectProps(fields.authority)}
              key={fields.authority.key}
              onChange={(e) => setAuthority(e.currentTarget.value)}
            >
              <option value="">{t("request.chooseClause")}</option>
              {page.authorities.map((d) => (
                <optgroup key={d.documentId} label={d.title}>
                  {d.provisions.map((p) => (
                    <option key={p.provisionId} value={`${d.documentId}:${p.provisionId}`}>
                      {[p.reference, p.title].filter(Boolean).join(" · ")}
                    </option>
                  ))}
                </optgroup>
              ))}
            </NativeSelect>
          </FormField>
          {chosen ? (
            <blockquote className="m-0 mt-2 border-0 border-l-4 border-solid border-primary bg-muted p-2 text-sm" data-testid="chosen-clause">
              {chosen.text}
            </blockquote>
          ) : null}
        </div>
        {page.access.manage ? (
          <FormField id={fields.approvalMode.id} errorId={fields.approvalMode.errorId} label={t("request.approval")} errors={fields.approvalMode.errors}>
            <NativeSelect className="w-full min-w-0" {...getSelectProps(fields.approvalMode)} key={fields.approvalMode.key}>
              <option value="trustee">{t("approval.trustee")}</option>
              <option value="all_trustees">{t("approval.all_trustees")}</option>
              <option value="poll">{t("approval.poll")}</option>
            </NativeSelect>
          </FormField>
        ) : null}
        {page.access.manage ? (
          <label className="flex items-center gap-2 self-end text-sm">
            <input type="checkbox" name={fields.weighted.name} />
            {t("request.weighted")}
          </label>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit">{t("request.submit")}</Button>
        </div>
      </Form>
    </section>
  );
}
