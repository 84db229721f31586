import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormField } from "~/components/form-field";
import { Banner } from "~/components/ui/banner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ApiError, apiFetch, refusalSentence } from "~/platform/api-fetch";
import type { QuietHours } from "../quiet-hours";

export interface QuietSettings {
  timeZone: string | null;
  quietHours: QuietHours;
}

/** The browser's own zone, offered when the person has none saved (null while rendering on the server). */
function browserZone(): string | null {
  try {
    return typeof window === "undefined" ? null : Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** The person's time zone and quiet hours, saved through PUT /api/profile/quiet-hours. */
export function QuietHoursForm({ saved }: { saved: QuietSettings }) {
  const { t } = useTranslation("profile");
  const [zone, setZone] = useState(saved.timeZone ?? "");
  const [offered, setOffered] = useState<string | null>(null);
  const [quiet, setQuiet] = useState(saved.quietHours);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const guess = browserZone();
    setOffered(guess);
    if (!saved.timeZone && guess) setZone(guess);
  }, [saved.timeZone]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    setErrors({});
    try {
      const answer = await apiFetch<QuietSettings>("/api/profile/quiet-hours", { method: "PUT", body: { timeZone: zone.trim() || null, quietHours: quiet } });
      setZone(answer.timeZone ?? "");
      setQuiet(answer.quietHours);
      setOutcome({ ok: true, text: t("quiet.saved") });
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors) setErrors(caught.fieldErrors);
      setOutcome({ ok: false, text: refusalSentence(caught, t("quiet.failed")) });
    } finally {
      setBusy(false);
    }
  }

  const field = (name: string) => errors[name] ?? errors[`quietHours.${name}`];
  return (
    <form onSubmit={submit} className="grid gap-3" data-testid="quiet-hours-form" noValidate>
      {outcome ? <Banner kind={outcome.ok ? "success" : "error"}>{outcome.text}</Banner> : null}
      <FormField id="quiet-zone" errorId="quiet-zone-error" label={t("quiet.timeZone")} errors={errors.timeZone}>
        <Input
          id="quiet-zone"
          name="timeZone"
          value={zone}
          onChange={(e) => setZone(e.target.value)}
          placeholder="Europe/Paris"
          autoComplete="off"
          aria-describedby={errors.timeZone ? "quiet-zone-error" : "quiet-zone-hint"}
        />
      </FormField>
      <p id="quiet-zone-hint" className="m-0 text-sm text-muted-foreground">
        {offered && offered !== zone ? (
          <>
            {t("quiet.browserZone", { zone: offered })}{" "}
            <Button type="button" variant="link" size="sm" onClick={() => setZone(offered)}>
              {t("quiet.useBrowserZone")}
            </Button>
          </>
        ) : (
          t("quiet.zoneHint")
        )}
      </p>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="enabled" checked={quiet.enabled} onChange={(e) => setQuiet({ ...quiet, enabled: e.target.checked })} />
        {t("quiet.enabled")}
      </label>
      <div className="flex flex-wrap gap-4">
        <FormField id="quiet-start" errorId="quiet-start-error" label={t("quiet.start")} errors={field("start")}>
          <Input id="quiet-start" name="start" type="time" value={quiet.start} onChange={(e) => setQuiet({ ...quiet, start: e.target.value })} />
        </FormField>
        <FormField id="quiet-end" errorId="quiet-end-error" label={t("quiet.end")} errors={field("end")}>
          <Input id="quiet-end" name="end" type="time" value={quiet.end} onChange={(e) => setQuiet({ ...quiet, end: e.target.value })} />
        </FormField>
      </div>
      <p className="m-0 text-sm text-muted-foreground">{t("quiet.explain")}</p>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? t("saving") : t("quiet.save")}
      </Button>
    </form>
  );
}
