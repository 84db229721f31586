import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { CurrentPasswordField, FactorCodeField, RefusedAlert } from "./factor-fields";
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
      <RefusedAlert refused={refused} fields={["password", "code"]} />
      <CurrentPasswordField formId={id} value={password} onChange={setPassword} errors={fieldError("password")} />
      {needsCode ? <FactorCodeField formId={id} label={t("reverify.code")} value={code} onChange={setCode} errors={fieldError("code")} /> : null}
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
