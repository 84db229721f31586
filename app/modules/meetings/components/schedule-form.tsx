import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ApiError, apiFetch } from "~/platform/api-fetch";

export interface Member {
  id: string;
  name: string;
}

/** The polls and documents this person may link, as the page's loader found them (linkChoices). */
export interface LinkChoices {
  polls: { id: string; title: string }[];
  documents: { id: string; title: string }[];
}

type Errors = Partial<Record<"title" | "startsAt" | "durationMinutes" | "inviteeIds" | "agenda" | "pollId" | "documentIds" | "form", string>>;

/** The day and time an hour from now, on the quarter hour, in the browser's own zone (a datetime-local value). */
function nextQuarterHour(): string {
  const start = new Date(Date.now() + 60 * 60_000);
  start.setMinutes(Math.ceil(start.getMinutes() / 15) * 15, 0, 0);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}T${pad(start.getHours())}:${pad(start.getMinutes())}`;
}

/** Schedule a meeting: the API's own rules and sentences (POST /api/meetings); the start is read in the browser's zone. */
export function ScheduleForm({ members, links, onScheduled }: { members: Member[]; links: LinkChoices; onScheduled: (url: string) => void }) {
  const { t } = useTranslation("meetings");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const local = String(form.get("startsAt") ?? "");
    const start = local ? new Date(local) : null;
    if (!start || Number.isNaN(start.getTime())) return setErrors({ startsAt: t("errors.startsAtMissing") });
    setBusy(true);
    setErrors({});
    try {
      const { url } = await apiFetch<{ url: string }>("/api/meetings", {
        method: "POST",
        body: {
          title: String(form.get("title") ?? ""),
          startsAt: start.toISOString(),
          durationMinutes: Number(form.get("durationMinutes")),
          inviteeIds: form.getAll("inviteeIds").map(String),
          agenda: String(form.get("agenda") ?? ""),
          pollId: String(form.get("pollId") ?? "") || null,
          documentIds: form.getAll("documentIds").map(String),
        },
      });
      onScheduled(url);
    } catch (caught) {
      const fields = caught instanceof ApiError ? caught.fieldErrors : undefined;
      const sentence = caught instanceof ApiError ? (caught.error ?? caught.message) : t("page.scheduleFailed");
      setErrors({ ...Object.fromEntries(Object.entries(fields ?? {}).map(([k, v]) => [k, v[0]])), form: sentence });
      setBusy(false);
    }
  }

  const field = (name: keyof Errors) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `meeting-${name}-error` } : {});
  const message = (name: keyof Errors) =>
    errors[name] ? (
      <p id={`meeting-${name}-error`} className="m-0 text-sm text-destructive">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form
      id="schedule-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="schedule-heading"
      className="grid gap-4 rounded-lg border border-solid border-border bg-card p-4"
    >
      <h2 id="schedule-heading" className="m-0 text-lg">
        {t("page.scheduleHeading")}
      </h2>
      <div className="grid gap-1">
        <Label htmlFor="meeting-title">{t("page.fieldTitle")}</Label>
        <Input id="meeting-title" name="title" required maxLength={200} {...field("title")} />
        {message("title")}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor="meeting-start">{t("page.fieldStart", { zone })}</Label>
          <Input id="meeting-start" name="startsAt" type="datetime-local" required defaultValue={nextQuarterHour()} {...field("startsAt")} />
          {message("startsAt")}
        </div>
        <div className="grid gap-1">
          <Label htmlFor="meeting-duration">{t("page.fieldDuration")}</Label>
          <Input
            id="meeting-duration"
            name="durationMinutes"
            type="number"
            min={5}
            max={480}
            step={5}
            defaultValue={60}
            required
            {...field("durationMinutes")}
          />
          {message("durationMinutes")}
        </div>
      </div>
      <fieldset className="m-0 grid gap-2 border-0 p-0" {...field("inviteeIds")}>
        <legend className="mb-1 font-medium">{t("page.fieldInvitees")}</legend>
        {members.length === 0 ? <p className="m-0 text-sm text-muted-foreground">{t("page.noMembers")}</p> : null}
        {members.map((m) => (
          <label key={m.id} className="flex items-center gap-2">
            <input type="checkbox" name="inviteeIds" value={m.id} />
            {m.name}
          </label>
        ))}
        {message("inviteeIds")}
      </fieldset>
      <div className="grid gap-1">
        <Label htmlFor="meeting-agenda">{t("page.fieldAgenda")}</Label>
        <textarea
          id="meeting-agenda"
          name="agenda"
          rows={4}
          maxLength={4000}
          className="rounded-md border border-solid border-input bg-background p-2 font-inherit"
          {...field("agenda")}
        />
        {message("agenda")}
      </div>
      <div className="grid gap-1">
        <Label htmlFor="meeting-poll">{t("page.fieldPoll")}</Label>
        <select id="meeting-poll" name="pollId" defaultValue="" className="rounded-md border border-solid border-input bg-background p-2" {...field("pollId")}>
          <option value="">{t("page.noPoll")}</option>
          {links.polls.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </select>
        {message("pollId")}
      </div>
      <fieldset className="m-0 grid gap-2 border-0 p-0" {...field("documentIds")}>
        <legend className="mb-1 font-medium">{t("page.fieldDocuments")}</legend>
        {links.documents.length === 0 ? <p className="m-0 text-sm text-muted-foreground">{t("page.noDocuments")}</p> : null}
        <div className="grid max-h-48 gap-1 overflow-y-auto">
          {links.documents.map((d) => (
            <label key={d.id} className="flex items-center gap-2 break-words">
              <input type="checkbox" name="documentIds" value={d.id} />
              {d.title}
            </label>
          ))}
        </div>
        {message("documentIds")}
      </fieldset>
      {errors.form ? (
        <p role="alert" className="m-0 text-destructive">
          {errors.form}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? t("page.scheduling") : t("page.scheduleSubmit")}
        </Button>
      </div>
    </form>
  );
}
