import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";

export interface EmailSettingsView {
  digest: "off" | "daily" | "weekly";
  lastDigestAt: string | null;
  optOuts: { scope: string; label: string; since: string }[];
}

const MODES = ["off", "daily", "weekly"] as const;

/** Every member's own e-mail: one per event or a summary, and the mail they stopped with an unsubscribe link. */
export function DigestPanel({ initial }: { initial: EmailSettingsView }) {
  const { t } = useTranslation("email");
  const [settings, setSettings] = useState(initial);
  const [choice, setChoice] = useState(initial.digest);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    try {
      const next = await apiFetch<EmailSettingsView>("/api/email/settings", { method: "PUT", body: { digest: choice } });
      setSettings(next);
      setStatus({ ok: true, text: t(`digest.saved.${choice}`) });
    } catch (caught) {
      setStatus({ ok: false, text: refusalSentence(caught, t("errors.failed")) });
    }
  }

  async function receiveAgain(scope: string) {
    setStatus(null);
    try {
      setSettings(await apiFetch<EmailSettingsView>("/api/email/settings", { method: "DELETE", body: { scope } }));
      setStatus({ ok: true, text: t("optOuts.resubscribed") });
    } catch (caught) {
      setStatus({ ok: false, text: refusalSentence(caught, t("errors.failed")) });
    }
  }

  return (
    <section aria-labelledby="my-email-heading" className="grid gap-3 rounded-lg border border-solid border-border bg-card p-4">
      <h2 id="my-email-heading" className="m-0 text-lg">
        {t("digest.title")}
      </h2>
      <form onSubmit={save} className="grid gap-2">
        <fieldset className="m-0 grid gap-2 border-0 p-0">
          <legend className="mb-1 text-sm text-muted-foreground">{t("digest.legend")}</legend>
          {MODES.map((mode) => (
            <label key={mode} className="flex items-start gap-2">
              <input type="radio" name="digest" value={mode} checked={choice === mode} onChange={() => setChoice(mode)} />
              <span>
                <span className="font-medium">{t(`digest.${mode}`)}</span>
                <span className="block text-sm text-muted-foreground">{t(`digest.${mode}Hint`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit">{t("digest.save")}</Button>
        </div>
      </form>
      <h3 className="m-0 text-base">{t("optOuts.title")}</h3>
      {settings.optOuts.length === 0 ? (
        <p className="m-0 text-sm text-muted-foreground">{t("optOuts.none")}</p>
      ) : (
        <ul className="m-0 grid gap-2 pl-5" data-testid="email-opt-outs">
          {settings.optOuts.map((out) => (
            <li key={out.scope}>
              {out.label}{" "}
              <Button type="button" size="sm" variant="outline" onClick={() => void receiveAgain(out.scope)}>
                {t("optOuts.receiveAgain")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className="m-0 text-sm text-muted-foreground">{t("optOuts.securityStays")}</p>
      {status ? (
        <p role={status.ok ? "status" : "alert"} className={`m-0 text-sm ${status.ok ? "" : "text-destructive"}`}>
          {status.text}
        </p>
      ) : null}
    </section>
  );
}
