import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/form-field";
import { IntentForm } from "~/components/intent-form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { documentFormSchema, type DocumentForm } from "../validation";
import { DocumentTypeOptions } from "./document-type";

/** What the document page's action answers: the form's intent, and either its outcome or the refusal (with Conform's reply). */
export type DocumentActionData = { intent?: string; ok?: boolean; error?: string; restored?: number; result?: SubmissionResult<string[]> } | undefined;

/** A command button of the document page (analyze, delete, stop sharing, a share's permission), checked with the page's schema. */
export function DocumentCommandForm({
  id,
  intent,
  values,
  className,
  children,
  ...rest
}: {
  id: string;
  intent: "analyze" | "delete" | "share" | "unshare";
  values?: Record<string, string>;
  className?: string;
  children: ReactNode;
  role?: string;
  "aria-label"?: string;
}) {
  const { t } = useTranslation("documents");
  const actionData = useActionData<DocumentActionData>();
  return (
    <IntentForm
      id={id}
      intent={intent}
      schema={documentFormSchema(t)}
      lastResult={actionData?.intent === intent ? actionData.result : undefined}
      values={values}
      className={className}
      {...rest}
    >
      {children}
    </IntentForm>
  );
}

/** "Edit details": the title and type with the API's rules, checked on blur and on the server; messages under their fields. */
export function DocumentDetailsForm({ title, type }: { title: string; type: string }) {
  const { t } = useTranslation("documents");
  const actionData = useActionData<DocumentActionData>();
  const navigation = useNavigation();
  const [form, fields] = useForm<{ intent: string; title: string; type: string }, DocumentForm>({
    id: "document-details",
    lastResult: actionData?.intent === "details" ? actionData.result : undefined,
    defaultValue: { title, type },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: documentFormSchema(t) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "details";
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
    >
      <input type="hidden" name="intent" value="details" />
      <label className="grid gap-1 text-sm">
        {t("detail.titleLabel")}
        <Input {...getInputProps(fields.title, { type: "text" })} key={fields.title.key} required maxLength={200} />
        <FieldError id={fields.title.errorId} error={fields.title.errors?.[0]} />
      </label>
      <label className="grid gap-1 text-sm">
        {t("detail.typeLabel")}
        <NativeSelect {...getSelectProps(fields.type)} key={fields.type.key}>
          <DocumentTypeOptions />
        </NativeSelect>
        <FieldError id={fields.type.errorId} error={fields.type.errors?.[0]} />
      </label>
      <Button type="submit" disabled={submitting}>
        {t("detail.save")}
      </Button>
    </Form>
  );
}
