import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";
import { RETENTION_CHOICES } from "../validation";

export interface RetentionView {
  recordingRetentionDays: number | null;
}

const FOREVER = "forever";

/** How long recordings are kept: the owner chooses (PUT /api/meetings/settings); everyone else reads the rule. */
export function RetentionSettings({ initial, canChange }: { initial: RetentionView; canChange: boolean }) {
  const { t } = useTranslation("meetings");
  const [days, setDays] = useState(initial.recordingRetentionDays);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const rule = days === null ? t("retention.ruleForever") : t("retention.ruleDays", { days });
  const choices = days === null || (RETENTION_CHOICES as readonly number[]).includes(days) ? RETENTION_CHOICES : [...RETENTION_CHOICES, days];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = String(new FormData(event.currentTarget).get("days"));
    setBusy(true);
    setStatus(null);
    try {
      const { settings } = await apiFetch<{ settings: RetentionView }>("/api/meetings/settings", {
        method: "PUT",
        body: { recordingRetentionDays: chosen === FOREVER ? null : Number(chosen) },
      });
      setDays(settings.recordingRetentionDays);
      setStatus({ ok: true, text: t("retention.saved") });
    } catch (caught) {
      setStatus({ ok: false, text: refusalSentence(caught, t("retention.failed")) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="retention-heading" className="grid gap-2 rounded-md border border-solid border-border bg-card p-4" data-testid="retention">
      <h2 id="retention-heading" className="m-0 text-lg">
        {t("retention.title")}
      </h2>
      <p className="m-0 text-sm" data-testid="retention-rule">
        {rule}
      </p>
      {canChange ? (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor="retention-days">{t("retention.label")}</Label>
            <select
              id="retention-days"
              name="days"
              defaultValue={days === null ? FOREVER : String(days)}
              key={String(days)}
              className="min-w-0 rounded-md border border-solid border-input bg-background p-1.5"
            >
              <option value={FOREVER}>{t("retention.forever")}</option>
              {choices.map((choice) => (
                <option key={choice} value={String(choice)}>
                  {choice === 2555 ? t("retention.sevenYears") : t("retention.days", { days: choice })}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? t("retention.saving") : t("retention.save")}
          </Button>
        </form>
      ) : (
        <p className="m-0 text-sm text-muted-foreground">{t("retention.onlyOwner")}</p>
      )}
      {status ? (
        <p role={status.ok ? "status" : "alert"} className={status.ok ? "m-0 text-sm text-muted-foreground" : "m-0 text-sm text-destructive"}>
          {status.text}
        </p>
      ) : null}
    </section>
  );
}
