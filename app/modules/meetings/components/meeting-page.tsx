import { Link } from "@remix-run/react";
import { CalendarDays, Video } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/modules/preferences/display";
import { apiFetch } from "~/platform/api-fetch";
import type { IceAnswer, MeetingPhase } from "../client/session";
import { openCameraAndMicrophone, useMeeting, type DeviceChoice, type LocalMedia } from "../client/use-meeting";
import { browserTimeZone, withTimeZone } from "../time-zone";
import { ChatLog, type ChatLogLine } from "./chat-log";
import { DeviceSelect } from "./device-select";
import { InvitationAnswer } from "./invitation-answer";
import { LinkedItems, type LinkedItemView } from "./linked-items";
import { MeetingRoom } from "./meeting-room";
import { MinutesLink } from "./minutes-link";

export interface MeetingDetail {
  meeting: {
    id: string;
    title: string;
    startsAt: string;
    durationMinutes: number;
    status: string;
    agenda: string | null;
    host: { id: string; name: string } | null;
    /** guest: a member who is not invited, who knocks at the lobby (the host lets them in). */
    yourRole: "host" | "invitee" | "guest";
    yourResponse: string | null;
    icsUrl: string | null;
    iceServersUrl: string;
  };
  invitees: { userId: string; name: string; response: string }[];
  attendance: { userId: string | null; name: string; joinedAt: string; leftAt: string | null }[];
  linked: { poll: LinkedItemView | null; documents: LinkedItemView[] };
  /** An ended meeting's chat, for its host and invitees; null before it ended. */
  chatLog: ChatLogLine[] | null;
}

const NO_MEDIA: LocalMedia = { stream: null, audio: false, video: false, screen: false, problem: null };
const ENDED_PHASES: MeetingPhase[] = ["denied", "removed", "ended", "left", "access-ended", "signed-out", "e2ee-required", "failed"];

/** A meeting's page: what it is about, a preview of one's camera with device choice, then the meeting itself. */
export function MeetingPage({ detail }: { detail: MeetingDetail }) {
  const { t } = useTranslation("meetings");
  const { language } = useLanguage();
  const { meeting } = detail;
  const [media, setMedia] = useState<LocalMedia>(NO_MEDIA);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [choice, setChoice] = useState<DeviceChoice>({});
  const [ice, setIce] = useState<IceAnswer | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The browser's zone, known only after hydration: the calendar file's description then gives the time in it.
  const [zone, setZone] = useState<string | null>(null);
  const camera = useRef<MediaStream | null>(null);
  const mediaNow = useRef(media);
  mediaNow.current = media;
  const fetchIce = () => apiFetch<IceAnswer>(meeting.iceServersUrl).catch(() => null);
  const { state, send, leave } = useMeeting(meeting.id, ice, attempt, media, fetchIce);
  const ended = meeting.status === "ended";
  const mutedBy = state?.mutedBy ?? null;

  useEffect(() => setZone(browserTimeZone()), []);

  useEffect(() => {
    if (ended) return;
    let cancelled = false;
    void openCameraAndMicrophone(choice).then(async (opened) => {
      if (cancelled) return opened.stream?.getTracks().forEach((track) => track.stop());
      // Another microphone or camera keeps what the person had turned off (muted stays muted).
      const before = mediaNow.current;
      for (const kind of ["audio", "video"] as const) {
        const tracks = kind === "audio" ? opened.stream?.getAudioTracks() : opened.stream?.getVideoTracks();
        const had = kind === "audio" ? before.stream?.getAudioTracks() : before.stream?.getVideoTracks();
        if (!before.screen && !before[kind] && had?.length && tracks?.length) {
          tracks.forEach((track) => (track.enabled = false));
          opened[kind] = false;
        }
      }
      camera.current?.getTracks().forEach((track) => track.stop());
      camera.current = opened.stream;
      setMedia(opened);
      setDevices(await navigator.mediaDevices.enumerateDevices().catch(() => []));
    });
    return () => {
      cancelled = true;
    };
  }, [choice, ended]);

  useEffect(() => () => camera.current?.getTracks().forEach((track) => track.stop()), []);

  // The host muted this person: the session turned the microphone off, and the button now says "Unmute".
  useEffect(() => {
    if (mutedBy) setMedia((m) => (m.audio ? { ...m, audio: false } : m));
  }, [mutedBy]);

  async function join() {
    // Unreachable now: direct connections only, asked again within minutes (a rejoin, or someone arriving).
    setIce((await fetchIce()) ?? { iceServers: [], ttlSeconds: 600 });
    setAttempt((n) => n + 1);
  }

  function toggle(kind: "audio" | "video") {
    const tracks = kind === "audio" ? media.stream?.getAudioTracks() : media.stream?.getVideoTracks();
    if (!tracks?.length) return;
    const on = !media[kind];
    tracks.forEach((track) => (track.enabled = on));
    setMedia({ ...media, [kind]: on });
  }

  async function shareScreen() {
    if (media.screen) {
      setMedia({ ...media, stream: camera.current, screen: false, video: (camera.current?.getVideoTracks().length ?? 0) > 0 });
      return;
    }
    try {
      const screen = await navigator.mediaDevices.getDisplayMedia({ video: true });
      const stream = new MediaStream([...screen.getVideoTracks(), ...(camera.current?.getAudioTracks() ?? [])]);
      screen.getVideoTracks()[0]?.addEventListener("ended", () => setMedia((m) => ({ ...m, stream: camera.current, screen: false })));
      setMedia({ ...media, stream, screen: true, video: true });
    } catch {
      // The person chose not to share.
    }
  }

  const when = new Intl.DateTimeFormat(language, { dateStyle: "full", timeStyle: "short" }).format(new Date(meeting.startsAt));
  const inRoom = attempt > 0 && state && !ENDED_PHASES.includes(state.phase);

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <header className="grid gap-1">
        <p className="m-0 text-sm">
          <Link to="/video-meetings">{t("page.back")}</Link>
        </p>
        <h1 className="m-0 break-words text-2xl">{meeting.title}</h1>
        <p className="m-0 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <CalendarDays aria-hidden="true" className="h-4 w-4" />
          {t("page.when", { when, minutes: meeting.durationMinutes })}
          {meeting.host ? ` · ${t("page.hostedBy", { name: meeting.host.name })}` : ""}
          {meeting.icsUrl ? (
            <a href={withTimeZone(meeting.icsUrl, zone)} download data-testid="add-to-calendar">
              {t("page.addToCalendar")}
            </a>
          ) : null}
        </p>
      </header>
      <LinkedItems poll={detail.linked.poll} documents={detail.linked.documents} />

      {inRoom && state.phase === "in" ? (
        <MeetingRoom
          meetingId={meeting.id}
          state={state}
          media={media}
          send={send}
          onToggleAudio={() => toggle("audio")}
          onToggleVideo={() => toggle("video")}
          onShareScreen={shareScreen}
          onLeave={leave}
          devices={devices}
          choice={choice}
          onChoose={setChoice}
        />
      ) : inRoom ? (
        <p role="status" className="m-0 rounded-md border border-solid border-border bg-card p-4" data-testid="meeting-phase">
          {state.phase === "waiting" ? t("phase.waiting") : state.phase === "reconnecting" ? t("phase.reconnecting") : t("phase.connecting")}
        </p>
      ) : (
        <section aria-labelledby="prejoin-heading" className="grid gap-4 rounded-lg border border-solid border-border bg-card p-4 md:grid-cols-2">
          <h2 id="prejoin-heading" className="sr-only">
            {t("prejoin.heading")}
          </h2>
          <Preview stream={media.stream} />
          <div className="grid content-start gap-3">
            {state && ENDED_PHASES.includes(state.phase) ? (
              <p role="status" className="m-0 font-medium" data-testid="meeting-phase">
                {t(`phase.${state.phase}`)}
              </p>
            ) : null}
            {ended ? <p className="m-0">{t("prejoin.ended")}</p> : null}
            {media.problem ? <p className="m-0 text-sm">{t("prejoin.noDevices", { problem: media.problem })}</p> : null}
            <DeviceSelect
              kind="audioinput"
              label={t("prejoin.microphone")}
              devices={devices}
              value={choice.audioInput}
              onChange={(id) => setChoice({ ...choice, audioInput: id })}
            />
            <DeviceSelect
              kind="videoinput"
              label={t("prejoin.camera")}
              devices={devices}
              value={choice.videoInput}
              onChange={(id) => setChoice({ ...choice, videoInput: id })}
            />
            {meeting.agenda ? (
              <div className="grid gap-1">
                <h3 className="m-0 text-base">{t("prejoin.agenda")}</h3>
                <p className="m-0 whitespace-pre-wrap break-words text-sm">{meeting.agenda}</p>
              </div>
            ) : null}
            {!ended && meeting.yourRole === "invitee" ? <InvitationAnswer meetingId={meeting.id} current={meeting.yourResponse} /> : null}
            {detail.invitees.length > 0 ? (
              <div className="grid gap-1">
                <h3 className="m-0 text-base">{t("invitation.invited")}</h3>
                <ul className="m-0 grid list-none gap-1 p-0 text-sm" data-testid="invitee-responses">
                  {detail.invitees.map((i) => (
                    <li key={i.userId}>{t(`invitation.status.${i.response}`, { name: i.name })}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {ended ? null : (
              <Button onClick={() => void join()} data-testid="join-meeting">
                <Video aria-hidden="true" className="h-4 w-4" />
                {state ? t("prejoin.rejoin") : t("prejoin.join")}
              </Button>
            )}
          </div>
        </section>
      )}

      {detail.attendance.length > 0 ? (
        <section aria-labelledby="attendance-heading" className="grid gap-2">
          <h2 id="attendance-heading" className="m-0 text-lg">
            {t("page.attendance")}
          </h2>
          <ul className="m-0 grid list-none gap-1 p-0 text-sm" data-testid="attendance">
            {detail.attendance.map((a, i) => (
              <li key={i}>
                {t("page.attended", {
                  name: a.name,
                  from: new Date(a.joinedAt).toLocaleTimeString(language),
                  to: a.leftAt ? new Date(a.leftAt).toLocaleTimeString(language) : "…",
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {detail.chatLog ? <ChatLog messages={detail.chatLog} /> : null}
      {ended || detail.attendance.length > 0 ? <MinutesLink meetingId={meeting.id} /> : null}
    </div>
  );
}

function Preview({ stream }: { stream: MediaStream | null }) {
  const { t } = useTranslation("meetings");
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  return <video ref={video} autoPlay playsInline muted className="aspect-video w-full rounded-md bg-black object-cover" aria-label={t("prejoin.preview")} />;
}
