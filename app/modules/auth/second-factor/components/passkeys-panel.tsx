import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { RelativeTime } from "~/modules/preferences/components/relative-time";
import type { FactorOverview } from "../factors.server";
import { PASSKEY_NAME_MAX } from "../validation";
import { factorCommand, type Refused } from "./factors-client";
import { CurrentPasswordField, FactorCodeField, RefusedAlert } from "./factor-fields";
import { ReverifyForm } from "./reverify-form";

interface Props {
  passkeys: FactorOverview["passkeys"];
  hasTotp: boolean;
  onChanged: (message: string, recoveryCodes?: string[] | null) => void;
}

/** Passkeys and security keys: added with the browser's own prompt, listed, and removed after asking again. */
export function PasskeysPanel({ passkeys, hasTotp, onChanged }: Props) {
  const { t } = useTranslation("security");
  const { t: tAuth } = useTranslation("auth");
  const id = useId();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<Refused | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  async function add(event: React.FormEvent) {
    event.preventDefault();
    // Named before the browser's prompt, not refused after it.
    if (!name.trim()) return setRefused({ error: "", fieldErrors: { name: [tAuth("secondFactor.errors.passkeyName", { max: PASSKEY_NAME_MAX })] } });
    setBusy(true);
    setRefused(null);
    try {
      // The password (and code) first: the browser's prompt only comes once the server has asked again.
      const options = await factorCommand<{ options: unknown }>("passkey-options", { password, ...(hasTotp ? { code } : {}) }, t("failed"));
      if (!options.ok) return setRefused(options);
      const { startRegistration } = await import("@simplewebauthn/browser");
      let response: unknown;
      try {
        response = await startRegistration({ optionsJSON: options.data.options as Parameters<typeof startRegistration>[0]["optionsJSON"] });
      } catch {
        return setRefused({ error: t("passkeys.cancelled"), fieldErrors: {} });
      }
      const saved = await factorCommand<{ recoveryCodes: string[] | null }>("passkey-register", { response, name }, t("failed"));
      if (!saved.ok) return setRefused(saved);
      setName("");
      setPassword("");
      setCode("");
      onChanged(t("passkeys.addedNotice"), saved.data.recoveryCodes);
    } finally {
      setBusy(false);
    }
  }

  const nameError = refused?.fieldErrors.name;
  const passwordError = refused?.fieldErrors.password;
  const codeError = refused?.fieldErrors.code;
  return (
    <div className="grid gap-3">
      {passkeys.length ? (
        <ul className="m-0 grid list-none gap-2 p-0" data-testid="passkey-list">
          {passkeys.map((key) => (
            <li key={key.id} className="grid gap-2 rounded-md border border-solid border-border p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="grid">
                  <span className="font-medium">{key.name}</span>
                  <span className="text-muted-foreground">
                    {t("passkeys.addedAt")} <RelativeTime value={key.createdAt} />
                    {key.lastUsedAt ? (
                      <>
                        {" · "}
                        {t("passkeys.lastUsed")} <RelativeTime value={key.lastUsedAt} />
                      </>
                    ) : null}
                  </span>
                </span>
                {removing === key.id ? null : (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    onClick={() => setRemoving(key.id)}
                    aria-label={t("passkeys.removeNamed", { name: key.name })}
                  >
                    {t("passkeys.remove")}
                  </Button>
                )}
              </div>
              {removing === key.id ? (
                <ReverifyForm
                  needsCode={hasTotp}
                  intro={t("passkeys.removeIntro", { name: key.name })}
                  submitLabel={t("passkeys.remove")}
                  onCancel={() => setRemoving(null)}
                  onSubmit={async (values) => {
                    const answer = await factorCommand("passkey-remove", { passkeyId: key.id, ...values }, t("failed"));
                    if (!answer.ok) return answer;
                    setRemoving(null);
                    onChanged(t("passkeys.removed"));
                    return null;
                  }}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="m-0 text-sm text-muted-foreground">{t("passkeys.none")}</p>
      )}
      <form onSubmit={(event) => void add(event)} className="grid gap-3" aria-label={t("passkeys.add")} noValidate>
        <RefusedAlert refused={refused} fields={["name", "password", "code"]} />
        <FormField id={`${id}-name`} errorId={`${id}-name-error`} label={t("passkeys.name")} errors={nameError}>
          <Input
            id={`${id}-name`}
            name="name"
            value={name}
            maxLength={PASSKEY_NAME_MAX}
            placeholder={t("passkeys.namePlaceholder")}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            required
          />
        </FormField>
        <CurrentPasswordField formId={id} value={password} onChange={setPassword} errors={passwordError} />
        {hasTotp ? <FactorCodeField formId={id} label={t("reverify.code")} value={code} onChange={setCode} errors={codeError} /> : null}
        <Button type="submit" size="sm" className="justify-self-start" disabled={busy}>
          {busy ? t("passkeys.waiting") : t("passkeys.add")}
        </Button>
      </form>
    </div>
  );
}
