import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/form-field";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { ACCOUNT_TYPES } from "../constants";
import type { action } from "../routes/trust-banking";
import { accountFormSchema } from "../validation";

/** "Add account": only the last four digits of the number are asked for, and kept. */
export function AccountForm() {
  const { t } = useTranslation("banking");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "bank-account",
    lastResult: actionData?.result,
    defaultValue: { type: "checking", currency: "USD" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountFormSchema(t) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state !== "idle" && navigation.formAction?.endsWith("/trust-banking") === true;
  return (
    <section aria-labelledby="add-account-heading" className="grid gap-4 rounded-lg border border-solid border-border bg-card p-5">
      <h2 id="add-account-heading" className="m-0 text-lg">
        {t("accountForm.heading")}
      </h2>
      {actionData?.error ? <Banner kind="error">{actionData.error}</Banner> : null}
      {actionData?.createdId ? <Banner kind="success">{t("accountForm.created")}</Banner> : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2">
        <FormField id={fields.name.id} errorId={fields.name.errorId} label={t("accountForm.name")} errors={fields.name.errors}>
          <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} placeholder={t("accountForm.namePlaceholder")} />
        </FormField>
        <FormField id={fields.institution.id} errorId={fields.institution.errorId} label={t("accountForm.institution")} errors={fields.institution.errors}>
          <Input {...getInputProps(fields.institution, { type: "text" })} key={fields.institution.key} />
        </FormField>
        <FormField id={fields.type.id} errorId={fields.type.errorId} label={t("accountForm.type")} errors={fields.type.errors}>
          <NativeSelect {...getSelectProps(fields.type)} key={fields.type.key}>
            {ACCOUNT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`accountType.${type}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={fields.currency.id} errorId={fields.currency.errorId} label={t("accountForm.currency")} errors={fields.currency.errors}>
          <Input {...getInputProps(fields.currency, { type: "text" })} key={fields.currency.key} maxLength={3} autoCapitalize="characters" />
        </FormField>
        <FormField id={fields.lastFour.id} errorId={fields.lastFour.errorId} label={t("accountForm.lastFour")} errors={fields.lastFour.errors}>
          <Input {...getInputProps(fields.lastFour, { type: "text" })} key={fields.lastFour.key} inputMode="numeric" maxLength={4} autoComplete="off" />
        </FormField>
        <FormField
          id={fields.openingBalance.id}
          errorId={fields.openingBalance.errorId}
          label={t("accountForm.openingBalance")}
          errors={fields.openingBalance.errors}
        >
          <Input {...getInputProps(fields.openingBalance, { type: "text" })} key={fields.openingBalance.key} inputMode="decimal" />
        </FormField>
        <FormField id={fields.openingOn.id} errorId={fields.openingOn.errorId} label={t("accountForm.openingOn")} errors={fields.openingOn.errors}>
          <Input {...getInputProps(fields.openingOn, { type: "date" })} key={fields.openingOn.key} />
        </FormField>
        <div className="flex items-end">
          <Button type="submit" disabled={busy}>
            {busy ? t("accountForm.saving") : t("accountForm.submit")}
          </Button>
        </div>
      </Form>
      <p className="m-0 text-sm text-muted-foreground">{t("accountForm.privacy")}</p>
    </section>
  );
}
