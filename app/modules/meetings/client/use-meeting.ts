import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { MeetingSession, type FetchIce, type IceAnswer, type MeetingState } from "./session";

export interface LocalMedia {
  stream: MediaStream | null;
  audio: boolean;
  video: boolean;
  screen: boolean;
  /** Why the camera or microphone could not be opened, in the browser's words. */
  problem: string | null;
}

export interface DeviceChoice {
  audioInput?: string;
  videoInput?: string;
}

const NO_MEDIA: LocalMedia = { stream: null, audio: false, video: false, screen: false, problem: null };

/** The camera and microphone (the chosen ones), or as much of them as the browser allows: both, then either. */
export async function openCameraAndMicrophone(choice: DeviceChoice): Promise<LocalMedia> {
  const audio = choice.audioInput ? { deviceId: { exact: choice.audioInput } } : true;
  const video = choice.videoInput ? { deviceId: { exact: choice.videoInput } } : { width: { ideal: 1280 }, height: { ideal: 720 } };
  let problem: string | null = null;
  for (const constraints of [{ audio, video }, { audio }, { video }] as MediaStreamConstraints[]) {
    try {
      const stream = await navigator.mediaDevices.getUserMedia(constraints);
      return { stream, audio: stream.getAudioTracks().length > 0, video: stream.getVideoTracks().length > 0, screen: false, problem };
    } catch (error) {
      problem ??= error instanceof Error ? error.message : String(error);
    }
  }
  return { ...NO_MEDIA, problem };
}

/**
 * A meeting on the page: joins on each new `attempt` (0: not yet) once the ICE servers are known, with the media
 * already opened before joining, and leaves on unmount; `fetchIce` asks for them again (admitted from the lobby, a
 * rejoin, credentials near expiry). Returns the room's state and the person's commands.
 */
export function useMeeting(meetingId: string, ice: IceAnswer | null, attempt: number, media: LocalMedia, fetchIce?: FetchIce) {
  const [session, setSession] = useState<MeetingSession | null>(null);
  const mediaRef = useRef(media);
  mediaRef.current = media;
  const fetchRef = useRef(fetchIce);
  fetchRef.current = fetchIce;

  useEffect(() => {
    if (attempt === 0 || ice === null) return;
    const next = new MeetingSession(meetingId, ice.iceServers, mediaRef.current.stream, {
      ttlSeconds: ice.ttlSeconds,
      fetch: () => fetchRef.current?.() ?? Promise.resolve(null),
    });
    setSession(next);
    void next.start();
    const leave = () => next.leave();
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      next.leave();
    };
  }, [meetingId, ice, attempt]);

  useEffect(() => {
    session?.setLocalStream(media.stream, { audio: media.audio, video: media.video, screen: media.screen });
  }, [session, media]);

  const state = useSyncExternalStore(session?.subscribe ?? noSubscribe, session?.getState ?? (() => null), () => null) as MeetingState | null;
  const send = useCallback((...args: Parameters<MeetingSession["send"]>) => session?.send(...args), [session]);
  const leave = useCallback(() => session?.leave(), [session]);
  return { state, send, leave };
}

const noSubscribe = () => () => undefined;
