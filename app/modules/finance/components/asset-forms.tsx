import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { ASSET_KINDS } from "../constants";
import { assetFormSchema, valuationFormSchema } from "../form-schemas";
import { ActionBanner, useLastResult } from "./action-banner";

/** "Add an asset": what it is, when the trust acquired it, and its carrying and current value. */
export function AssetForm({ currency }: { currency: string }) {
  const { t } = useTranslation("finance");
  const [form, fields] = useForm({
    id: "finance-asset",
    lastResult: useLastResult("create-asset"),
    defaultValue: { kind: "securities", currency },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: assetFormSchema(t) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="add-asset-heading" className="grid grid-cols-[minmax(0,1fr)] gap-3 border-0 border-t border-solid border-border pt-4">
      <h3 id="add-asset-heading" className="m-0 text-base">
        {t("assets.addHeading")}
      </h3>
      <ActionBanner intents={["create-asset"]} />
      <Form method="post" {...getFormProps(form)} className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2 [&>*]:min-w-0">
        <input type="hidden" name="intent" value="create-asset" />
        <FormField id={fields.name.id} errorId={fields.name.errorId} label={t("assets.name")} errors={fields.name.errors}>
          <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} />
        </FormField>
        <FormField id={fields.kind.id} errorId={fields.kind.errorId} label={t("assets.kind")} errors={fields.kind.errors}>
          <NativeSelect className="w-full min-w-0" {...getSelectProps(fields.kind)} key={fields.kind.key}>
            {ASSET_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`assets.kinds.${kind}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={fields.acquiredOn.id} errorId={fields.acquiredOn.errorId} label={t("assets.acquiredOn")} errors={fields.acquiredOn.errors}>
          <Input {...getInputProps(fields.acquiredOn, { type: "date" })} key={fields.acquiredOn.key} />
        </FormField>
        <FormField id={fields.currency.id} errorId={fields.currency.errorId} label={t("assets.currency")} errors={fields.currency.errors}>
          <Input {...getInputProps(fields.currency, { type: "text" })} key={fields.currency.key} maxLength={3} />
        </FormField>
        <FormField id={fields.carrying.id} errorId={fields.carrying.errorId} label={t("assets.carrying")} errors={fields.carrying.errors}>
          <Input {...getInputProps(fields.carrying, { type: "text" })} key={fields.carrying.key} inputMode="decimal" />
        </FormField>
        <FormField id={fields.current.id} errorId={fields.current.errorId} label={t("assets.current")} errors={fields.current.errors}>
          <Input {...getInputProps(fields.current, { type: "text" })} key={fields.current.key} inputMode="decimal" />
        </FormField>
        <FormField id={fields.description.id} errorId={fields.description.errorId} label={t("assets.description")} errors={fields.description.errors}>
          <Input {...getInputProps(fields.description, { type: "text" })} key={fields.description.key} />
        </FormField>
        <div className="flex items-end">
          <Button type="submit">{t("assets.add")}</Button>
        </div>
      </Form>
      <p className="m-0 text-sm text-muted-foreground">{t("assets.valuesHelp")}</p>
    </section>
  );
}

/** A new valuation of one asset. */
export function ValuationForm({ assetId, assetName, currency }: { assetId: string; assetName: string; currency: string }) {
  const { t } = useTranslation("finance");
  const [form, fields] = useForm({
    id: `valuation-${assetId}`,
    lastResult: useLastResult("add-valuation"),
    defaultValue: { source: "manual" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: valuationFormSchema(t) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="grid grid-cols-[minmax(0,1fr)] gap-2 sm:grid-cols-4 [&>*]:min-w-0"
      aria-label={t("assets.valueLabel", { name: assetName })}
    >
      <input type="hidden" name="intent" value="add-valuation" />
      <input type="hidden" name="assetId" value={assetId} />
      <input type="hidden" name="currency" value={currency} />
      <FormField id={fields.valuedOn.id} errorId={fields.valuedOn.errorId} label={t("assets.valuedOn")} errors={fields.valuedOn.errors}>
        <Input {...getInputProps(fields.valuedOn, { type: "date" })} key={fields.valuedOn.key} />
      </FormField>
      <FormField id={fields.carrying.id} errorId={fields.carrying.errorId} label={t("assets.carrying")} errors={fields.carrying.errors}>
        <Input {...getInputProps(fields.carrying, { type: "text" })} key={fields.carrying.key} inputMode="decimal" />
      </FormField>
      <FormField id={fields.current.id} errorId={fields.current.errorId} label={t("assets.current")} errors={fields.current.errors}>
        <Input {...getInputProps(fields.current, { type: "text" })} key={fields.current.key} inputMode="decimal" />
      </FormField>
      <FormField id={fields.source.id} errorId={fields.source.errorId} label={t("assets.source")} errors={fields.source.errors}>
        <NativeSelect className="w-full min-w-0" {...getSelectProps(fields.source)} key={fields.source.key}>
          {(["manual", "appraisal", "statement"] as const).map((s) => (
            <option key={s} value={s}>
              {t(`assets.sources.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="sm:col-span-4">
        <Button type="submit" size="sm" variant="outline">
          {t("assets.saveValuation")}
        </Button>
      </div>
    </Form>
  );
}
