import { Link, useNavigate } from "@remix-run/react";
import { CalendarPlus, Lock, Video } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/modules/preferences/display";
import { apiFetch, refusalSentence } from "~/platform/api-fetch";
import { RetentionSettings, type RetentionView } from "./retention-settings";
import { ScheduleForm, type LinkChoices, type Member } from "./schedule-form";

export interface MeetingSummary {
  id: string;
  title: string;
  startsAt: string;
  durationMinutes: number;
  status: string;
  host: { id: string; name: string } | null;
  yourRole: "host" | "invitee";
  url: string;
}

interface Props {
  upcoming: MeetingSummary[];
  past: MeetingSummary[];
  canSchedule: boolean;
  members: Member[];
  links: LinkChoices;
  retention: RetentionView;
  isOwner: boolean;
}

/** /video-meetings: start one now, schedule one, and the person's upcoming and past meetings. */
export function MeetingsPage({ upcoming, past, canSchedule, members, links, retention, isOwner }: Props) {
  const { t } = useTranslation("meetings");
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [scheduling, setScheduling] = useState(false);

  async function startNow() {
    setStarting(true);
    setError(null);
    try {
      const { url } = await apiFetch<{ url: string }>("/api/meetings/now", { method: "POST", body: { title: t("defaults.title") } });
      navigate(url);
    } catch (caught) {
      setError(refusalSentence(caught, t("page.startFailed")));
      setStarting(false);
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
      <header className="grid gap-2">
        <h1 className="m-0 text-2xl">{t("page.title")}</h1>
        <p className="m-0 text-muted-foreground">
          <Lock aria-hidden="true" className="me-1 inline h-4 w-4 align-[-2px]" />
          {t("page.intro")}
        </p>
      </header>
      {canSchedule ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={startNow} disabled={starting} aria-label={t("page.startAria")} data-testid="start-meeting">
            <Video aria-hidden="true" className="h-4 w-4" />
            {starting ? t("page.starting") : t("page.start")}
          </Button>
          <Button variant="outline" onClick={() => setScheduling((s) => !s)} aria-expanded={scheduling} aria-controls="schedule-form">
            <CalendarPlus aria-hidden="true" className="h-4 w-4" />
            {t("page.schedule")}
          </Button>
        </div>
      ) : (
        <p className="m-0 text-sm text-muted-foreground">{t("page.onlyInvited")}</p>
      )}
      {error ? (
        <p role="alert" className="m-0 text-destructive">
          {error}
        </p>
      ) : null}
      {canSchedule && scheduling ? <ScheduleForm members={members} links={links} onScheduled={(url) => navigate(url)} /> : null}
      <MeetingList title={t("page.upcoming")} empty={t("page.noUpcoming")} meetings={upcoming} testId="upcoming-meetings" />
      <MeetingList title={t("page.past")} empty={t("page.noPast")} meetings={past} testId="past-meetings" />
      <RetentionSettings initial={retention} canChange={isOwner} />
    </div>
  );
}

function MeetingList({ title, empty, meetings, testId }: { title: string; empty: string; meetings: MeetingSummary[]; testId: string }) {
  const { t } = useTranslation("meetings");
  const { language } = useLanguage();
  const when = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" });
  const heading = `${testId}-heading`;
  return (
    <section aria-labelledby={heading} className="grid gap-3" data-testid={testId}>
      <h2 id={heading} className="m-0 text-lg">
        {title}
      </h2>
      {meetings.length === 0 ? (
        <p className="m-0 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="m-0 grid list-none gap-2 p-0">
          {meetings.map((m) => (
            <li
              key={m.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-solid border-border bg-card p-3"
              data-testid="meeting"
            >
              <div className="grid min-w-0 gap-1">
                <Link to={m.url} className="break-words font-medium">
                  {m.title}
                </Link>
                <span className="text-sm text-muted-foreground">
                  {t("page.when", { when: when.format(new Date(m.startsAt)), minutes: m.durationMinutes })}
                  {m.host ? ` · ${m.yourRole === "host" ? t("page.youHost") : t("page.hostedBy", { name: m.host.name })}` : ""}
                </span>
              </div>
              {m.status === "live" ? (
                <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground" data-testid="meeting-live">
                  {t("page.live")}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
