import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { PasswordInput } from "../../components/password-input";
import type { Refused } from "./factors-client";

interface Props {
  /** While an authenticator app is set up, a current code (or a recovery code) is asked as well. */
  needsCode: boolean;
  submitLabel: string;
  intro: string;
  onSubmit: (values: { password: string; code?: string }) => Promise<Refused | null>;
  onCancel: () => void;
}

/** Asks again before a factor goes or codes are renewed: the password, and a code when an app is set up. */
export function ReverifyForm({ needsCode, submitLabel, intro, onSubmit, onCancel }: Props) {
  const { t } = useTranslation("security");
  const { t: tAuth } = useTranslation("auth");
  const id = useId();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [visible, setVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<Refused | null>(null);
  const fieldError = (name: string) => refused?.fieldErrors[name];

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setRefused(await onSubmit({ password, code: needsCode ? code : undefined }));
    setBusy(false);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-3 rounded-md border border-solid border-border p-3" noValidate>
      <p className="m-0 text-sm">{intro}</p>
      {refused && !fieldError("password") && !fieldError("code") ? (
        <p role="alert" className="m-0 text-sm text-destructive">
          {refused.error}
        </p>
      ) : null}
      <FormField id={`${id}-password`} errorId={`${id}-password-error`} label={t("reverify.password")} errors={fieldError("password")}>
        <PasswordInput
          id={`${id}-password`}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={fieldError("password") ? true : undefined}
          aria-describedby={fieldError("password") ? `${id}-password-error` : undefined}
          required
          visible={visible}
          onToggle={() => setVisible((v) => !v)}
        />
      </FormField>
      {needsCode ? (
        <FormField id={`${id}-code`} errorId={`${id}-code-error`} label={t("reverify.code")} errors={fieldError("code")}>
          <Input
            id={`${id}-code`}
            name="code"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={fieldError("code") ? true : undefined}
            aria-describedby={fieldError("code") ? `${id}-code-error` : undefined}
            required
          />
        </FormField>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" size="sm" disabled={busy}>
          {busy ? tAuth("resetPage.pending") : submitLabel}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={busy}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
