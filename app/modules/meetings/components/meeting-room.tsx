import { Hand, LogOut, Mic, MicOff, MonitorUp, Video, VideoOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { MeetingClientMessage, ParticipantView } from "../../../../party/meeting-protocol";
import type { MeetingState } from "../client/session";
import type { DeviceChoice, LocalMedia } from "../client/use-meeting";
import { DeviceSelect } from "./device-select";
import { EncryptionStatus } from "./encryption-status";
import { MeetingSide } from "./meeting-side";
import { RecordingPanel } from "./recording-panel";

interface Props {
  meetingId: string;
  state: MeetingState;
  media: LocalMedia;
  send: (message: MeetingClientMessage) => void;
  onToggleAudio: () => void;
  onToggleVideo: () => void;
  onShareScreen: () => void;
  onLeave: () => void;
  /** The browser's microphones and cameras, and the chosen ones: changing one sends its track instead. */
  devices: MediaDeviceInfo[];
  choice: DeviceChoice;
  onChoose: (choice: DeviceChoice) => void;
}

/** The meeting once in: everyone's video, the controls, and the side panel (people, lobby, chat). */
export function MeetingRoom(props: Props) {
  const { meetingId, state, media, send, onToggleAudio, onToggleVideo, onShareScreen, onLeave, devices, choice, onChoose } = props;
  const { t } = useTranslation("meetings");
  const me = state.participants.find((p) => p.id === state.you);
  const others = state.participants.filter((p) => p.id !== state.you);
  const [hand, setHand] = useState(false);
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="grid content-start gap-3">
        <EncryptionStatus state={state} />
        <RecordingPanel meetingId={meetingId} state={state} media={media} />
        {state.topology === "mesh" && state.participants.length > state.meshLimit ? (
          <p role="status" className="m-0 rounded-md border border-solid border-border bg-muted p-2 text-sm">
            {t("room.meshLimit", { count: state.meshLimit })}
          </p>
        ) : null}
        {state.topology === "sfu" ? (
          <p className="m-0 text-sm text-muted-foreground" data-testid="via-sfu">
            {t(state.e2ee.everyoneSupports && state.canEncrypt ? "room.viaSfuEncrypted" : "room.viaSfu")}
          </p>
        ) : null}
        {state.mutedBy ? (
          <p role="status" className="m-0 rounded-md border border-solid border-border bg-muted p-2 text-sm" data-testid="muted-by-host">
            {t("room.mutedByHost")}
          </p>
        ) : null}
        <ul className="m-0 grid list-none grid-cols-[repeat(auto-fill,minmax(16rem,1fr))] gap-3 p-0" aria-label={t("room.participants")}>
          <li>
            <Tile name={t("room.you", { name: me?.name ?? "" })} stream={media.stream} muted self participant={me} />
          </li>
          {others.map((p) => (
            <li key={p.id}>
              <Tile name={p.name} stream={state.streams[p.id] ?? null} participant={p} quality={state.quality[p.id]} />
            </li>
          ))}
        </ul>
        <div role="toolbar" aria-label={t("room.controls")} className="flex flex-wrap gap-2">
          <Button variant={media.audio ? "outline" : "secondary"} onClick={onToggleAudio} aria-pressed={!media.audio} data-testid="toggle-audio">
            {media.audio ? <Mic aria-hidden="true" className="h-4 w-4" /> : <MicOff aria-hidden="true" className="h-4 w-4" />}
            {media.audio ? t("room.mute") : t("room.unmute")}
          </Button>
          <Button variant={media.video ? "outline" : "secondary"} onClick={onToggleVideo} aria-pressed={!media.video} data-testid="toggle-video">
            {media.video ? <Video aria-hidden="true" className="h-4 w-4" /> : <VideoOff aria-hidden="true" className="h-4 w-4" />}
            {media.video ? t("room.cameraOff") : t("room.cameraOn")}
          </Button>
          <Button variant="outline" onClick={onShareScreen} aria-pressed={media.screen}>
            <MonitorUp aria-hidden="true" className="h-4 w-4" />
            {media.screen ? t("room.stopSharing") : t("room.shareScreen")}
          </Button>
          <Button
            variant="outline"
            aria-pressed={hand}
            onClick={() => {
              send({ type: "hand", raised: !hand });
              setHand(!hand);
            }}
          >
            <Hand aria-hidden="true" className="h-4 w-4" />
            {hand ? t("room.lowerHand") : t("room.raiseHand")}
          </Button>
          <Button variant="destructive" onClick={onLeave} data-testid="leave-meeting">
            <LogOut aria-hidden="true" className="h-4 w-4" />
            {t("room.leave")}
          </Button>
          <DeviceSelect
            compact
            idPrefix="room-device"
            kind="audioinput"
            label={t("prejoin.microphone")}
            devices={devices}
            value={choice.audioInput ?? media.stream?.getAudioTracks()[0]?.getSettings().deviceId}
            onChange={(id) => onChoose({ ...choice, audioInput: id })}
          />
          <DeviceSelect
            compact
            idPrefix="room-device"
            kind="videoinput"
            label={t("prejoin.camera")}
            devices={devices}
            value={choice.videoInput ?? (media.screen ? undefined : media.stream?.getVideoTracks()[0]?.getSettings().deviceId)}
            onChange={(id) => onChoose({ ...choice, videoInput: id })}
          />
        </div>
        {state.error ? (
          <p role="alert" className="m-0 text-sm text-destructive">
            {state.error}
          </p>
        ) : null}
      </div>
      <MeetingSide state={state} send={send} />
    </div>
  );
}

function Tile({
  name,
  stream,
  participant,
  quality,
  muted = false,
  self = false,
}: {
  name: string;
  stream: MediaStream | null;
  participant?: ParticipantView;
  quality?: string;
  muted?: boolean;
  self?: boolean;
}) {
  const { t } = useTranslation("meetings");
  const video = useRef<HTMLVideoElement>(null);
  const speaking = useSpeaking(self ? null : stream);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  return (
    <figure
      className={`relative m-0 overflow-hidden rounded-lg border-2 border-solid bg-black ${speaking ? "border-primary" : "border-transparent"}`}
      data-testid={self ? "self-tile" : "peer-tile"}
      data-speaking={speaking || undefined}
    >
      <video ref={video} autoPlay playsInline muted={muted} className="block aspect-video w-full object-cover" aria-label={t("room.videoOf", { name })} />
      <figcaption className="absolute inset-x-0 bottom-0 flex flex-wrap items-center gap-2 bg-black/60 px-2 py-1 text-sm text-white">
        <span className="truncate">{name}</span>
        {participant && !participant.media.audio ? <MicOff aria-label={t("room.micOff")} className="h-4 w-4" /> : null}
        {participant?.hand ? <Hand aria-label={t("room.handRaised")} className="h-4 w-4" /> : null}
        {quality ? <span className="ms-auto text-xs">{t(`room.quality.${quality}`)}</span> : null}
      </figcaption>
    </figure>
  );
}

/** Whether someone is speaking, from their audio's level: the speaker's tile is outlined. */
function useSpeaking(stream: MediaStream | null): boolean {
  const [speaking, setSpeaking] = useState(false);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === "undefined") return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      let peak = 0;
      for (const s of samples) peak = Math.max(peak, Math.abs(s - 128));
      setSpeaking(peak > 12);
    }, 250);
    return () => {
      clearInterval(timer);
      void context.close();
    };
  }, [stream]);
  return speaking;
}
