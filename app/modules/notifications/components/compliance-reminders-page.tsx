import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useAnnouncer } from "~/modules/a11y/announcer";
import { useLanguage } from "~/modules/preferences/display";
import { SmsNote } from "./sms-note";
import { complianceRemindersSchema, type ComplianceRemindersInput } from "../validation";

export interface ComplianceActionData {
  leadDaysError: string | null;
  notice: string | null;
  /** What was typed when it was refused, so the person can correct it rather than retype it. */
  submitted: string | null;
  /** Conform's reply to the submission. */
  result?: SubmissionResult<string[]>;
}

interface Reminders {
  leadDays: number[];
  inApp: boolean;
  email: boolean;
  sms: boolean;
  overdueDaily: boolean;
  saved: boolean;
}

/** /compliance-notifications: how long before each compliance deadline, and where, the person is reminded. */
export function ComplianceRemindersPage({
  reminders,
  limits,
  hasPhone,
  actionData,
}: {
  reminders: Reminders;
  /** Whether the person's profile has a mobile number texts can go to. */
  hasPhone: boolean;
  limits: { maxLeadTimes: number; maxLeadDays: number };
  actionData: ComplianceActionData | null;
}) {
  const { t } = useTranslation("notifications");
  const { t: tPolls } = useTranslation("polls");
  const { language } = useLanguage();
  const announcer = useAnnouncer();
  const hintId = useId();
  const smsNoteId = useId();
  const leadInput = useRef<HTMLInputElement>(null);
  const saving = useNavigation().state === "submitting";
  // Checked on blur in the browser with the server's rules; the server's answer comes back through `lastResult`.
  const [form, fields] = useForm<{ leadDays: string; inApp: boolean; email: boolean; sms: boolean; overdueDaily: boolean }, ComplianceRemindersInput>({
    id: "compliance-reminders",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: complianceRemindersSchema(tPolls("errors.leadDaysInvalid")) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const leadId = fields.leadDays.id;
  const errorId = fields.leadDays.errorId;
  const error = fields.leadDays.errors?.[0] ?? actionData?.leadDaysError ?? null;
  const list = new Intl.ListFormat(language, { style: "long", type: "conjunction" });
  const yesNo = (on: boolean) => (on ? t("compliance.on") : t("compliance.off"));

  // A refused value: say so and put the cursor back in the field; a save: say it was saved.
  useEffect(() => {
    if (!actionData) return;
    if (actionData.leadDaysError) {
      announcer.announceError(actionData.leadDaysError);
      leadInput.current?.focus();
    } else if (actionData.notice) announcer.announceSuccess(actionData.notice);
  }, [actionData]); // eslint-disable-line react-hooks/exhaustive-deps -- once per action result; the announcer changes with the language and must not repeat it

  return (
    <div className="grid max-w-3xl gap-6">
      <header className="grid gap-1">
        <h1 className="m-0 text-2xl">{t("compliance.title")}</h1>
        <p className="m-0 text-sm text-muted-foreground">{t("compliance.intro")}</p>
        <p className="m-0 text-sm">
          <Link to="/notifications#preferences">{t("compliance.otherPreferences")}</Link>
        </p>
      </header>

      <section
        aria-labelledby="compliance-current-heading"
        className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4"
        data-testid="compliance-current"
      >
        <h2 id="compliance-current-heading" className="m-0 text-lg">
          {t("compliance.currentHeading")}
        </h2>
        <p className="m-0 text-sm text-muted-foreground" data-testid="compliance-source">
          {reminders.saved ? t("compliance.savedNote") : t("compliance.defaultsNote")}
        </p>
        <dl className="m-0 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium">{t("compliance.leadDaysTerm")}</dt>
          <dd className="m-0" data-testid="compliance-current-lead-days">
            {t("compliance.leadDaysSummary", { days: list.format(reminders.leadDays.map(String)) })}
          </dd>
          <dt className="font-medium">{t("compliance.inApp")}</dt>
          <dd className="m-0">{yesNo(reminders.inApp)}</dd>
          <dt className="font-medium">{t("compliance.email")}</dt>
          <dd className="m-0">{yesNo(reminders.email)}</dd>
          <dt className="font-medium">{t("compliance.sms")}</dt>
          <dd className="m-0">{yesNo(reminders.sms)}</dd>
          <dt className="font-medium">{t("compliance.overdueTerm")}</dt>
          <dd className="m-0">{yesNo(reminders.overdueDaily)}</dd>
        </dl>
      </section>

      <section aria-labelledby="compliance-form-heading" className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4">
        <h2 id="compliance-form-heading" className="m-0 text-lg">
          {t("compliance.formHeading")}
        </h2>
        {actionData?.notice ? <Banner kind="success">{actionData.notice}</Banner> : null}
        {/* Keyed by what is stored: after a save the form shows the cleaned-up values (sorted, no repeats). */}
        <Form method="post" {...getFormProps(form)} key={JSON.stringify(reminders)} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <label htmlFor={leadId} className="text-sm font-medium">
              {t("compliance.leadDaysLabel")}
            </label>
            <Input
              ref={leadInput}
              id={leadId}
              name={fields.leadDays.name}
              inputMode="numeric"
              autoComplete="off"
              defaultValue={actionData?.submitted ?? reminders.leadDays.join(", ")}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${errorId} ${hintId}` : hintId}
              className="max-w-xs"
            />
            <p id={hintId} className="m-0 text-sm text-muted-foreground">
              {t("compliance.leadDaysHint", { max: limits.maxLeadTimes, maxDays: limits.maxLeadDays })}
            </p>
            {error ? (
              <p id={errorId} className="m-0 text-sm text-destructive" data-testid="lead-days-error">
                {error}
              </p>
            ) : null}
          </div>

          <fieldset className="m-0 grid gap-2 border-none p-0">
            <legend className="mb-1 p-0 text-sm font-medium">{t("compliance.channelsLegend")}</legend>
            <Checkbox name="inApp" label={t("compliance.inApp")} defaultChecked={reminders.inApp} />
            <Checkbox name="email" label={t("compliance.email")} defaultChecked={reminders.email} />
            <Checkbox name="sms" label={t("compliance.sms")} defaultChecked={reminders.sms} describedBy={smsNoteId} />
            <SmsNote id={smsNoteId} hasPhone={hasPhone} />
          </fieldset>

          <Checkbox name="overdueDaily" label={t("compliance.overdueDaily")} defaultChecked={reminders.overdueDaily} />

          <div>
            <Button type="submit" disabled={saving}>
              {saving ? t("compliance.saving") : t("compliance.save")}
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}

function Checkbox({
  name,
  label,
  defaultChecked,
  disabled,
  describedBy,
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
  disabled?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        disabled={disabled}
        aria-describedby={describedBy}
        className="h-5 w-5 cursor-pointer disabled:cursor-not-allowed"
      />
      <label htmlFor={id} className={`text-sm ${disabled ? "text-muted-foreground" : ""}`}>
        {label}
      </label>
    </div>
  );
}
