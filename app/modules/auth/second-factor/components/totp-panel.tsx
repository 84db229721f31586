import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { RelativeTime } from "~/modules/preferences/components/relative-time";
import { factorCommand, type Refused } from "./factors-client";
import { CurrentPasswordField, FactorCodeField, RefusedAlert } from "./factor-fields";
import { ReverifyForm } from "./reverify-form";

interface Setup {
  secret: string;
  qr: string;
}

interface Props {
  confirmedAt: string | null;
  /** A change was saved: the sentence to say, and recovery codes to show once when the server made some. */
  onChanged: (message: string, recoveryCodes?: string[] | null) => void;
}

/** The secret in groups of four, as the apps' manual-entry fields show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** The authenticator app: set up with a QR code (or the secret typed in), a first code and the password; removed after asking again. */
export function TotpPanel({ confirmedAt, onChanged }: Props) {
  const { t } = useTranslation("security");
  const id = useId();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [removing, setRemoving] = useState(false);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<Refused | null>(null);

  async function start() {
    setBusy(true);
    const answer = await factorCommand<Setup>("totp-setup", undefined, t("failed"));
    setBusy(false);
    if (answer.ok) {
      setSetup(answer.data);
      setRefused(null);
    } else setRefused(answer);
  }

  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await factorCommand<{ recoveryCodes: string[] | null }>("totp-confirm", { code, password }, t("failed"));
    setBusy(false);
    if (!answer.ok) return setRefused(answer);
    setSetup(null);
    setCode("");
    setPassword("");
    setRefused(null);
    onChanged(t("totp.enabled"), answer.data.recoveryCodes);
  }

  if (confirmedAt) {
    return (
      <div className="grid gap-3">
        <p className="m-0 text-sm">
          {t("totp.on")} <RelativeTime value={confirmedAt} />
        </p>
        {removing ? (
          <ReverifyForm
            needsCode
            intro={t("totp.removeIntro")}
            submitLabel={t("totp.remove")}
            onCancel={() => setRemoving(false)}
            onSubmit={async (values) => {
              const answer = await factorCommand("totp-remove", values, t("failed"));
              if (!answer.ok) return answer;
              setRemoving(false);
              onChanged(t("totp.removed"));
              return null;
            }}
          />
        ) : (
          <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setRemoving(true)}>
            {t("totp.remove")}
          </Button>
        )}
      </div>
    );
  }

  const codeError = refused?.fieldErrors.code;
  const passwordError = refused?.fieldErrors.password;
  return (
    <div className="grid gap-3">
      <RefusedAlert refused={refused} fields={["code", "password"]} />
      {setup ? (
        <form onSubmit={(event) => void confirm(event)} className="grid gap-3" aria-label={t("totp.setUp")} noValidate>
          <ol className="m-0 grid gap-2 ps-5 text-sm">
            <li>{t("totp.stepScan")}</li>
            <li>{t("totp.stepCode")}</li>
          </ol>
          <img src={setup.qr} alt={t("totp.qrAlt")} width={192} height={192} className="rounded-md border border-solid border-border bg-white p-1" />
          <p className="m-0 text-sm">
            {t("totp.manual")}{" "}
            <code className="select-all break-all font-mono" data-testid="totp-secret" aria-label={t("totp.secretLabel")}>
              {grouped(setup.secret)}
            </code>
          </p>
          <FactorCodeField formId={id} label={t("totp.codeLabel")} numeric value={code} onChange={setCode} errors={codeError} />
          <CurrentPasswordField formId={id} value={password} onChange={setPassword} errors={passwordError} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={busy}>
              {busy ? t("working") : t("totp.confirm")}
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setSetup(null)} disabled={busy}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="m-0 text-sm text-muted-foreground">{t("totp.off")}</p>
          <Button type="button" size="sm" className="justify-self-start" onClick={() => void start()} disabled={busy}>
            {busy ? t("working") : t("totp.setUp")}
          </Button>
        </>
      )}
    </div>
  );
}
