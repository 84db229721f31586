import { Link } from "@remix-run/react";
import { Circle, Square } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { apiFetch, ApiError } from "~/platform/api-fetch";
import type { RecordingView } from "../../../../party/meeting-protocol";
import { canRecord, MeetingRecorder, type RecordedSource, type RecorderProgress } from "../client/recorder";
import type { MeetingState } from "../client/session";
import type { LocalMedia } from "../client/use-meeting";

type Policy = RecordingView["policy"];

/** A recording call; its refusal comes back as the server's sentence. */
async function post(path: string, body: unknown): Promise<{ ok: boolean; error?: string }> {
  try {
    await apiFetch(path, { method: "POST", body });
    return { ok: true };
  } catch (failure) {
    return { ok: false, error: failure instanceof ApiError ? (failure.error ?? failure.message) : String(failure) };
  }
}

/** Whether the host's browser may begin: everyone asked has answered, and under "require-all" agreed. */
function readyToRecord(recording: RecordingView) {
  return recording.consents.every((c) => !c.required || (c.decision !== null && (recording.policy === "exclude-decliners" || c.decision === "accept")));
}

/**
 * Recording with consent (issue 20): the host asks, everyone answers in a dialog that names what they agree to, the
 * host's browser records only those who agreed and sends the recording while it is made; everyone sees that it is on.
 */
export function RecordingPanel({ meetingId, state, media }: { meetingId: string; state: MeetingState; media: LocalMedia }) {
  const { t } = useTranslation("meetings");
  const recording = state.recording;
  const me = state.participants.find((p) => p.id === state.you);
  const isHost = state.role === "host";
  const mine = recording?.consents.find((c) => c.userId === me?.userId);
  const active = recording?.status === "consent" || recording?.status === "recording";
  const [asking, setAsking] = useState(false);
  const [policy, setPolicy] = useState<Policy>("exclude-decliners");
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<RecorderProgress | null>(null);
  const recorder = useRef<MeetingRecorder | null>(null);
  const base = recording ? `/api/meetings/${meetingId}/recordings/${recording.id}` : null;

  // The host's browser starts once everyone has answered, and keeps the mix to those who agreed.
  const agreed = new Set(recording?.consents.filter((c) => c.decision === "accept").map((c) => c.userId));
  const sources: RecordedSource[] = [
    ...(media.stream && me ? [{ id: "self", name: me.name, stream: media.stream }] : []),
    ...state.participants
      .filter((p) => p.id !== state.you && agreed.has(p.userId) && state.streams[p.id])
      .map((p) => ({ id: p.id, name: p.name, stream: state.streams[p.id] })),
  ];
  const shouldRecord = isHost && !!recording && active && recording.startedBy === me?.userId && readyToRecord(recording);
  useEffect(() => {
    if (!shouldRecord || !base || recorder.current) return;
    const next = new MeetingRecorder(base, setProgress, setError);
    recorder.current = next;
    next.setSources(sources);
    next.start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- started once per recording; the sources follow below
  }, [shouldRecord, base]);
  useEffect(() => {
    recorder.current?.setSources(sources);
  });
  useEffect(() => {
    if (!active && recorder.current) {
      recorder.current.dispose();
      recorder.current = null;
    }
  }, [active]);
  useEffect(() => () => recorder.current?.dispose(), []);

  async function ask() {
    setError(null);
    const result = await post(`/api/meetings/${meetingId}/recordings`, { policy });
    if (!result.ok) setError(result.error ?? null);
    setAsking(false);
  }

  async function answer(decision: "accept" | "decline") {
    if (!base) return;
    const result = await post(`${base}/consent`, { decision });
    if (!result.ok) setError(result.error ?? null);
  }

  async function stop() {
    const current = recorder.current;
    recorder.current = null;
    if (current) await current.stop();
    else if (base) await post(`${base}/${recording?.status === "consent" ? "cancel" : "complete"}`, {});
  }

  const seconds = Math.floor((progress?.elapsedMs ?? 0) / 1000);
  return (
    <section aria-label={t("recording.heading")} className="grid gap-2" data-testid="recording-panel">
      {recording?.status === "recording" ? (
        <p role="status" className="m-0 flex items-center gap-2 font-medium text-red-700 dark:text-red-400" data-testid="recording-on">
          <Circle aria-hidden="true" className="h-3 w-3 fill-current" />
          {t("recording.on")}
          {isHost && progress
            ? ` · ${t("recording.progress", { minutes: Math.floor(seconds / 60), seconds: String(seconds % 60).padStart(2, "0"), chunks: progress.chunksSent })}`
            : ""}
        </p>
      ) : null}
      {recording?.status === "consent" ? (
        <div role="status" className="m-0 rounded-md border border-solid border-border bg-muted p-2 text-sm" data-testid="recording-asking">
          <p className="m-0">{t(recording.policy === "require-all" ? "recording.askingAll" : "recording.asking")}</p>
          <ul className="m-0 mt-1 list-none p-0">
            {recording.consents.map((c) => (
              <li key={c.userId}>{t(`recording.answer.${c.decision ?? "waiting"}`, { name: c.name })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {recording?.status === "complete" && recording.documentId ? (
        <p role="status" className="m-0 text-sm" data-testid="recording-filed">
          {t("recording.filed")} <Link to={`/documents/${recording.documentId}`}>{t("recording.open")}</Link>
        </p>
      ) : null}
      {recording?.status === "cancelled" ? (
        <p role="status" className="m-0 text-sm" data-testid="recording-cancelled">
          {t(recording.policy === "require-all" ? "recording.cancelledDeclined" : "recording.cancelled")}
        </p>
      ) : null}
      {progress?.failing ? <p className="m-0 text-sm">{t("recording.sendingLate")}</p> : null}
      {error ? (
        <p role="alert" className="m-0 text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {mine?.decision === "decline" && active ? <p className="m-0 text-sm">{t("recording.youDeclined")}</p> : null}
      {isHost ? (
        <div className="flex flex-wrap gap-2">
          {active ? (
            <Button variant="outline" onClick={() => void stop()} data-testid="recording-stop">
              <Square aria-hidden="true" className="h-4 w-4" />
              {recording?.status === "consent" ? t("recording.cancel") : t("recording.stop")}
            </Button>
          ) : canRecord() ? (
            <Button variant="outline" onClick={() => setAsking(true)} data-testid="recording-start">
              <Circle aria-hidden="true" className="h-4 w-4" />
              {t("recording.start")}
            </Button>
          ) : (
            <p className="m-0 text-sm">{t("recording.unsupported")}</p>
          )}
        </div>
      ) : null}

      <Dialog open={asking} onOpenChange={setAsking}>
        <DialogContent>
          <DialogTitle>{t("recording.askTitle")}</DialogTitle>
          <DialogDescription>{t("recording.askBody")}</DialogDescription>
          <fieldset className="m-0 grid gap-2 border-0 p-0">
            <legend className="mb-1 font-medium">{t("recording.policyLegend")}</legend>
            {(["exclude-decliners", "require-all"] as const).map((value) => (
              <label key={value} className="flex items-start gap-2">
                <input type="radio" name="policy" value={value} checked={policy === value} onChange={() => setPolicy(value)} />
                <span>{t(`recording.policy.${value}`)}</span>
              </label>
            ))}
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setAsking(false)}>
              {t("recording.notNow")}
            </Button>
            <Button onClick={() => void ask()} data-testid="recording-ask">
              {t("recording.askEveryone")}
            </Button>
          </div>
        </DialogContent>
      </Dialog>

      <Dialog open={!!recording && active && !!me && !mine?.decision}>
        <DialogContent hideClose>
          <DialogTitle>{t("recording.consentTitle")}</DialogTitle>
          <DialogDescription>{t("recording.consentText")}</DialogDescription>
          <p className="m-0 text-sm">{t(recording?.policy === "require-all" ? "recording.consentAll" : "recording.consentExclude")}</p>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => void answer("decline")} data-testid="consent-decline">
              {t("recording.decline")}
            </Button>
            <Button onClick={() => void answer("accept")} data-testid="consent-accept">
              {t("recording.accept")}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
