import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/form-field";
import { Input } from "~/components/ui/input";
import { PasswordInput } from "../../components/password-input";
import type { Refused } from "./factors-client";

interface FieldProps {
  /** The form's `useId()`: each field's id and error id derive from it. */
  formId: string;
  value: string;
  onChange: (value: string) => void;
  errors: string[] | undefined;
}

/** The refusal's sentence, when none of the form's fields shows it beside itself. */
export function RefusedAlert({ refused, fields }: { refused: Refused | null; fields: readonly string[] }) {
  if (!refused || fields.some((name) => refused.fieldErrors[name])) return null;
  return (
    <p role="alert" className="m-0 text-sm text-destructive">
      {refused.error}
    </p>
  );
}

/** The person's current password, asked again before a factor changes; it can be shown while typed. */
export function CurrentPasswordField({ formId, value, onChange, errors }: FieldProps) {
  const { t } = useTranslation("security");
  const [visible, setVisible] = useState(false);
  return (
    <FormField id={`${formId}-password`} errorId={`${formId}-password-error`} label={t("reverify.password")} errors={errors}>
      <PasswordInput
        id={`${formId}-password`}
        name="password"
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${formId}-password-error` : undefined}
        required
        visible={visible}
        onToggle={() => setVisible((v) => !v)}
      />
    </FormField>
  );
}

/** A code from the authenticator app (`numeric`: the app's only), or a recovery code where either is taken. */
export function FactorCodeField({ formId, value, onChange, errors, label, numeric = false }: FieldProps & { label: string; numeric?: boolean }) {
  return (
    <FormField id={`${formId}-code`} errorId={`${formId}-code-error`} label={label} errors={errors}>
      <Input
        id={`${formId}-code`}
        name="code"
        inputMode={numeric ? "numeric" : undefined}
        autoComplete="one-time-code"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${formId}-code-error` : undefined}
        required
      />
    </FormField>
  );
}
