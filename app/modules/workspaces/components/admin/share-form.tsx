import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { sharePercentFormSchema, type SharePercentInput } from "../../validation";

/**
 * A member's beneficial interest in percent (empty = none), saved on its own; checked by Conform on blur and on the
 * server (`sharePercentFormSchema`); a refusal (the module's, naming the row) shows beside the field.
 */
export function ShareForm({
  userId,
  name,
  shareBp,
  error,
  submitted,
  lastResult,
}: {
  userId: string;
  name: string;
  shareBp: number | null;
  error: string | null;
  submitted: string | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const { t: tPolls } = useTranslation("polls");
  const [form, fields] = useForm<{ intent: string; userId: string; sharePercent: string }, SharePercentInput>({
    id: `share-${userId}`,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sharePercentFormSchema(tPolls) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const inputId = fields.sharePercent.id;
  const errorId = fields.sharePercent.errorId;
  const message = fields.sharePercent.errors?.[0] ?? error;
  const navigation = useNavigation();
  const saving = navigation.formData?.get("intent") === "share" && navigation.formData?.get("userId") === userId;
  const stored = shareBp === null ? "" : String(shareBp / 100);
  return (
    // Keyed by the stored value so the field shows it again after a save.
    <Form method="post" {...getFormProps(form)} key={stored} className="mt-2 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="share" />
      <input type="hidden" name={fields.userId.name} value={userId} />
      <div className="grid gap-1">
        <label htmlFor={inputId} className="text-sm">
          {t("admin.shareLabel")}
          <span className="sr-only"> {name}</span>
        </label>
        <Input
          id={inputId}
          name={fields.sharePercent.name}
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          defaultValue={submitted ?? stored}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          className="w-32"
        />
      </div>
      <Button type="submit" size="sm" variant="outline" disabled={saving} aria-label={t("admin.shareSaveFor", { name })}>
        {t("admin.shareSave")}
      </Button>
      {message ? (
        <p id={errorId} className="m-0 basis-full text-sm text-destructive" data-testid="share-error">
          {message}
        </p>
      ) : null}
    </Form>
  );
}
