import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";
import type { ZodTypeAny } from "zod";

type IntentFormProps = {
  /** Unique on the page (Conform keys the form's state by it). */
  id: string;
  intent: string;
  /** The page's command schema (discriminated by `intent`), as the server reads it. */
  schema: ZodTypeAny;
  /** The action's Conform reply, when it answered this form. */
  lastResult?: SubmissionResult<string[]>;
  /** Hidden fields besides the intent. */
  values?: Record<string, string>;
  children: ReactNode;
} & Omit<ComponentProps<typeof Form>, "id" | "method" | "children">;

/**
 * A command button's form (close, remind, analyze, delete, stop sharing…): a POST carrying an intent and a few
 * hidden values, checked by Conform with the page's command schema before it is sent. It has no visible field;
 * a refusal shows where the page shows its refusals. Works without JavaScript.
 */
export function IntentForm({ id, intent, schema, lastResult, values = {}, children, ...rest }: IntentFormProps) {
  const [form] = useForm({
    id,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} {...rest}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}
