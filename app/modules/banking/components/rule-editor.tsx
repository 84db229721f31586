import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Eye, Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/form-field";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";
import { CATEGORY_IDS } from "../categories";
import { PRINCIPAL_OR_INCOME } from "../constants";
import { CONDITION_KINDS, MAX_CONDITIONS, ruleFormSchema, type ConditionRow, type RuleFormOutput, type RuleFormValue } from "../rule-form";
import type { RulePreview } from "../rules-apply.server";
import { RulePreviewResult } from "./rule-preview";
import type { RuleAccount, RuleMember } from "./rule-summary";

const TEXTAREA = "rounded-md border border-solid border-input bg-card p-2 text-sm text-foreground";

/**
 * A rule's form: its name, its conditions (rows added and removed; all must hold) and what it fills in.
 * "Preview" shows the past transactions the rule as written would change, before it is saved; saving does
 * not change any of them (applying is a separate step).
 */
export function RuleEditor({
  accounts,
  members,
  ruleId,
  initial,
  onSaved,
  onCancel,
}: {
  accounts: RuleAccount[];
  members: RuleMember[];
  /** Set when editing a saved rule. */
  ruleId?: string;
  initial: RuleFormValue;
  onSaved: (id: string, name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("banking");
  const uid = useId();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<RulePreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const schema = ruleFormSchema(t, accounts, members);
  const [form, fields] = useForm<RuleFormValue, RuleFormOutput>({
    id: `rule-${ruleId ?? "new"}-${uid}`,
    defaultValue: initial,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status === "success") void save(submission.value);
    },
  });
  const conditions = fields.conditions.getFieldList();
  const apiError = (e: unknown) => refusalSentence(e, t("rules.failed"));

  async function save(value: RuleFormOutput) {
    setSaving(true);
    setError(null);
    try {
      const answer = await apiFetch<{ id?: string }>(ruleId ? `/api/banking/rules/${ruleId}` : "/api/banking/rules", {
        method: ruleId ? "PATCH" : "POST",
        body: value,
      });
      onSaved(ruleId ?? answer.id ?? "", value.name);
    } catch (e) {
      setError(apiError(e));
    } finally {
      setSaving(false);
    }
  }

  async function showPreview() {
    const element = document.getElementById(form.id);
    if (!(element instanceof HTMLFormElement)) return;
    const submission = parseWithZod(new FormData(element), { schema });
    if (submission.status !== "success") {
      form.validate();
      return;
    }
    setPreviewing(true);
    setError(null);
    try {
      const { conditions: c, actions } = submission.value;
      setPreview(
        await apiFetch<RulePreview>("/api/banking/rules/preview", { method: "POST", body: { ...(ruleId ? { id: ruleId } : {}), conditions: c, actions } }),
      );
    } catch (e) {
      setError(apiError(e));
      setPreview(null);
    } finally {
      setPreviewing(false);
    }
  }

  return (
    <form
      {...getFormProps(form)}
      // The editor can open inside a transaction's own form (through a dialog's portal): its events stay here.
      onSubmit={(event) => {
        event.stopPropagation();
        form.onSubmit(event);
        if (!event.defaultPrevented) event.preventDefault();
      }}
      aria-label={ruleId ? t("rules.editor.editLabel") : t("rules.editor.newLabel")}
      className="grid min-w-0 gap-4"
    >
      {error ? <Banner kind="error">{error}</Banner> : null}
      {form.errors?.length ? <Banner kind="error">{form.errors[0]}</Banner> : null}
      <FormField id={fields.name.id} errorId={fields.name.errorId} label={t("rules.editor.name")} errors={fields.name.errors}>
        <Input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} maxLength={100} />
      </FormField>

      <fieldset className="m-0 grid min-w-0 gap-3 border-0 p-0">
        <legend className="mb-2 p-0 font-medium">{t("rules.editor.conditions")}</legend>
        <p className="m-0 text-sm text-muted-foreground">{t("rules.editor.conditionsHelp")}</p>
        {fields.conditions.errors?.length ? <p className="m-0 text-sm text-destructive">{fields.conditions.errors[0]}</p> : null}
        <ol className="m-0 grid list-none gap-3 p-0">
          {conditions.map((condition, index) => (
            <ConditionRowFields
              key={condition.key}
              condition={condition}
              index={index}
              accounts={accounts}
              onRemove={conditions.length > 1 ? () => form.remove({ name: fields.conditions.name, index }) : undefined}
            />
          ))}
        </ol>
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={conditions.length >= MAX_CONDITIONS}
            onClick={() => form.insert({ name: fields.conditions.name, defaultValue: { kind: "description.contains" } satisfies ConditionRow })}
          >
            <Plus aria-hidden="true" className="me-1 h-4 w-4" />
            {t("rules.editor.addCondition")}
          </Button>
        </div>
      </fieldset>

      <fieldset className="m-0 grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 border-0 p-0 sm:grid-cols-2">
        <legend className="mb-2 p-0 font-medium">{t("rules.editor.actions")}</legend>
        <div className="sm:col-span-2">
          <FormField id={fields.purpose.id} errorId={fields.purpose.errorId} label={t("rules.editor.setPurpose")} errors={fields.purpose.errors}>
            <Input {...getInputProps(fields.purpose, { type: "text" })} key={fields.purpose.key} maxLength={500} />
          </FormField>
        </div>
        <FormField id={fields.category.id} errorId={fields.category.errorId} label={t("rules.editor.setCategory")} errors={fields.category.errors}>
          <NativeSelect {...getSelectProps(fields.category)} key={fields.category.key} className="w-full min-w-0">
            <option value="">{t("rules.editor.leaveAsIs")}</option>
            {CATEGORY_IDS.map((c) => (
              <option key={c} value={c}>
                {t(`category.${c}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={fields.side.id} errorId={fields.side.errorId} label={t("rules.editor.setSide")} errors={fields.side.errors}>
          <NativeSelect {...getSelectProps(fields.side)} key={fields.side.key} className="w-full min-w-0">
            <option value="">{t("rules.editor.sideFromCategory")}</option>
            {PRINCIPAL_OR_INCOME.map((s) => (
              <option key={s} value={s}>
                {t(`side.${s}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <div className="sm:col-span-2">
          <FormField id={fields.party.id} errorId={fields.party.errorId} label={t("rules.editor.setParty")} errors={fields.party.errors}>
            <Input {...getInputProps(fields.party, { type: "text" })} key={fields.party.key} list={`${form.id}-members`} maxLength={200} />
          </FormField>
          <datalist id={`${form.id}-members`}>
            {members.map((m) => (
              <option key={m.userId} value={m.name} />
            ))}
          </datalist>
        </div>
        <div className="sm:col-span-2">
          <FormField id={fields.note.id} errorId={fields.note.errorId} label={t("rules.editor.setNote")} errors={fields.note.errors}>
            <textarea {...getTextareaProps(fields.note)} key={fields.note.key} rows={2} maxLength={4000} className={TEXTAREA} />
          </FormField>
        </div>
        <p className="m-0 text-sm text-muted-foreground sm:col-span-2">{t("rules.editor.actionsHelp")}</p>
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? t("transactions.saving") : t("rules.editor.save")}
        </Button>
        <Button type="button" variant="outline" onClick={() => void showPreview()} disabled={previewing}>
          <Eye aria-hidden="true" className="me-1 h-4 w-4" />
          {t("rules.editor.preview")}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t("transactions.cancel")}
        </Button>
      </div>
      <RulePreviewResult preview={preview} busy={previewing} id={`${form.id}-preview`} />
    </form>
  );
}

/** One condition: what it looks at and how, then its value (two for a range), and a way to take it out. */
function ConditionRowFields({
  condition,
  index,
  accounts,
  onRemove,
}: {
  condition: FieldMetadata<ConditionRow>;
  index: number;
  accounts: RuleAccount[];
  onRemove?: () => void;
}) {
  const { t } = useTranslation("banking");
  const row = condition.getFieldset();
  const kind = (row.kind.value ?? "description.contains") as ConditionRow["kind"];
  const field = kind.split(".")[0];
  const ranged = kind === "amount.between" || kind === "date";
  const valueLabel = ranged ? t(kind === "date" ? "rules.editor.from" : "rules.editor.min") : t("rules.editor.value");
  return (
    <li className="grid min-w-0 gap-2 rounded-md border border-solid border-border p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium" id={`${condition.id}-title`}>
          {t("rules.editor.conditionN", { n: index + 1 })}
        </span>
        {onRemove ? (
          <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={t("rules.editor.removeCondition", { n: index + 1 })}>
            <X aria-hidden="true" className="h-4 w-4" />
          </Button>
        ) : null}
      </div>
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 sm:grid-cols-3">
        <FormField id={row.kind.id} errorId={row.kind.errorId} label={t("rules.editor.kind")} errors={row.kind.errors}>
          <NativeSelect {...getSelectProps(row.kind)} key={row.kind.key} className="w-full min-w-0">
            {CONDITION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`rules.kind.${k}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={row.value.id} errorId={row.value.errorId} label={valueLabel} errors={row.value.errors}>
          {field === "account" ? (
            <NativeSelect {...getSelectProps(row.value)} key={`${row.value.key}-account`} className="w-full min-w-0">
              <option value="">—</option>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </NativeSelect>
          ) : (
            <Input
              {...getInputProps(row.value, { type: field === "date" ? "date" : "text" })}
              key={`${row.value.key}-${field}`}
              inputMode={field === "amount" ? "decimal" : undefined}
              maxLength={200}
            />
          )}
        </FormField>
        {ranged ? (
          <FormField id={row.to.id} errorId={row.to.errorId} label={t(kind === "date" ? "rules.editor.to" : "rules.editor.max")} errors={row.to.errors}>
            <Input
              {...getInputProps(row.to, { type: field === "date" ? "date" : "text" })}
              key={`${row.to.key}-${field}`}
              inputMode={field === "amount" ? "decimal" : undefined}
            />
          </FormField>
        ) : null}
      </div>
      {kind === "description.matches" ? <p className="m-0 text-sm text-muted-foreground">{t("rules.editor.matchesHelp")}</p> : null}
    </li>
  );
}
