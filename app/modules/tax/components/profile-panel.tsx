import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { profileFormSchema } from "../form-schemas";
import type { TaxProfileView } from "../tax.server";
import { TaxAnswer, useTaxAnswer } from "./answer";

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** The trust's tax profile: grantor or not, its tax year, its states, and its EIN (shown masked, replaced, never shown whole). */
export function ProfilePanel({ profile, canManage }: { profile: TaxProfileView; canManage: boolean }) {
  const { t, i18n } = useTranslation("tax");
  const answer = useTaxAnswer(["profile"]);
  const [form, fields] = useForm({
    id: "tax-profile",
    lastResult: answer?.result as never,
    defaultValue: { taxYearEndMonth: String(profile.taxYearEndMonth), states: profile.states.join(", ") },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileFormSchema(t) }),
    shouldValidate: "onBlur",
  });
  const month = (m: number) => new Intl.DateTimeFormat(i18n.language, { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2026, m - 1, 1)));
  return (
    <section aria-labelledby="tax-profile-heading" className="grid grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border border-solid border-border bg-card p-5">
      <h2 id="tax-profile-heading" className="m-0 text-lg">
        {t("profile.heading")}
      </h2>
      {profile.saved ? null : <p className="m-0 text-sm text-muted-foreground">{t("profile.notSaved")}</p>}
      <TaxAnswer intents={["profile"]} />
      <Form method="post" {...getFormProps(form)} className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2 [&>*]:min-w-0">
        <input type="hidden" name="intent" value="profile" />
        <fieldset disabled={!canManage} className="contents">
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" name={fields.grantor.name} defaultChecked={profile.grantor} />
            {t("profile.grantor")}
          </label>
          <FormField
            id={fields.taxYearEndMonth.id}
            errorId={fields.taxYearEndMonth.errorId}
            label={t("profile.yearEnds")}
            errors={fields.taxYearEndMonth.errors}
          >
            <NativeSelect
              className="w-full min-w-0"
              id={fields.taxYearEndMonth.id}
              name={fields.taxYearEndMonth.name}
              defaultValue={String(profile.taxYearEndMonth)}
            >
              {MONTHS.map((m) => (
                <option key={m} value={m}>
                  {m === 12 ? t("profile.calendarYear") : t("profile.fiscalYear", { month: month(m) })}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={fields.states.id} errorId={fields.states.errorId} label={t("profile.states")} errors={fields.states.errors}>
            <Input {...getInputProps(fields.states, { type: "text" })} key={fields.states.key} />
          </FormField>
          <FormField id={fields.ein.id} errorId={fields.ein.errorId} label={t("profile.ein")} errors={fields.ein.errors}>
            <Input
              {...getInputProps(fields.ein, { type: "text" })}
              key={fields.ein.key}
              placeholder={profile.einMasked ?? "12-3456789"}
              autoComplete="off"
              inputMode="numeric"
            />
          </FormField>
          <label className="flex items-center gap-2 self-end text-sm">
            <input type="checkbox" name={fields.januaryEstimateSkipped.name} defaultChecked={profile.januaryEstimateSkipped} />
            {t("profile.skipJanuary")}
          </label>
          {canManage ? (
            <div className="sm:col-span-2">
              <Button type="submit" variant="outline">
                {t("profile.save")}
              </Button>
            </div>
          ) : null}
        </fieldset>
      </Form>
      <p className="m-0 text-sm text-muted-foreground">{profile.einMasked ? t("profile.einStored", { ein: profile.einMasked }) : t("profile.noEin")}</p>
    </section>
  );
}
