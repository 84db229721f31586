import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { X } from "lucide-react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/form-field";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { ROLES } from "~/modules/workspaces/schema";
import { createPollFormSchema, POLL_LIMITS, type CreatePollInput } from "../validation";

/** A week from now in the browser's own time, for <input type="datetime-local">. */
function inAWeek() {
  const date = new Date(Date.now() + 7 * 86_400_000);
  date.setMinutes(0, 0, 0);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The browser's offset as "+01:00", sent with the closing time so the server knows which moment was meant. */
function offset() {
  const minutes = -new Date().getTimezoneOffset();
  const sign = minutes >= 0 ? "+" : "-";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** A member who may be asked to vote, with their beneficial share in basis points (null: none set). */
export interface Voter {
  userId: string;
  name: string;
  role: string;
  shareBp: number | null;
}

/** The form's fields as Conform names them (the schema turns them into the API's poll). */
type CreatePollFields = {
  title: string;
  description: string;
  type: string;
  options: string[];
  closesAt: string;
  eligibility: string;
  eligibleRoles: string[];
  eligibleUserIds: string[];
  quorumPercent: string;
  hideResults: boolean;
  anonymous: boolean;
  weighted: boolean;
};

type CreateActionData = { intent?: string; error?: string | null; result?: SubmissionResult<string[]> } | undefined;

/**
 * The form that puts a decision to the family (owners and trustees), validated by Conform with the API's
 * rules (on blur in the browser, then on the server). Works without JavaScript.
 */
export function CreatePollForm({ voters }: { voters: Voter[] }) {
  const { t } = useTranslation("polls");
  const { t: tAuth } = useTranslation("auth");
  const actionData = useActionData<CreateActionData>();
  const navigation = useNavigation();
  const [form, fields] = useForm<CreatePollFields, CreatePollInput>({
    id: "create-poll",
    lastResult: actionData?.intent === "create" ? actionData.result : undefined,
    defaultValue: { type: "yes_no", options: ["", ""], eligibility: "all", quorumPercent: "0" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createPollFormSchema(t) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [type, setType] = useState("yes_no");
  const [eligibility, setEligibility] = useState("all");
  const [closesAt, setClosesAt] = useState("");
  const [tz, setTz] = useState("");
  useEffect(() => {
    setClosesAt(inAWeek());
    setTz(offset());
  }, []);
  const options = fields.options.getFieldList();
  const optionsError = Object.values(fields.options.allErrors).flat()[0];
  const whoError = fields.eligibleRoles.errors?.[0] ?? fields.eligibleUserIds.errors?.[0] ?? fields.eligibility.errors?.[0];
  const sharesTotal = voters.reduce((sum, v) => sum + (v.shareBp ?? 0), 0);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="grid gap-4 rounded-lg border border-solid border-border bg-card p-4"
      aria-labelledby={`${form.id}-heading`}
      data-testid="create-poll-form"
    >
      <h2 id={`${form.id}-heading`} className="m-0 text-lg">
        {t("ui.newPoll")}
      </h2>
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="closesAtOffset" value={tz} />
      {actionData?.intent === "create" && actionData.error ? <Banner kind="error">{actionData.error}</Banner> : null}

      <label className="grid gap-1 text-sm">
        {t("ui.titleLabel")}
        <Input
          {...getInputProps(fields.title, { type: "text" })}
          key={fields.title.key}
          required
          minLength={POLL_LIMITS.titleMin}
          maxLength={POLL_LIMITS.titleMax}
        />
        <FieldError id={fields.title.errorId} error={fields.title.errors?.[0]} className="text-destructive" />
      </label>
      <label className="grid gap-1 text-sm">
        {t("ui.descriptionLabel")}
        <textarea
          {...getTextareaProps(fields.description)}
          key={fields.description.key}
          rows={3}
          maxLength={POLL_LIMITS.descriptionMax}
          className="rounded-md border border-solid border-input bg-card p-2 text-sm text-foreground"
        />
        <FieldError id={fields.description.errorId} error={fields.description.errors?.[0]} className="text-destructive" />
      </label>
      <label className="grid gap-1 text-sm">
        {t("ui.typeLabel")}
        <NativeSelect {...getSelectProps(fields.type)} key={fields.type.key} onChange={(e) => setType(e.target.value)}>
          {(["yes_no", "single", "multiple", "ranked"] as const).map((value) => (
            <option key={value} value={value}>
              {t(`types.${value}`)}
            </option>
          ))}
        </NativeSelect>
      </label>

      {type === "yes_no" ? (
        <p className="m-0 text-sm text-muted-foreground">{t("ui.yesNoOptions")}</p>
      ) : (
        <fieldset className="m-0 grid gap-2 border-0 p-0" aria-describedby={optionsError ? fields.options.errorId : undefined}>
          <legend className="mb-1 text-sm">{t("ui.optionsLabel")}</legend>
          {options.map((option, index) => (
            <div key={option.key} className="flex gap-2">
              <Input
                {...getInputProps(option, { type: "text" })}
                key={option.key}
                maxLength={POLL_LIMITS.optionMax}
                aria-label={t("ui.optionN", { n: index + 1 })}
              />
              {options.length > 2 ? (
                <Button
                  variant="ghost"
                  {...form.remove.getButtonProps({ name: fields.options.name, index })}
                  aria-label={t("ui.removeOption", { n: index + 1 })}
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </Button>
              ) : null}
            </div>
          ))}
          {options.length < POLL_LIMITS.optionsMax ? (
            <div>
              <Button variant="outline" size="sm" {...form.insert.getButtonProps({ name: fields.options.name, defaultValue: "" })}>
                {t("ui.addOption")}
              </Button>
            </div>
          ) : null}
          <FieldError id={fields.options.errorId} error={optionsError} className="text-sm text-destructive" />
        </fieldset>
      )}

      <label className="grid gap-1 text-sm">
        {t("ui.closesAtLabel")}
        <Input
          type="datetime-local"
          id={fields.closesAt.id}
          name={fields.closesAt.name}
          required
          value={closesAt}
          onChange={(e) => setClosesAt(e.target.value)}
          aria-invalid={fields.closesAt.errors ? true : undefined}
          aria-describedby={fields.closesAt.errors ? fields.closesAt.errorId : undefined}
        />
        <FieldError id={fields.closesAt.errorId} error={fields.closesAt.errors?.[0]} className="text-destructive" />
      </label>

      <fieldset className="m-0 grid gap-2 border-0 p-0" aria-describedby={whoError ? fields.eligibility.errorId : undefined}>
        <legend className="mb-1 text-sm">{t("ui.whoVotes")}</legend>
        {getCollectionProps(fields.eligibility, { type: "radio", options: ["all", "roles", "people"] }).map(({ key, ...props }) => (
          <label key={key} className="flex items-center gap-2 text-sm">
            <input {...props} onChange={() => setEligibility(props.value)} />
            {t(`ui.eligibility.${props.value}`)}
          </label>
        ))}
        {eligibility === "roles" ? (
          <div className="flex flex-wrap gap-3 ps-6">
            {getCollectionProps(fields.eligibleRoles, { type: "checkbox", options: ROLES.filter((r) => r !== "viewer") }).map(({ key, ...props }) => (
              <label key={key} className="flex items-center gap-1 text-sm">
                <input {...props} />
                {tAuth(`roles.${props.value}`)}
              </label>
            ))}
          </div>
        ) : null}
        {eligibility === "people" ? (
          <div className="flex flex-wrap gap-3 ps-6">
            {getCollectionProps(fields.eligibleUserIds, { type: "checkbox", options: voters.map((v) => v.userId) }).map(({ key, ...props }, index) => (
              <label key={key} className="flex items-center gap-1 text-sm">
                <input {...props} />
                {voters[index].name}
              </label>
            ))}
          </div>
        ) : null}
        <FieldError id={fields.eligibility.errorId} error={whoError} className="text-sm text-destructive" />
      </fieldset>

      <label className="grid max-w-48 gap-1 text-sm">
        {t("ui.quorumLabel")}
        <Input {...getInputProps(fields.quorumPercent, { type: "number" })} key={fields.quorumPercent.key} min={0} max={100} step={1} />
        <FieldError id={fields.quorumPercent.errorId} error={fields.quorumPercent.errors?.[0]} className="text-destructive" />
      </label>
      <div className="grid gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input {...getInputProps(fields.hideResults, { type: "checkbox" })} key={fields.hideResults.key} />
          {t("ui.hideResultsLabel")}
        </label>
        <label className="flex items-center gap-2">
          <input {...getInputProps(fields.anonymous, { type: "checkbox" })} key={fields.anonymous.key} />
          {t("ui.anonymousLabel")}
        </label>
        <label className="flex items-center gap-2">
          <input {...getInputProps(fields.weighted, { type: "checkbox" })} key={fields.weighted.key} />
          {t("ui.weightedLabel")}
        </label>
        <p className="m-0 ps-6 text-xs text-muted-foreground">
          {sharesTotal > 0
            ? t("ui.sharesSet", {
                list: voters
                  .filter((v) => v.shareBp)
                  .map((v) => `${v.name} ${(v.shareBp ?? 0) / 100}%`)
                  .join(", "),
              })
            : t("ui.noSharesYet")}
        </p>
        <FieldError id={fields.weighted.errorId} error={fields.weighted.errors?.[0]} className="text-destructive" />
      </div>
      <div>
        <Button type="submit" disabled={submitting}>
          {submitting ? t("ui.opening") : t("ui.openPoll")}
        </Button>
      </div>
    </Form>
  );
}
