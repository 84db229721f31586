import { Camera as CameraIcon, SwitchCamera } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useAnnouncer } from "~/modules/a11y/announcer";
import { captureFrame, type PagePicture } from "../images";

/** Why the camera could not be opened, as the end of a translation key ("camera.problem.*"). */
export type CameraProblem = "unsupported" | "refused" | "notFound" | "busy" | "failed";

type CameraState = { status: "off" } | { status: "starting" } | { status: "on"; ready: boolean } | { status: "unavailable"; problem: CameraProblem };

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") return "refused";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") return "notFound";
  if (name === "NotReadableError" || name === "TrackStartError" || name === "AbortError") return "busy";
  return "failed";
}

/** What we ask of the camera: the back one on a phone, as sharp as it offers (the page caps the size). */
function constraints(deviceId: string | null): MediaStreamConstraints {
  return {
    audio: false,
    video: {
      ...(deviceId ? { deviceId: { exact: deviceId } } : { facingMode: { ideal: "environment" } }),
      width: { ideal: 1920 },
      height: { ideal: 1080 },
    },
  };
}

/**
 * The live camera. It opens only when asked ("Scan document with camera"), so the browser's
 * permission question comes from the person's own action; a large button takes each page. When the
 * camera cannot be used the reason is shown and `onUnavailable` lets the screen offer photos instead.
 */
export function Camera({
  onCapture,
  onUnavailable,
  disabled,
}: {
  onCapture: (picture: PagePicture) => void;
  onUnavailable: (problem: CameraProblem) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("scanner");
  const { announceError } = useAnnouncer();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const messageId = useId();
  const [state, setState] = useState<CameraState>({ status: "off" });
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [capturing, setCapturing] = useState(false);

  const stopTracks = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  }, []);

  const mounted = useRef(true);
  // The camera light goes off when the person leaves the screen.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopTracks();
    };
  }, [stopTracks]);

  const fail = useCallback(
    (problem: CameraProblem) => {
      stopTracks();
      setState({ status: "unavailable", problem });
      announceError(t(`camera.problem.${problem}`));
      onUnavailable(problem);
    },
    [announceError, onUnavailable, stopTracks, t],
  );

  const open = useCallback(
    async (wanted: string | null) => {
      if (typeof navigator === "undefined" || !navigator.mediaDevices?.getUserMedia) return fail("unsupported");
      stopTracks();
      setState({ status: "starting" });
      try {
        const media = await navigator.mediaDevices.getUserMedia(constraints(wanted));
        if (!mounted.current) return media.getTracks().forEach((track) => track.stop());
        stream.current = media;
        setState({ status: "on", ready: false });
        const track = media.getVideoTracks()[0];
        setDeviceId(track?.getSettings().deviceId ?? wanted);
        // Device names and the count are only known once permission is given.
        const devices = await navigator.mediaDevices.enumerateDevices().catch(() => []);
        setCameras(devices.filter((device) => device.kind === "videoinput"));
      } catch (error) {
        fail(problemOf(error));
      }
    },
    [fail, stopTracks],
  );

  // The <video> exists only while the camera is on; attach the stream once it is rendered.
  useEffect(() => {
    if (state.status === "on" && video.current && stream.current && video.current.srcObject !== stream.current) {
      video.current.srcObject = stream.current;
      void video.current.play().catch(() => {});
    }
  }, [state]);

  const stop = () => {
    stopTracks();
    setState({ status: "off" });
  };

  const switchCamera = () => {
    if (cameras.length < 2) return;
    const index = cameras.findIndex((camera) => camera.deviceId === deviceId);
    void open(cameras[(index + 1) % cameras.length].deviceId);
  };

  const capture = async () => {
    if (!video.current || capturing) return;
    setCapturing(true);
    try {
      onCapture(await captureFrame(video.current));
    } catch {
      announceError(t("camera.captureFailed"));
    } finally {
      setCapturing(false);
    }
  };

  if (state.status !== "on") {
    return (
      <div className="grid gap-3">
        <Button
          type="button"
          size="lg"
          className="h-14 w-full text-base sm:w-auto"
          onClick={() => void open(deviceId)}
          disabled={disabled || state.status === "starting"}
          aria-describedby={state.status === "unavailable" ? messageId : undefined}
          data-testid="start-camera"
        >
          <CameraIcon aria-hidden="true" className="h-5 w-5" />
          {state.status === "starting" ? t("camera.starting") : t("camera.start")}
        </Button>
        {state.status === "unavailable" ? (
          <p
            id={messageId}
            role="alert"
            className="m-0 rounded-md border border-solid border-destructive bg-destructive-soft p-3 text-sm text-destructive-soft-foreground"
            data-testid="camera-problem"
          >
            {t(`camera.problem.${state.problem}`)}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <section aria-label={t("camera.start")} className="grid gap-3" data-testid="camera">
      <div className="relative overflow-hidden rounded-lg bg-black">
        <video
          ref={video}
          muted
          playsInline
          autoPlay
          aria-label={t("camera.view")}
          // "playing", not "loadedmetadata": only then is there a frame to draw (else the page is blank).
          onPlaying={() => setState({ status: "on", ready: true })}
          className="block max-h-[60vh] w-full object-contain"
        />
      </div>
      <Button
        type="button"
        size="lg"
        className="h-16 w-full rounded-full text-lg"
        onClick={() => void capture()}
        disabled={disabled || !state.ready || capturing}
        data-testid="capture-page"
      >
        <span aria-hidden="true">⬤</span>
        {t("camera.capture")}
      </Button>
      <div className="flex flex-wrap gap-2">
        {cameras.length > 1 ? (
          <Button type="button" variant="outline" className="h-11" onClick={switchCamera}>
            <SwitchCamera aria-hidden="true" className="h-5 w-5" />
            {t("camera.switch")}
          </Button>
        ) : null}
        <Button type="button" variant="outline" className="h-11" onClick={stop}>
          {t("camera.stop")}
        </Button>
      </div>
    </section>
  );
}
